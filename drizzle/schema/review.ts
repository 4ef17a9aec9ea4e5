// Staff review of submitted releases (spec 3 §2 "Release review", §7 POST/DELETE
// /admin/user/{id}/releases/review; issue 18): who is reviewing a user's releases right now, and what the
// automatic audio checks measured for each song version (so a reviewer's page does not decode every
// track again on every visit).
import { index, integer, pgTable, real, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { songs } from "./songs";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * The review lock of one user's releases: while `adminId` holds it (until `expiresAt`), other staff see
 * who and the server refuses their review actions. An abandoned lock simply lapses; the holder's page
 * renews it while it stays open.
 */
export const releaseReviewLocks = pgTable("release_review_locks", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  adminId: text("admin_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  expiresAt: at("expires_at").notNull(),
  createdAt: at("created_at").notNull().defaultNow(),
});
export type ReleaseReviewLock = typeof releaseReviewLocks.$inferSelect;

/** What the engine's meters measured of one version of a song's WAV (the file stores receive). */
export const songAudioChecks = pgTable(
  "song_audio_checks",
  {
    songId: text("song_id")
      .primaryKey()
      .references(() => songs.id, { onDelete: "cascade" }),
    songVersion: integer("song_version").notNull(),
    /** SHA-256 of the WAV bytes: the same audio on two songs has the same hash (duplicate check). */
    wavSha256: text("wav_sha256").notNull(),
    durationSeconds: real("duration_seconds").notNull(),
    integratedLufs: real("integrated_lufs"),
    peakDbfs: real("peak_dbfs"),
    /** Samples at or above full scale (clipping). */
    clippedSamples: integer("clipped_samples").notNull(),
    /** The longest stretch below the silence threshold, and the silence at the start and end. */
    longestSilenceSeconds: real("longest_silence_seconds").notNull(),
    leadingSilenceSeconds: real("leading_silence_seconds").notNull(),
    trailingSilenceSeconds: real("trailing_silence_seconds").notNull(),
    checkedAt: at("checked_at").notNull().defaultNow(),
  },
  (table) => [index("song_audio_checks_hash").on(table.wavSha256)],
);
export type SongAudioCheck = typeof songAudioChecks.$inferSelect;
