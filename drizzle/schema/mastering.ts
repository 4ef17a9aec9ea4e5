// Mastering (spec 2 §2, §3 "Dolby file", §4 "Mastering"; docs/mastering.md). A song has at most one file
// of each type: its previews (one 30-second sample, every preset run on it) and its master (the whole
// song with the chosen preset). `song_version` is the song version a file was made from: a song edited
// since is out of sync (GET /api/song/{id}/dolby/is_in_sync). A master is only made once the song's
// mastering purchase is paid.
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { id, timestamps } from "./columns";
import { songs } from "./songs";

export const masteringFileType = pgEnum("mastering_file_type", ["dolby_previews", "dolby_master"]);
export type MasteringFileType = (typeof masteringFileType.enumValues)[number];

/**
 * waiting: nothing is being made until the user acts (a master chosen but not yet paid for or started);
 * queued → processing → ready; failed (with `error_code`: recoverable or not). The pages poll while a file
 * is neither ready nor waiting, and stop on failed.
 */
export const masteringFileStatus = pgEnum("mastering_file_status", ["waiting", "queued", "processing", "ready", "failed"]);
export type MasteringFileStatus = (typeof masteringFileStatus.enumValues)[number];

/** Loudness measured by the engine's BS.1770 meter, and the true peak. */
export interface MeasuredLoudness {
  lufs: number;
  truePeakDb: number;
}

/** One preset's preview of the sample. */
export interface PreviewFile {
  letter: string;
  key: string;
  before: MeasuredLoudness;
  after: MeasuredLoudness;
  /** Octave-band levels (dB, 0 = loudest band) of the preview: its spectrum picture. */
  spectrum: number[];
}

export interface MasteringSettings {
  intensity: number;
  platform: string;
  targetLufs: number;
}

export interface PreviewsMetadata extends MasteringSettings {
  sampleStartSeconds: number;
  sampleSeconds: number;
  /** The unmastered sample at matched loudness (A of A/B). */
  original?: { key: string; after: MeasuredLoudness; spectrum: number[] };
  previews?: PreviewFile[];
}

export interface MasterMetadata extends MasteringSettings {
  preset: string;
  before?: MeasuredLoudness;
  after?: MeasuredLoudness;
  mp3Key?: string;
  wavKey?: string;
}

export const masteringFiles = pgTable(
  "mastering_files",
  {
    id: id(),
    songId: text("song_id")
      .notNull()
      .references(() => songs.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: masteringFileType("type").notNull(),
    status: masteringFileStatus("status").notNull().default("queued"),
    songVersion: integer("song_version").notNull(),
    metadata: jsonb("metadata").$type<PreviewsMetadata | MasterMetadata>().notNull(),
    /** Why it failed: one of the page's error codes (ERROR_LOADING_PREVIEW, ERROR_PROCESSING…). */
    errorCode: text("error_code"),
    ...timestamps,
  },
  (table) => [uniqueIndex("mastering_files_song_type").on(table.songId, table.type)],
);
export type MasteringFile = typeof masteringFiles.$inferSelect;

export const masteringPurchaseStatus = pgEnum("mastering_purchase_status", ["pending", "paid"]);

/** One paid mastering of one song (non-refundable); the Master Song step needs a paid one. */
export const masteringPurchases = pgTable(
  "mastering_purchases",
  {
    id: id(),
    songId: text("song_id")
      .notNull()
      .references(() => songs.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    preset: text("preset").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("usd"),
    status: masteringPurchaseStatus("status").notNull().default("pending"),
    /** The payment provider's reference (Stripe Checkout session id). */
    providerReference: text("provider_reference"),
    paidAt: timestamp("paid_at", { withTimezone: true, mode: "date" }),
    ...timestamps,
  },
  (table) => [
    index("mastering_purchases_song").on(table.songId, table.status),
    uniqueIndex("mastering_purchases_reference").on(table.providerReference).where(sql`${table.providerReference} is not null`),
  ],
);
export type MasteringPurchase = typeof masteringPurchases.$inferSelect;
