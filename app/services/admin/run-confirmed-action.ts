// Runs a confirmed admin action (confirmed-actions.ts) for its targets in one transaction: the
// permission, the parameters, the confirmation token (spent in the same transaction), then each target.
// Pages (/admin/confirm) and the API (/api/admin/user/ban, …) both come through here.
import { inArray } from "drizzle-orm";
import { users } from "#drizzle/schema/auth";
import { db, type Tx } from "~/server/db.server";
import { hasPermission, type AccessSubject } from "~/server/permissions.server";
import { banUser, unbanUser } from "./ban";
import { CONFIRMED_ACTIONS, type ConfirmedAction, type ReleaseLabel } from "./confirmed-actions";
import { consumeConfirmation, issueConfirmation } from "./confirmations";
import { AdminActionError } from "./errors";
import { findUserTag, tagUsers } from "./user-tags";
import { setAccountStatus, setReleaseLabel, setWithdrawalStatus } from "./user-status";

export interface Actor extends AccessSubject {
  id: string;
}

/** Checks who may do it and what it is about; returns the parsed params. */
async function check(actor: Actor, action: ConfirmedAction, targets: string[], params: Record<string, string>, database: typeof db | Tx) {
  const definition = CONFIRMED_ACTIONS[action];
  if (!hasPermission(actor, definition.permission)) throw new AdminActionError(403, "forbidden", "You do not have permission to do this.");
  const parsed = definition.params.safeParse(params);
  if (!parsed.success) throw new AdminActionError(400, "invalid_input", parsed.error.issues[0]?.message ?? "Invalid parameters.");
  if ((action === "user.ban" || action === "user.account_status") && targets.includes(actor.id)) {
    throw new AdminActionError(400, "own_account", "You cannot do this to your own account.");
  }
  const found = await database.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, targets));
  if (found.length !== targets.length) throw new AdminActionError(404, "not_found", "One or more of these users do not exist.");
  let tagName: string | undefined;
  if (action === "user.bulk_tag") {
    const tag = await findUserTag(database, (parsed.data as Record<string, string>).tagId);
    if (!tag) throw new AdminActionError(404, "not_found", "No such tag.");
    tagName = tag.name;
  }
  return { params: parsed.data as Record<string, string>, users: found.sort((a, b) => a.email.localeCompare(b.email)), tagName };
}

export interface PreparedConfirmation {
  token: string;
  expiresAt: Date;
  action: ConfirmedAction;
  title: string;
  description: string;
  targets: string[];
  users: { id: string; email: string }[];
  params: Record<string, string>;
}

/** Step one: what will happen, and the token that lets it happen. */
export async function prepareConfirmedAction(actor: Actor, action: ConfirmedAction, targets: string[], params: Record<string, string>): Promise<PreparedConfirmation> {
  const checked = await check(actor, action, targets, params, db);
  const { token, expiresAt } = await issueConfirmation(db, { actorId: actor.id, action, targets, params: checked.params });
  const definition = CONFIRMED_ACTIONS[action];
  return { token, expiresAt, action, title: definition.title, description: definition.describe(checked.params, checked.tagName), targets, users: checked.users, params: checked.params };
}

/** Step two: runs it with the token issued in step one. */
export async function runConfirmedAction(actor: Actor, action: ConfirmedAction, targets: string[], params: Record<string, string>, token: string | null | undefined): Promise<void> {
  await db.transaction(async (tx) => {
    const checked = await check(actor, action, targets, params, tx);
    await consumeConfirmation(tx, token, { actorId: actor.id, action, targets, params: checked.params });
    const p = checked.params;
    if (action === "user.bulk_tag") return tagUsers(tx, targets, p.tagId, actor.id);
    for (const userId of targets) {
      if (action === "user.ban") await banUser(tx, userId, actor.id);
      else if (action === "user.unban") await unbanUser(tx, userId, actor.id);
      else if (action === "user.account_status") await setAccountStatus(tx, userId, p.status as "ACTIVE" | "FROZEN" | "INACTIVE", actor.id);
      else if (action === "user.withdrawal_status") await setWithdrawalStatus(tx, userId, p.status as "ACTIVE" | "INACTIVE" | "FROZEN", actor.id);
      else if (action === "user.release_label") await setReleaseLabel(tx, userId, p.label as ReleaseLabel, actor.id);
    }
  });
}
