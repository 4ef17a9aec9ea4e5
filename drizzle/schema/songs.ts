// Songs and the musical parts they are made of (spec 1 §3, §4; spec 2 §3 Song, §4 Library).
//
// A song is one rendering of a composition (the notes) with a production (instruments, kit, mix, effects).
// Both parts are stored once, by the engine's content-derived id, so rewrite/reproduce/render can point a
// new song at an existing part. Audio and peaks live in media storage (app/server/storage.server.ts);
// the row keeps their storage keys.
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgEnum, pgTable, real, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { Composition, Production } from "../../app/engine/types";
import { users } from "./auth";
import { id, timestamps } from "./columns";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * Creation status. Postgres orders enum values by declaration, so `status < 'complete'` compares ranks:
 * every status update is written as "set X where status < X", which is how a retried job can never move a
 * song backwards. `failed` sorts last and is only ever set on a song that has not completed.
 */
export const songStatus = pgEnum("song_status", [
  "queue",
  "composing_instrumental",
  "recording_instrumental",
  "complete",
  "failed",
]);
export type SongStatus = (typeof songStatus.enumValues)[number];

/** How a song came to be: a fresh batch, one of the three single-song variations, or the fetch pool. */
export const songOrigin = pgEnum("song_origin", ["create", "rewrite", "reproduce", "render", "pool"]);
export type SongOrigin = (typeof songOrigin.enumValues)[number];

/** Composition by engine id (`compositionId()`): identical notes are stored once. */
export const compositions = pgTable("compositions", {
  id: text("id").primaryKey(),
  data: jsonb("data").$type<Composition>().notNull(),
  createdAt: at("created_at").notNull().defaultNow(),
});

/** Production by engine id (`productionId()`). */
export const productions = pgTable("productions", {
  id: text("id").primaryKey(),
  data: jsonb("data").$type<Production>().notNull(),
  createdAt: at("created_at").notNull().defaultNow(),
});

/** The validated creation parameters a song was made from (see CreateSongSchema), kept for rewrites and edits. */
export interface StoredSongParams {
  style: string;
  filter: string;
  advanced: boolean;
  tempo?: number;
  intensity: number;
  densities: { drums: number; bass: number; chords: number; lead: number };
  humanness: number;
  ensemble: string;
  drumKit: string;
  mix: string;
  sfx: string;
  instruments?: Record<string, string>;
  drums?: Record<string, string>;
  /** Per-part linear levels set on the production page (1 = as produced). */
  levels?: Record<string, number>;
  notes?: string;
  /** The ids a rewrite (re_p), reproduce (re_c) or render (both) started from. */
  reuse?: { productionId?: string; compositionId?: string };
}

/** The media files of a complete song, as storage keys. */
export interface SongMedia {
  mp3: string;
  wav: string;
  midi: string;
  /** Full peaks (song and per segment) as JSON. */
  peaks: string;
  /** The engine's description of the song as JSON. */
  description: string;
  /**
   * Set when the version sings with a vocal (docs/vocals-flow.md): mp3, wav and peaks above are the mix, and
   * these are the same version without the vocal, which the next remix starts from.
   */
  instrumental?: { mp3: string; wav: string; peaks: string };
}

export const wavStatus = pgEnum("wav_status", ["none", "fetching", "ready", "error"]);
export type WavStatus = (typeof wavStatus.enumValues)[number];

export const songs = pgTable(
  "songs",
  {
    id: id(),
    /**
     * Owner. Null only for pooled songs (generated ahead for POST /song/fetch); fetching one sets the
     * owner and clears `pooled` in the same update.
     */
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    pooled: boolean("pooled").notNull().default(false),
    origin: songOrigin("origin").notNull().default("create"),
    status: songStatus("status").notNull().default("queue"),
    style: text("style").notNull(),
    filter: text("filter").notNull(),
    params: jsonb("params").$type<StoredSongParams>().notNull(),
    /** Composing seed; a reproduce also varies the production seed, kept in `productionSeed`. */
    seed: integer("seed").notNull(),
    productionSeed: integer("production_seed").notNull(),
    compositionId: text("composition_id").references(() => compositions.id),
    productionId: text("production_id").references(() => productions.id),
    /** Songs created by one Create click (or one variation) share a batch id; position orders the batch. */
    batchId: text("batch_id").notNull(),
    batchPosition: integer("batch_position").notNull().default(0),
    songName: text("song_name").notNull().default("New Song"),
    artistName: text("artist_name"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    private: boolean("private").notNull().default(false),
    saved: boolean("saved").notNull().default(false),
    savedAt: at("saved_at"),
    /** Set by staff to feature the song on Home (null: not featured); newest first. */
    featuredAt: at("featured_at"),
    /** Saved beyond the plan's song limit (spec 2 §4): kept, but not editable or playable until unlocked. */
    locked: boolean("locked").notNull().default(false),
    /** The user rejected it while listening (create_reject); it is never offered again. */
    rejectedAt: at("rejected_at"),
    tempo: integer("tempo"),
    key: text("key"),
    durationSeconds: real("duration_seconds"),
    media: jsonb("media").$type<SongMedia>(),
    /** About 100 min/max pairs of the whole song, small enough for lists and the share page. */
    wavePreview: jsonb("wave_preview").$type<number[]>(),
    error: text("error"),
    /**
     * The rendered version the song plays: 1 is the render from creation, each completed edit (song_versions)
     * raises it. Only ever raised ("where version < n"), so a late, older edit render cannot replace a newer one.
     */
    version: integer("version").notNull().default(1),
    /** The vocal (song_vocals) the current version sings with; null for an instrumental. */
    vocalId: text("vocal_id"),
    /** Set when the song was mastered (spec 2 §8). A paid user's mastered song is no longer editable, only copyable. */
    masteredAt: at("mastered_at"),
    /** The song this one was duplicated from (POST /api/song/{id}/copy). */
    copiedFromId: text("copied_from_id"),
    /**
     * The first seconds of the song, rendered before the whole (progressive playback, docs/create-flow.md):
     * the player starts on it and switches to the full song at the same position when it completes.
     */
    previewKey: text("preview_key"),
    previewSeconds: real("preview_seconds"),
    /** WAV export of the current version (spec 1 §4 "Song saving and wav"): none → fetching → ready | error. */
    wavStatus: wavStatus("wav_status").notNull().default("none"),
    /** Storage key of the exported WAV of `wavVersion`. */
    wavKey: text("wav_key"),
    wavVersion: integer("wav_version"),
    /** When the song became this user's: creation, or the moment a pooled song was handed out. */
    assignedAt: at("assigned_at").notNull().defaultNow(),
    completedAt: at("completed_at"),
    ...timestamps,
  },
  (table) => [
    index("songs_user_assigned").on(table.userId, table.assignedAt),
    index("songs_user_saved").on(table.userId, table.savedAt).where(sql`${table.saved}`),
    index("songs_pool").on(table.filter, table.createdAt).where(sql`${table.pooled}`),
    index("songs_batch").on(table.batchId),
  ],
);
export type Song = typeof songs.$inferSelect;
export type NewSong = typeof songs.$inferInsert;

/** Status of an edit's render. Ordered like song_status: updates are "set X where status < X". */
export const versionStatus = pgEnum("song_version_status", ["queue", "rendering", "complete", "failed"]);
export type VersionStatus = (typeof versionStatus.enumValues)[number];

/** What an edit changed, for the edit history and the A/B label. */
export const versionChange = pgEnum("song_version_change", ["production", "notes", "arrangement", "vocals"]);
export type VersionChange = (typeof versionChange.enumValues)[number];

/**
 * An edit of a song (docs/edit-flow.md): the composition and production it renders, queued by an edit
 * page or API and rendered by the song.rerender job. When it completes, the song's current media,
 * parts and `version` move to it; the song itself never leaves `complete` while an edit renders, so the
 * previous version keeps playing and stays available for A/B listening.
 */
export const songVersions = pgTable(
  "song_versions",
  {
    id: id(),
    songId: text("song_id")
      .notNull()
      .references(() => songs.id, { onDelete: "cascade" }),
    /** 2, 3, ...: the creation render is version 1 and has no row. */
    version: integer("version").notNull(),
    change: versionChange("change").notNull(),
    status: versionStatus("status").notNull().default("queue"),
    compositionId: text("composition_id")
      .notNull()
      .references(() => compositions.id),
    productionId: text("production_id")
      .notNull()
      .references(() => productions.id),
    /** The song's creation parameters after this edit (ensemble, mix... as chosen). */
    params: jsonb("params").$type<StoredSongParams>().notNull(),
    productionSeed: integer("production_seed").notNull(),
    /** The media the song played when this edit was made: the "A" of A/B listening. */
    previousMedia: jsonb("previous_media").$type<SongMedia>(),
    previousVersion: integer("previous_version").notNull(),
    /** The vocal (song_vocals) this version sings with, mixed over its instrumental; null for none. */
    vocalId: text("vocal_id"),
    media: jsonb("media").$type<SongMedia>(),
    /**
     * The MP3 of the version's first seconds, stored while the rest still encodes (docs/edit-flow.md): the
     * edit pages play it until the version is complete. Set only while the version renders.
     */
    previewKey: text("preview_key"),
    wavePreview: jsonb("wave_preview").$type<number[]>(),
    durationSeconds: real("duration_seconds"),
    error: text("error"),
    completedAt: at("completed_at"),
    ...timestamps,
  },
  (table) => [uniqueIndex("song_versions_song_version").on(table.songId, table.version)],
);
export type SongVersion = typeof songVersions.$inferSelect;

export const downloadFormat = pgEnum("download_format", ["mp3", "wav", "midi", "stems"]);
export type DownloadFormat = (typeof downloadFormat.enumValues)[number];

/** Every file download (spec 2 §9): WAV downloads count against the plan's monthly allowance. */
export const songDownloads = pgTable(
  "song_downloads",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    songId: text("song_id")
      .notNull()
      .references(() => songs.id, { onDelete: "cascade" }),
    format: downloadFormat("format").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [index("song_downloads_user_format").on(table.userId, table.format, table.createdAt)],
);
