// Balances are never stored: an account's balance is the sum of its lines (credit-normal accounts shown
// as minus that sum, so what Songloom owes a user reads as a positive number).
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { journalEntries, journalLines, ledgerAccounts } from "../../../drizzle/schema/money";
import type { Db, Tx } from "~/server/db.server";
import { MICROS_PER_CENT } from "./post.server";

export interface UserBalances {
  /** What the user may withdraw, micro-dollars. */
  availableMicros: number;
  /** Withdrawals waiting for staff review, micro-dollars. */
  heldMicros: number;
  /** The available balance rounded down to whole cents: what a withdrawal can take. */
  withdrawableCents: number;
}

export async function userBalances(database: Db | Tx, userId: string): Promise<UserBalances> {
  const rows = await database
    .select({ kind: ledgerAccounts.kind, total: sql<string>`coalesce(sum(${journalLines.amountMicros}), 0)::bigint` })
    .from(ledgerAccounts)
    .leftJoin(journalLines, eq(journalLines.accountId, ledgerAccounts.id))
    .where(and(eq(ledgerAccounts.userId, userId), inArray(ledgerAccounts.kind, ["user_balance", "user_held"])))
    .groupBy(ledgerAccounts.kind);
  // 0 - x rather than -x: an empty account is 0, not -0.
  const owed = (kind: string) => 0 - Number(rows.find((row) => row.kind === kind)?.total ?? 0);
  const availableMicros = owed("user_balance");
  return { availableMicros, heldMicros: owed("user_held"), withdrawableCents: Math.max(0, Math.floor(availableMicros / MICROS_PER_CENT)) };
}

export interface HistoryItem {
  id: string;
  postedAt: Date;
  category: string;
  description: string;
  /** Change of the user's available balance, micro-dollars (negative for a withdrawal); a payment they made shows as minus its amount. */
  amountMicros: number;
}

/** The entries that concern a user, newest first, with the change each made to their balance. */
export async function transactionHistory(database: Db | Tx, userId: string, page: number, perPage: number): Promise<{ items: HistoryItem[]; total: number }> {
  // The change to the user's balance; for a payment they made (membership, purchase), what they paid, negative.
  const balanceChange = sql<string>`coalesce(
    nullif((select -sum(l.amount_micros) from journal_lines l join ledger_accounts a on a.id = l.account_id where l.entry_id = "journal_entries"."id" and a.user_id = ${userId} and a.kind = 'user_balance'), 0),
    (select -sum(l.amount_micros) from journal_lines l join ledger_accounts a on a.id = l.account_id where l.entry_id = "journal_entries"."id" and a.kind = 'processor_clearing' and l.amount_micros > 0),
    0)::bigint`;
  const [rows, [count]] = await Promise.all([
    database
      .select({ id: journalEntries.id, postedAt: journalEntries.postedAt, category: journalEntries.category, description: journalEntries.description, amount: balanceChange })
      .from(journalEntries)
      .where(eq(journalEntries.userId, userId))
      .orderBy(desc(journalEntries.postedAt), desc(journalEntries.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    database.select({ total: sql<number>`count(*)::int` }).from(journalEntries).where(eq(journalEntries.userId, userId)),
  ]);
  return { items: rows.map((row) => ({ ...row, amountMicros: Number(row.amount) })), total: count.total };
}
