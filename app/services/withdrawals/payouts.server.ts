// Withdrawals (POST /api/user/withdrawal): the available balance, rounded down to cents, goes to the
// user's bank through Stripe Connect (a transfer to their connected account, then a payout from it).
// States and the ledger entry each posts (reference withdrawal:<id>:<state>):
//   requested  user_balance -> payouts_in_flight   (sent to Stripe)
//   held       user_balance -> user_held           (large amounts, waiting for staff)
//   requested  user_held -> payouts_in_flight      (staff approved a held one)
//   paid       payouts_in_flight -> processor_clearing (the bank has it)
//   failed     payouts_in_flight (or user_held) -> user_balance (funds back)
// Two requests at once cannot overdraw: the user's balance account row is locked (SELECT ... FOR UPDATE)
// while the balance is read and the withdrawal posted, so the second waits and then sees the first.
import { and, eq, sql } from "drizzle-orm";
import Stripe from "stripe";
import { users } from "../../../drizzle/schema/auth";
import { identityVerifications, withdrawals, type Withdrawal } from "../../../drizzle/schema/money";
import { recordAdminAction } from "~/services/admin/audit";
import { db, rawRows, type Tx } from "~/server/db.server";
import { isFlagActive } from "~/server/flags.server";
import { ApiError } from "~/server/http.server";
import { accountId, debitCredit, MICROS_PER_CENT, PAYOUTS_IN_FLIGHT, postEntry, PROCESSOR_CLEARING, userBalanceAccount, userBalances, userHeldAccount } from "~/services/ledger";
import { getStripe } from "~/services/billing/stripe.server";
import { connectAccountId, listExternalAccounts } from "./external-accounts.server";
import { FROZEN_MESSAGE, KYC_THRESHOLD_CENTS, MINIMUM_WITHDRAWAL_CENTS, REVIEW_THRESHOLD_CENTS } from "./rules";
import { formatUsd } from "~/content/plans";
import { emitWithdrawalPaid } from "../webhooks/emit.server";

export interface WithdrawalRequest {
  amountCents: number;
  externalAccountId: string;
}

export async function requestWithdrawal(userId: string, request: WithdrawalRequest): Promise<Withdrawal> {
  if (!Number.isInteger(request.amountCents) || request.amountCents < MINIMUM_WITHDRAWAL_CENTS) {
    throw new ApiError(400, "invalid_input", "Some fields are invalid.", { amount: [`The minimum withdrawal is ${formatUsd(MINIMUM_WITHDRAWAL_CENTS)}.`] });
  }
  await assertNotFrozen(userId);
  if (request.amountCents > KYC_THRESHOLD_CENTS && (await isFlagActive("enable_kyc_verification_service"))) {
    const [verification] = await db.select({ status: identityVerifications.status }).from(identityVerifications).where(eq(identityVerifications.userId, userId));
    if (verification?.status !== "APPROVED") {
      throw new ApiError(403, "verification_required", `Withdrawals over ${formatUsd(KYC_THRESHOLD_CENTS)} need a verified identity. Verify your identity first.`);
    }
  }
  const banks = await listExternalAccounts(userId);
  if (!banks.some((bank) => bank.id === request.externalAccountId)) {
    throw new ApiError(400, "invalid_input", "Some fields are invalid.", { externalAccountId: ["Choose one of your bank accounts."] });
  }
  // Made before the transaction, so the row exists to be locked.
  const balanceAccount = await accountId(db, userBalanceAccount(userId));
  const held = request.amountCents >= REVIEW_THRESHOLD_CENTS;
  const withdrawal = await db.transaction(async (tx) => {
    await rawRows(tx, sql`select id from ledger_accounts where id = ${balanceAccount} for update`);
    await assertNotFrozen(userId, tx);
    const { withdrawableCents } = await userBalances(tx, userId);
    if (request.amountCents > withdrawableCents) {
      throw new ApiError(409, "insufficient_balance", `You can withdraw at most ${formatUsd(withdrawableCents)}.`, { amount: [`Your available balance is ${formatUsd(withdrawableCents)}.`] });
    }
    const [created] = await tx
      .insert(withdrawals)
      .values({ userId, amountCents: request.amountCents, state: held ? "held" : "requested", externalAccountId: request.externalAccountId })
      .returning();
    await postEntry(tx, {
      reference: `withdrawal:${created.id}:${created.state}`,
      description: held ? "Withdrawal held for review" : "Withdrawal to your bank",
      category: "withdrawal",
      userId,
      lines: debitCredit(userBalanceAccount(userId), held ? userHeldAccount(userId) : PAYOUTS_IN_FLIGHT, request.amountCents * MICROS_PER_CENT),
    });
    return created;
  });
  if (withdrawal.state === "requested") await sendPayout(withdrawal.id);
  return (await findWithdrawal(withdrawal.id))!;
}

async function assertNotFrozen(userId: string, database: typeof db | Tx = db): Promise<void> {
  const [user] = await database.select({ accountStatus: users.accountStatus, withdrawalStatus: users.withdrawalStatus }).from(users).where(eq(users.id, userId));
  if (!user || user.accountStatus !== "ACTIVE" || user.withdrawalStatus !== "ACTIVE") throw new ApiError(403, "withdrawals_frozen", FROZEN_MESSAGE);
}

export async function findWithdrawal(id: string): Promise<Withdrawal | null> {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  return row ?? null;
}

/** Staff approve a held withdrawal: it is sent to the bank. */
export async function approveWithdrawal(id: string, actorId?: string): Promise<Withdrawal> {
  await db.transaction(async (tx) => {
    const [row] = await rawRows<{ state: string; user_id: string; amount_cents: number }>(tx, sql`select state, user_id, amount_cents from withdrawals where id = ${id} for update`);
    if (!row) throw new ApiError(404, "not_found", "No such withdrawal.");
    if (row.state !== "held") throw new ApiError(409, "not_held", `The withdrawal is ${row.state}, not held.`);
    await tx.update(withdrawals).set({ state: "requested" }).where(eq(withdrawals.id, id));
    if (actorId) await recordAdminAction(tx, { actorId, action: "withdrawal_approved", targetType: "user", targetId: row.user_id, before: { withdrawalId: id, state: "held" }, after: { withdrawalId: id, state: "requested", amountCents: Number(row.amount_cents) } });
    await postEntry(tx, {
      reference: `withdrawal:${id}:requested`,
      description: "Withdrawal approved and sent to your bank",
      category: "withdrawal",
      userId: row.user_id,
      lines: debitCredit(userHeldAccount(row.user_id), PAYOUTS_IN_FLIGHT, Number(row.amount_cents) * MICROS_PER_CENT),
    });
  });
  await sendPayout(id);
  return (await findWithdrawal(id))!;
}

/** Staff reject a held withdrawal, or the payment provider refuses one: the money goes back to the balance. */
export async function failWithdrawal(id: string, reason: string, actorId?: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await rawRows<{ state: string; user_id: string; amount_cents: number }>(tx, sql`select state, user_id, amount_cents from withdrawals where id = ${id} for update`);
    if (!row || (row.state !== "held" && row.state !== "requested")) return;
    await tx.update(withdrawals).set({ state: "failed", failureReason: reason }).where(eq(withdrawals.id, id));
    // Staff rejecting a held withdrawal (actorId) is audited; a provider's refusal is not a staff action.
    if (actorId) await recordAdminAction(tx, { actorId, action: "withdrawal_rejected", targetType: "user", targetId: row.user_id, before: { withdrawalId: id, state: row.state }, after: { withdrawalId: id, state: "failed", reason } });
    await postEntry(tx, {
      reference: `withdrawal:${id}:failed`,
      description: `Withdrawal failed, funds returned: ${reason}`,
      category: "withdrawal",
      userId: row.user_id,
      lines: debitCredit(row.state === "held" ? userHeldAccount(row.user_id) : PAYOUTS_IN_FLIGHT, userBalanceAccount(row.user_id), Number(row.amount_cents) * MICROS_PER_CENT),
    });
  });
}

async function sendPayout(id: string): Promise<void> {
  const withdrawal = (await findWithdrawal(id))!;
  const account = await connectAccountId(withdrawal.userId);
  const stripe = getStripe();
  try {
    if (!account) throw new Error("The user has no payout account");
    const transfer = await stripe.transfers.create(
      { amount: withdrawal.amountCents, currency: "usd", destination: account, metadata: { withdrawal_id: id } },
      { idempotencyKey: `songloom-withdrawal-transfer-${id}` },
    );
    await db.update(withdrawals).set({ stripeTransferId: transfer.id }).where(eq(withdrawals.id, id));
    const payout = await stripe.payouts.create(
      { amount: withdrawal.amountCents, currency: "usd", destination: withdrawal.externalAccountId, metadata: { withdrawal_id: id } },
      { stripeAccount: account, idempotencyKey: `songloom-withdrawal-payout-${id}` },
    );
    await db.update(withdrawals).set({ stripePayoutId: payout.id }).where(and(eq(withdrawals.id, id)));
  } catch (error) {
    const reason = error instanceof Stripe.errors.StripeError ? error.message : "The payout could not be sent";
    console.error(`Withdrawal ${id}: ${reason}`, error instanceof Stripe.errors.StripeError ? "" : error);
    await failWithdrawal(id, reason);
  }
}

/** payout.paid / payout.failed webhooks (Connect events): the bank's answer. */
export async function settlePayout(payout: Stripe.Payout): Promise<void> {
  const id = payout.metadata?.withdrawal_id;
  if (!id) return;
  if (payout.status === "failed") return failWithdrawal(id, payout.failure_message ?? "The bank refused the payout");
  if (payout.status !== "paid") return;
  await db.transaction(async (tx) => {
    const [row] = await rawRows<{ state: string; user_id: string; amount_cents: number }>(tx, sql`select state, user_id, amount_cents from withdrawals where id = ${id} for update`);
    if (row?.state !== "requested") return;
    await tx.update(withdrawals).set({ state: "paid", stripePayoutId: payout.id }).where(eq(withdrawals.id, id));
    await postEntry(tx, {
      reference: `withdrawal:${id}:paid`,
      description: "Withdrawal paid to your bank",
      category: "withdrawal",
      userId: row.user_id,
      lines: debitCredit(PAYOUTS_IN_FLIGHT, PROCESSOR_CLEARING, Number(row.amount_cents) * MICROS_PER_CENT),
    });
    await emitWithdrawalPaid(tx, { id, userId: row.user_id, amountCents: Number(row.amount_cents), currency: "usd", paidAt: new Date() });
  });
}

export async function recentWithdrawals(userId: string, limit = 10): Promise<Withdrawal[]> {
  return db.select().from(withdrawals).where(eq(withdrawals.userId, userId)).orderBy(sql`${withdrawals.createdAt} desc`).limit(limit);
}
