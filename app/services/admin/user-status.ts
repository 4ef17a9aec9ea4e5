// Account status, withdrawal status and distribution label of one user (spec 3 §4), each audited with
// the value before and after. BANNED is not settable here: it comes only with a ban, which unban reverses.
import { eq } from "drizzle-orm";
import { users } from "#drizzle/schema/auth";
import type { Db, Tx } from "~/server/db.server";
import { recordAdminAction } from "./audit";
import type { ReleaseLabel } from "./confirmed-actions";
import { AdminActionError } from "./errors";

type Field = "accountStatus" | "withdrawalStatus" | "releaseLabel";
const ACTION: Record<Field, string> = { accountStatus: "account_status", withdrawalStatus: "withdrawal_status", releaseLabel: "release_label" };

async function setUserField<F extends Field>(tx: Db | Tx, userId: string, field: F, value: (typeof users.$inferSelect)[F], actorId: string | null) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AdminActionError(404, "not_found", "No such user.");
  if (user.accountStatus === "BANNED") {
    throw new AdminActionError(409, "banned", `${user.email} is banned: unban them first (unbanning restores what the ban changed).`);
  }
  await tx.update(users).set({ [field]: value }).where(eq(users.id, userId));
  await recordAdminAction(tx, { actorId, action: ACTION[field], targetType: "user", targetId: userId, before: { [field]: user[field] }, after: { [field]: value } });
}

export function setAccountStatus(tx: Db | Tx, userId: string, status: "ACTIVE" | "FROZEN" | "INACTIVE", actorId: string | null) {
  return setUserField(tx, userId, "accountStatus", status, actorId);
}

export function setWithdrawalStatus(tx: Db | Tx, userId: string, status: "ACTIVE" | "INACTIVE" | "FROZEN", actorId: string | null) {
  return setUserField(tx, userId, "withdrawalStatus", status, actorId);
}

export function setReleaseLabel(tx: Db | Tx, userId: string, label: ReleaseLabel, actorId: string | null) {
  return setUserField(tx, userId, "releaseLabel", label, actorId);
}
