// Staff review of withdrawals held for review (/admin/withdrawals; approve transactions). Approving sends
// the money to the bank, rejecting returns it to the balance; both need a confirmation first (a
// single-use token for this admin, this withdrawal and this decision) and write an audit row.
import { desc, eq } from "drizzle-orm";
import { users } from "../../../drizzle/schema/auth";
import { withdrawals } from "../../../drizzle/schema/money";
import { db } from "~/server/db.server";
import { consumeConfirmation, issueConfirmation } from "~/services/admin/confirmations";
import { AdminActionError } from "~/services/admin/errors";
import { approveWithdrawal, failWithdrawal, findWithdrawal } from "./payouts.server";

export type WithdrawalDecision = "approve" | "reject";

export async function listHeldWithdrawals(limit = 100) {
  return db
    .select({ id: withdrawals.id, userId: withdrawals.userId, email: users.email, amountCents: withdrawals.amountCents, createdAt: withdrawals.createdAt })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(eq(withdrawals.state, "held"))
    .orderBy(desc(withdrawals.createdAt))
    .limit(limit);
}

async function heldOrRefuse(id: string) {
  const withdrawal = await findWithdrawal(id);
  if (!withdrawal) throw new AdminActionError(404, "not_found", "No such withdrawal.");
  if (withdrawal.state !== "held") throw new AdminActionError(409, "not_held", `The withdrawal is ${withdrawal.state}, not held.`);
  return withdrawal;
}

/** Step one: checks the withdrawal is held and issues the confirmation token for this decision. */
export async function prepareWithdrawalDecision(actorId: string, id: string, decision: WithdrawalDecision, reason: string) {
  const withdrawal = await heldOrRefuse(id);
  const { token } = await issueConfirmation(db, { actorId, action: `withdrawal.${decision}`, targets: [id], params: { reason } });
  const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, withdrawal.userId));
  return { token, withdrawal: { id, amountCents: withdrawal.amountCents, email: owner?.email ?? "" }, decision, reason };
}

/** Step two: spends the token, then approves (to the bank) or rejects (back to the balance); audited. */
export async function decideHeldWithdrawal(actorId: string, id: string, decision: WithdrawalDecision, reason: string, token: string | null) {
  await heldOrRefuse(id);
  await db.transaction((tx) => consumeConfirmation(tx, token, { actorId, action: `withdrawal.${decision}`, targets: [id], params: { reason } }));
  if (decision === "approve") await approveWithdrawal(id, actorId);
  else await failWithdrawal(id, reason || "Rejected in review", actorId);
}
