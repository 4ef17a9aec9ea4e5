// Ledger accounts are made on first use: one per (kind, user, store). Songloom's own accounts have no user.
import { and, eq, isNull } from "drizzle-orm";
import { ledgerAccounts } from "../../../drizzle/schema/money";
import type { Db, Tx } from "~/server/db.server";

export type AccountKind = (typeof ledgerAccounts.$inferSelect)["kind"];

export interface AccountRef {
  kind: AccountKind;
  userId?: string | null;
  store?: string;
}

export function userBalanceAccount(userId: string): AccountRef {
  return { kind: "user_balance", userId };
}
export function userHeldAccount(userId: string): AccountRef {
  return { kind: "user_held", userId };
}
export const PLATFORM_REVENUE: AccountRef = { kind: "platform_revenue" };
export const PAYOUTS_IN_FLIGHT: AccountRef = { kind: "payouts_in_flight" };
export const PROCESSOR_CLEARING: AccountRef = { kind: "processor_clearing" };
/** Royalties of report lines that matched no song, held until staff approve them onto one. */
export const ROYALTIES_UNMATCHED: AccountRef = { kind: "royalties_unmatched" };
export function storeReceivables(store: string): AccountRef {
  return { kind: "store_receivables", store };
}

/** The account's id, creating the account the first time it is needed (races settle on the unique index). */
export async function accountId(database: Db | Tx, ref: AccountRef): Promise<string> {
  const userId = ref.userId ?? null;
  const store = ref.store ?? "";
  const where = and(eq(ledgerAccounts.kind, ref.kind), userId === null ? isNull(ledgerAccounts.userId) : eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.store, store));
  const [found] = await database.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where);
  if (found) return found.id;
  // The only conflict possible is ledger_accounts_identity: someone else made it first.
  await database.insert(ledgerAccounts).values({ kind: ref.kind, userId, store }).onConflictDoNothing();
  const [created] = await database.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where);
  return created.id;
}
