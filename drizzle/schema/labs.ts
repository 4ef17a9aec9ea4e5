// Songloom Labs (spec 2 §2, §6, §7; spec 3 §3 User.hasAccessToLabs): experimental generations made outside
// the create flow, which a user with labs access finds in their library, plays, downloads and renames.
//
// Access is a row per user rather than a users column, so granting and revoking it is one insert or delete
// and the users table stays the accounts domain's. A generation's audio lives in media storage (the row keeps
// the storage keys), like a song's; the Labs generator writes these rows, the library only reads, streams
// and renames them.
import { index, jsonb, pgTable, real, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { id, timestamps } from "./columns";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const labsAccess = pgTable("labs_access", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  grantedAt: at("granted_at").notNull().defaultNow(),
});

/** Storage keys of a generation's files: what GET /api/labs/generations/{id}/download?format= streams. */
export interface LabsGenerationFiles {
  mp3: string;
  wav?: string;
}

export const labsGenerations = pgTable(
  "labs_generations",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** "New Song" is an unnamed generation, as for songs (spec 2 §3). */
    songName: text("song_name").notNull().default("New Song"),
    artistName: text("artist_name"),
    /** What the user asked the Labs generator for. */
    prompt: text("prompt"),
    durationSeconds: real("duration_seconds"),
    files: jsonb("files").$type<LabsGenerationFiles>().notNull(),
    /** About 100 min/max pairs for the list's waveform, like songs.wave_preview. */
    wavePreview: jsonb("wave_preview").$type<number[]>(),
    ...timestamps,
  },
  (table) => [index("labs_generations_user_created").on(table.userId, table.createdAt)],
);
export type LabsGeneration = typeof labsGenerations.$inferSelect;
