// Royalties from store reports (spec 3 §7 "Royalties"; docs/money.md "Royalties"). A store's usage report
// (a DSR-style CSV) is registered once per content hash, imported in chunks that each commit their
// rollups, held lines, ledger entries and progress together, and can therefore resume after a crash and
// never count a line twice. Amounts are integer micro-dollars, like the ledger.
import { sql } from "drizzle-orm";
import { bigint, date, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { id, timestamps } from "./columns";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const micros = (name: string) => bigint(name, { mode: "number" });

/** pending: registered, waiting for staff approval or the job; processing: chunks being imported; complete. */
export const royaltyReportStatus = pgEnum("royalty_report_status", ["pending", "processing", "complete", "failed"]);

export const royaltyReports = pgTable(
  "royalty_reports",
  {
    id: id(),
    /** SHA-256 of the file's bytes: the same report registered again (any name) is this row. */
    sha256: text("sha256").notNull(),
    fileName: text("file_name").notNull(),
    /** Where the file was read from (the store's report folder); the import reads it again from here. */
    path: text("path").notNull(),
    /** The store's statement reference (spec 3 §3 "Royalty report: reference"); referenceId of the process call. */
    reference: text("reference"),
    /** Songloom's account at the store the report was sent to (spec 3 §3 "account"), from the file name. */
    account: text("account"),
    status: royaltyReportStatus("status").notNull().default("pending"),
    /** The statement date staff process it for (the process call's `date`). */
    statementDate: date("statement_date", { mode: "string" }),
    /** Data lines read and committed so far; a resumed import skips these. */
    linesDone: integer("lines_done").notNull().default(0),
    linesMatched: integer("lines_matched").notNull().default(0),
    linesHeld: integer("lines_held").notNull().default(0),
    streams: bigint("streams", { mode: "number" }).notNull().default(0),
    grossMicros: micros("gross_micros").notNull().default(0),
    creatorMicros: micros("creator_micros").notNull().default(0),
    heldMicros: micros("held_micros").notNull().default(0),
    firstDay: date("first_day", { mode: "string" }),
    lastDay: date("last_day", { mode: "string" }),
    approvedBy: text("approved_by").references(() => users.id),
    approvedAt: at("approved_at"),
    completedAt: at("completed_at"),
    error: text("error"),
    ...timestamps,
  },
  (table) => [uniqueIndex("royalty_reports_sha256").on(table.sha256), index("royalty_reports_status").on(table.status, table.createdAt)],
);
export type RoyaltyReport = typeof royaltyReports.$inferSelect;

/**
 * Streams and money per song, store, territory and day: what staff look up by date, ISRC and UPC. The
 * account pages read the coarser stream_daily (per store family, no territory) the same import fills.
 */
export const royaltyStreams = pgTable(
  "royalty_streams",
  {
    songId: text("song_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    isrc: text("isrc").notNull(),
    upc: text("upc").notNull(),
    /** The store as the report names it, lower-cased (spotify, apple_music, deezer, tidal, …). */
    store: text("store").notNull(),
    /** ISO 3166-1 alpha-2. */
    territory: text("territory").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    streams: bigint("streams", { mode: "number" }).notNull().default(0),
    grossMicros: micros("gross_micros").notNull().default(0),
    creatorMicros: micros("creator_micros").notNull().default(0),
  },
  // The key starts with the day, so it also serves date-range lookups: one index fewer to keep up to
  // date for every row an import writes.
  (table) => [
    primaryKey({ columns: [table.day, table.songId, table.store, table.territory] }),
    index("royalty_streams_isrc").on(table.isrc, table.day),
    index("royalty_streams_upc").on(table.upc, table.day),
  ],
);

export const royaltyHeldStatus = pgEnum("royalty_held_status", ["held", "approved"]);

/**
 * Report lines that matched no live song (unknown ISRC/UPC) or could not be read: kept whole, their money
 * parked in the ledger's royalties_unmatched account, until staff approve them onto a song.
 */
export const royaltyHeldLines = pgTable(
  "royalty_held_lines",
  {
    id: id(),
    reportId: text("report_id")
      .notNull()
      .references(() => royaltyReports.id),
    /** 1-based data line number in the report. */
    lineNo: integer("line_no").notNull(),
    store: text("store").notNull(),
    territory: text("territory").notNull(),
    isrc: text("isrc").notNull(),
    upc: text("upc").notNull(),
    usageType: text("usage_type").notNull(),
    /** The line's fields as read, for lines that could not be read (count/revenue/period not numbers). */
    raw: text("raw").notNull(),
    streams: integer("streams").notNull().default(0),
    grossMicros: micros("gross_micros").notNull().default(0),
    day: date("day", { mode: "string" }),
    reason: text("reason").notNull(),
    status: royaltyHeldStatus("status").notNull().default("held"),
    songId: text("song_id"),
    decidedBy: text("decided_by").references(() => users.id),
    decidedAt: at("decided_at"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [uniqueIndex("royalty_held_lines_line").on(table.reportId, table.lineNo), index("royalty_held_lines_status").on(table.status, table.createdAt)],
);
export type RoyaltyHeldLine = typeof royaltyHeldLines.$inferSelect;
