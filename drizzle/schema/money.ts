// The money a user earns and withdraws (spec 2 §2, §7; spec 3 §7): a double-entry ledger, withdrawals,
// payout accounts on Stripe Connect, identity checks and the daily stream/revenue rollup royalties fill.
// Amounts are integer micro-dollars (1 USD = 1,000,000): per-stream royalties are fractions of a cent.
// See docs/money.md for the accounts and the flow of a stream to a withdrawal.
import { sql } from "drizzle-orm";
import { bigint, check, date, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { id, timestamps } from "./columns";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const micros = (name: string) => bigint(name, { mode: "number" });

/**
 * user_balance, user_held: what Songloom owes a user (available, and held for review);
 * platform_revenue: Songloom's own income; store_receivables: royalties stores owe us, per store;
 * payouts_in_flight: withdrawals sent to the payment provider and not yet settled;
 * processor_clearing: money on our payment processor account (card payments in, payouts out);
 * royalties_unmatched: royalties of report lines that matched no song, held until staff approve them.
 */
export const ledgerAccountKind = pgEnum("ledger_account_kind", [
  "user_balance",
  "user_held",
  "platform_revenue",
  "store_receivables",
  "payouts_in_flight",
  "processor_clearing",
  "royalties_unmatched",
]);

export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: id(),
    kind: ledgerAccountKind("kind").notNull(),
    /** The user of user_balance / user_held; null for Songloom's own accounts. No cascade: the books stay. */
    userId: text("user_id").references(() => users.id),
    /** The store of a store_receivables account (spotify, apple_music, ...); "" otherwise. */
    store: text("store").notNull().default(""),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [uniqueIndex("ledger_accounts_identity").on(table.kind, sql`coalesce(${table.userId}, '')`, table.store)],
);
export type LedgerAccount = typeof ledgerAccounts.$inferSelect;

/** One business event (a royalty, a payment, a withdrawal step). `reference` makes posting idempotent. */
export const journalEntries = pgTable(
  "journal_entries",
  {
    id: id(),
    /** What caused it, unique: "stripe:invoice:in_…", "withdrawal:<id>:paid", "royalty:<report>:<line>". */
    reference: text("reference").notNull(),
    description: text("description").notNull(),
    /** Shown in the user's transaction history: royalty, membership, withdrawal, song_purchase, adjustment. */
    category: text("category").notNull(),
    /** The user it concerns (their royalty, payment or withdrawal): their transaction history lists it. */
    userId: text("user_id"),
    postedAt: at("posted_at").notNull().defaultNow(),
  },
  (table) => [uniqueIndex("journal_entries_reference").on(table.reference), index("journal_entries_posted").on(table.postedAt), index("journal_entries_user").on(table.userId, table.postedAt)],
);

/**
 * Lines of an entry; debits positive, credits negative; an entry's lines sum to zero (a deferred
 * constraint trigger in migration 0009 checks it at commit) and are never updated or deleted.
 */
export const journalLines = pgTable(
  "journal_lines",
  {
    id: id(),
    entryId: text("entry_id")
      .notNull()
      .references(() => journalEntries.id),
    accountId: text("account_id")
      .notNull()
      .references(() => ledgerAccounts.id),
    amountMicros: micros("amount_micros").notNull(),
  },
  (table) => [index("journal_lines_account").on(table.accountId), index("journal_lines_entry").on(table.entryId), check("journal_lines_nonzero", sql`${table.amountMicros} <> 0`)],
);

export const withdrawalState = pgEnum("withdrawal_state", ["requested", "held", "paid", "failed"]);

export const withdrawals = pgTable(
  "withdrawals",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    /** Whole cents: the ledger rounds down to cents here, the remainder stays in the balance. */
    amountCents: integer("amount_cents").notNull(),
    state: withdrawalState("state").notNull(),
    /** The Stripe external account (bank) it goes to; its details live at Stripe only. */
    externalAccountId: text("external_account_id").notNull(),
    stripeTransferId: text("stripe_transfer_id"),
    stripePayoutId: text("stripe_payout_id"),
    failureReason: text("failure_reason"),
    ...timestamps,
  },
  (table) => [index("withdrawals_user").on(table.userId, table.createdAt), check("withdrawals_positive", sql`${table.amountCents} > 0`)],
);
export type Withdrawal = typeof withdrawals.$inferSelect;

/** The user's Stripe Connect account that receives payouts. Bank details are only at Stripe. */
export const payoutAccounts = pgTable("payout_accounts", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id),
  stripeAccountId: text("stripe_account_id").notNull().unique(),
  ...timestamps,
});

/** verificationStatus of spec 2 §3 (REQUESTED, FAILED, APPROVED) and the identity provider's inquiry. */
export const verificationStatus = pgEnum("verification_status", ["REQUESTED", "FAILED", "APPROVED"]);
export const identityVerifications = pgTable("identity_verifications", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  status: verificationStatus("status").notNull(),
  inquiryId: text("inquiry_id").notNull(),
  /** Staff member who set the status by hand, if any. */
  decidedBy: text("decided_by"),
  ...timestamps,
});

/**
 * Streams and revenue per user, song, store and day: the rollup the account pages and stats calls read
 * (never the raw report lines). Royalty imports add to it in the same transaction as the ledger credit.
 */
export const streamDaily = pgTable(
  "stream_daily",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    songId: text("song_id").notNull(),
    /** amazon, youtube_ad, spotify, apple_music or other (spec 2 §3). */
    store: text("store").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    streams: integer("streams").notNull().default(0),
    revenueMicros: micros("revenue_micros").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.songId, table.store, table.day] }), index("stream_daily_user_day").on(table.userId, table.day)],
);

/**
 * stream_daily summed per calendar month: what the account overview's all-time and month figures and top
 * songs read, so they stay fast with years of daily rows. Every writer of stream_daily adds the same
 * amounts here in the same transaction (app/services/ledger/rollups.server.ts).
 */
export const streamMonthly = pgTable(
  "stream_monthly",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    songId: text("song_id").notNull(),
    store: text("store").notNull(),
    /** The first day of the month. */
    month: date("month", { mode: "string" }).notNull(),
    streams: bigint("streams", { mode: "number" }).notNull().default(0),
    revenueMicros: micros("revenue_micros").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.songId, table.store, table.month] }), index("stream_monthly_user_month").on(table.userId, table.month)],
);

/** numOwnershipCredits (spec 2 §3): credits a user can spend on claiming a song. Absent row = 0. */
export const ownershipCredits = pgTable(
  "ownership_credits",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    credits: integer("credits").notNull().default(0),
    ...timestamps,
  },
  (table) => [check("ownership_credits_not_negative", sql`${table.credits} >= 0`)],
);

/** One-time ownership codes (given out by staff or partners); each claims one song once. */
export const ownershipCodes = pgTable("ownership_codes", {
  code: text("code").primaryKey(),
  redeemedBy: text("redeemed_by").references(() => users.id, { onDelete: "set null" }),
  redeemedAt: at("redeemed_at"),
  createdAt: at("created_at").notNull().defaultNow(),
});

export const songOwnershipMethod = pgEnum("song_ownership_method", ["purchase", "code", "credits"]);

/**
 * Ownership of a song (POST /buy_song, /claim_song): the buyer's legal name and email as given, and how
 * it was obtained. One per song and user.
 */
export const songOwnerships = pgTable(
  "song_ownerships",
  {
    songId: text("song_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    legalName: text("legal_name").notNull(),
    email: text("email").notNull(),
    method: songOwnershipMethod("method").notNull(),
    /** The Stripe Checkout Session (purchase) or the code (code). */
    reference: text("reference"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.songId, table.userId] })],
);
