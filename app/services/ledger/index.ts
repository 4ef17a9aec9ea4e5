// The ledger's public surface (docs/money.md "Ledger").
export { accountId, PAYOUTS_IN_FLIGHT, PLATFORM_REVENUE, PROCESSOR_CLEARING, ROYALTIES_UNMATCHED, storeReceivables, userBalanceAccount, userHeldAccount, type AccountKind, type AccountRef } from "./accounts.server";
export { debitCredit, MICROS_PER_CENT, postEntry, UnbalancedEntryError, type EntryCategory, type EntryLine, type NewEntry } from "./post.server";
export { transactionHistory, userBalances, type HistoryItem, type UserBalances } from "./balances.server";
export { checkLedger, type LedgerReport } from "./check.server";
export { CREATOR_SHARE_BASIS_POINTS, postRoyaltyCredit, REVENUE_STORES, type RevenueStore, type RoyaltyCredit } from "./royalties.server";
export { byDay, byStore, monthRange, topSongs, totals, type DateRange } from "./stats.server";
export { addStreamRollups, type StreamRollupRow } from "./rollups.server";
