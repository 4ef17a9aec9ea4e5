// Lost authenticator (issue 21 §10): a roles admin resets another staff member's second factor, after a
// confirmation step (a single-use token for this admin and this staff member). The TOTP secret and
// recovery codes are deleted and the staff member's sessions lose their second-factor stamp, so their next
// admin page asks them to enrol a new authenticator. Nobody resets their own (that is what recovery codes
// are for: a stolen session must not be able to swap the factor), and only a super admin resets a super
// admin's. Audited, and recorded in the staff member's events.
import { and, eq } from "drizzle-orm";
import { userRoles } from "#drizzle/schema/access";
import { staffSecondFactors } from "#drizzle/schema/admin";
import { sessions, users } from "#drizzle/schema/auth";
import { normalizeEmail } from "~/models/user.server";
import { db, type Db, type Tx } from "~/server/db.server";
import { recordAdminAction } from "./audit";
import { consumeConfirmation, issueConfirmation } from "./confirmations";
import { AdminActionError } from "./errors";

export interface ResetActor {
  id: string;
  roles: readonly string[];
}

async function targetOf(database: Db | Tx, actor: ResetActor, email: string) {
  const [staff] = await database.select({ id: users.id, email: users.email, isAdmin: users.isAdmin }).from(users).where(eq(users.email, normalizeEmail(email)));
  if (!staff) throw new AdminActionError(404, "not_found", "No user has this email address.");
  if (!staff.isAdmin) throw new AdminActionError(409, "not_staff", "Only staff accounts have a second factor.");
  if (staff.id === actor.id) throw new AdminActionError(400, "own_account", "You cannot reset your own second factor: sign in with one of your recovery codes instead.");
  const [superAdmin] = await database.select().from(userRoles).where(and(eq(userRoles.userId, staff.id), eq(userRoles.roleId, "super_admin")));
  if (superAdmin && !actor.roles.includes("super_admin")) throw new AdminActionError(403, "forbidden", "Only a super admin can reset a super admin's second factor.");
  const [factor] = await database.select({ enabledAt: staffSecondFactors.enabledAt }).from(staffSecondFactors).where(eq(staffSecondFactors.userId, staff.id));
  return { ...staff, enrolled: Boolean(factor?.enabledAt) };
}

/** Step one: who it is, and the token that lets the reset happen. */
export async function prepareSecondFactorReset(actor: ResetActor, email: string) {
  const staff = await targetOf(db, actor, email);
  const { token } = await issueConfirmation(db, { actorId: actor.id, action: "second_factor.reset", targets: [staff.id], params: {} });
  return { token, staff: { id: staff.id, email: staff.email, enrolled: staff.enrolled } };
}

/** Step two: spends the token and resets, in one transaction. */
export async function resetSecondFactor(actor: ResetActor, email: string, token: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    const staff = await targetOf(tx, actor, email);
    await consumeConfirmation(tx, token, { actorId: actor.id, action: "second_factor.reset", targets: [staff.id], params: {} });
    await tx.delete(staffSecondFactors).where(eq(staffSecondFactors.userId, staff.id));
    await tx.update(sessions).set({ secondFactorAt: null }).where(eq(sessions.userId, staff.id));
    await recordAdminAction(tx, { actorId: actor.id, action: "second_factor_reset", targetType: "user", targetId: staff.id, before: { enrolled: staff.enrolled }, after: { enrolled: false } });
  });
}
