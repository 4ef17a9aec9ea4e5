// Lyrics and vocals of songs (spec 1 §3 Vocals and Lyrics, §4, §8; docs/vocals-flow.md).
//
// - song_lyrics: one lyrics document per song (sections of lines with timings), generated from a prompt by
//   the lyrics.generate job or written by hand; its status is what GET …/lyrics/status reports.
// - lyrics_generations: one row per generation request, for the daily limit (429).
// - vocal_files: a recorded or uploaded take (the spec's vocalFileId), decoded and stored as WAV.
// - song_vocals: a vocal made for a song, from a take (auto or custom mode) or sung by a voice from the
//   lyrics (generated vocals); the vocal.generate job moves its status forward.
// - protected_lyrics: texts admins add so generated vocals never sing them (copyright_check_error).
import { boolean, index, integer, jsonb, pgEnum, pgTable, real, text, timestamp } from "drizzle-orm/pg-core";
import type { LyricsSection } from "../../app/engine/lyrics/types";
import { users } from "./auth";
import { id, timestamps } from "./columns";
import { songs } from "./songs";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const lyricsStatus = pgEnum("lyrics_status", ["pending", "generating", "completed", "error"]);
export type LyricsStatus = (typeof lyricsStatus.enumValues)[number];

export const songLyrics = pgTable("song_lyrics", {
  songId: text("song_id")
    .primaryKey()
    .references(() => songs.id, { onDelete: "cascade" }),
  prompt: text("prompt").notNull().default(""),
  /** "None" or one of the 46 languages (app/engine/lyrics/language.ts). */
  language: text("language").notNull().default("None"),
  sections: jsonb("sections").$type<LyricsSection[]>().notNull().default([]),
  status: lyricsStatus("status").notNull().default("completed"),
  error: text("error"),
  /** The seed the generator used, so a retried job writes the same lyrics. */
  seed: integer("seed"),
  ...timestamps,
});
export type SongLyrics = typeof songLyrics.$inferSelect;

export const lyricsGenerations = pgTable(
  "lyrics_generations",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    songId: text("song_id")
      .notNull()
      .references(() => songs.id, { onDelete: "cascade" }),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [index("lyrics_generations_user").on(table.userId, table.createdAt)],
);

export const vocalFiles = pgTable("vocal_files", {
  id: id(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  /** The decoded take as 44.1 kHz WAV in media storage. */
  storageKey: text("storage_key").notNull(),
  originalName: text("original_name"),
  mimeType: text("mime_type"),
  durationSeconds: real("duration_seconds").notNull(),
  createdAt: at("created_at").notNull().defaultNow(),
});
export type VocalFile = typeof vocalFiles.$inferSelect;

export const vocalKind = pgEnum("vocal_kind", ["take", "generated"]);

/**
 * Ordered like the song statuses: updates are "set X where status < X", so a retried job never moves a
 * vocal back. `error` sorts last; the specific reason (a spec 1 §8 code) is in `errorCode`.
 */
export const vocalStatus = pgEnum("vocal_status", ["pending", "generating_vocal_melody", "generating_vocals_for_sections", "completed", "error"]);
export type VocalStatus = (typeof vocalStatus.enumValues)[number];

export interface VocalOptions {
  compositionEffect?: string;
  pitchEffect?: string;
  productionEffect?: string;
}

export const songVocals = pgTable(
  "song_vocals",
  {
    id: id(),
    songId: text("song_id")
      .notNull()
      .references(() => songs.id, { onDelete: "cascade" }),
    kind: vocalKind("kind").notNull(),
    status: vocalStatus("status").notNull().default("pending"),
    /** A spec 1 §8 code when status is error (generic_error, copyright_check_error, ...). */
    errorCode: text("error_code"),
    error: text("error"),
    vocalFileId: text("vocal_file_id").references(() => vocalFiles.id, { onDelete: "set null" }),
    voiceId: text("voice_id"),
    autoVocal: boolean("auto_vocal").notNull().default(false),
    /** 0..1: how far the vocal sits above the instrumental. */
    emphasis: real("emphasis").notNull().default(0.5),
    options: jsonb("options").$type<VocalOptions>().notNull().default({}),
    /** The lyrics a generated vocal sang, to refuse an unchanged second generation (lyrics_have_not_changed). */
    lyricsSnapshot: jsonb("lyrics_snapshot").$type<LyricsSection[]>(),
    /** Storage keys: the produced vocal alone and the song mixed with it. */
    vocalKey: text("vocal_key"),
    mixKey: text("mix_key"),
    /** Generated vocals are reviewed first; saving puts them on the song (POST …/generative_vocals/save). */
    saved: boolean("saved").notNull().default(false),
    completedAt: at("completed_at"),
    ...timestamps,
  },
  (table) => [index("song_vocals_song").on(table.songId, table.createdAt)],
);
export type SongVocal = typeof songVocals.$inferSelect;

export const protectedLyrics = pgTable("protected_lyrics", {
  id: id(),
  title: text("title").notNull(),
  artist: text("artist").notNull(),
  text: text("text").notNull(),
  addedBy: text("added_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: at("created_at").notNull().defaultNow(),
});
