// Releases (albums) and what they are made of (spec 2 §3 Album/release, §4 release lifecycle, §5 cover art),
// restricted artist names, and the tag rows behind the public /tag/{id} pages (spec 3 §2).
//
// `status` is spec 2 §4's number: null Draft, 0 Submitted, 1 Live, 2 Rejected, 3 Awaiting Corrections,
// 4 Approved, 5 Hold, 6 Removed, 7 Pending Removal. It only ever changes through
// app/services/releases/status.ts, which holds the table of legal moves and writes release_status_changes.
import { index, integer, jsonb, pgEnum, pgTable, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { id, timestamps } from "./columns";
import { songs } from "./songs";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** Storage keys of one cover image in each size (spec 2 §5): lists, pages, and the full file stores get. */
export interface CoverArtSizes {
  /** 300×300 JPEG for lists. */
  thumbnail: string;
  /** 1400×1400 JPEG for pages. */
  page: string;
  /** The full-size RGB JPEG or PNG (≥ 3000×3000) delivered to stores. */
  full: string;
}

export const coverArtSource = pgEnum("cover_art_source", ["upload", "generated"]);

/** One cover image a user uploaded or generated; a release points at the one it uses. */
export const coverArt = pgTable(
  "cover_art",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    source: coverArtSource("source").notNull(),
    /** The file as uploaded (before any colour conversion); null for generated art, whose full size is the original. */
    originalKey: text("original_key"),
    sizes: jsonb("sizes").$type<CoverArtSizes>().notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    format: text("format").notNull(),
    bytes: integer("bytes").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [index("cover_art_user").on(table.userId, table.createdAt)],
);
export type CoverArt = typeof coverArt.$inferSelect;

export const releases = pgTable(
  "releases",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** albumTitle in the spec. */
    title: text("title").notNull(),
    artistName: text("artist_name").notNull(),
    /** An id of app/content/release-genres.ts; "alt" by default (spec 2 §3). */
    genre: text("genre").notNull().default("alt"),
    /** ISO 639-1 code; null is the spec's "None" (no language, and so no lyrics). */
    language: text("language"),
    /** Spec 2 §3 server flag: 0 clean, 1 explicit; null is No Lyrics. */
    explicit: smallint("explicit"),
    coverArtId: text("cover_art_id").references(() => coverArt.id, { onDelete: "set null" }),
    coverArtCreditName: text("cover_art_credit_name"),
    coverArtCreditUrl: text("cover_art_credit_url"),
    /** Spec 2 §4 status; null is Draft. Changed only by app/services/releases/status.ts. */
    status: smallint("status"),
    /** For the distribution issue: the label name, the release's UPC and the requested release date. */
    label: text("label"),
    upc: text("upc"),
    releaseDate: text("release_date"),
    /** What review found (spec 2 §3 `issues`), by field; set by staff review. */
    issues: jsonb("issues").$type<Record<string, string>>(),
    submittedAt: at("submitted_at"),
    archivedAt: at("archived_at"),
    ...timestamps,
  },
  (table) => [
    index("releases_user").on(table.userId, table.createdAt),
    index("releases_status").on(table.status),
    // The staff review queues (/admin/distro): one status, newest submission first, paged.
    index("releases_status_submitted").on(table.status, table.submittedAt, table.id),
    // Distribution: a UPC is never on two releases.
    uniqueIndex("releases_upc").on(table.upc),
  ],
);
export type Release = typeof releases.$inferSelect;

/** A release's tracks in order. A song is on at most one live release (enforced by app/services/releases). */
export const releaseSongs = pgTable(
  "release_songs",
  {
    releaseId: text("release_id")
      .notNull()
      .references(() => releases.id, { onDelete: "cascade" }),
    songId: text("song_id")
      .notNull()
      .references(() => songs.id, { onDelete: "cascade" }),
    /** 1-based track number. */
    position: integer("position").notNull(),
    /** Assigned by distribution. */
    isrc: text("isrc"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("release_songs_release_song").on(table.releaseId, table.songId),
    index("release_songs_song").on(table.songId),
    // Distribution: an ISRC is never on two tracks.
    uniqueIndex("release_songs_isrc").on(table.isrc),
  ],
);
export type ReleaseSong = typeof releaseSongs.$inferSelect;

/** Every status change, who made it and why: the release's history, and the audit staff review adds to. */
export const releaseStatusChanges = pgTable(
  "release_status_changes",
  {
    id: id(),
    releaseId: text("release_id")
      .notNull()
      .references(() => releases.id, { onDelete: "cascade" }),
    fromStatus: smallint("from_status"),
    toStatus: smallint("to_status"),
    /** The acting user; null for the system (jobs). */
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    note: text("note"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (table) => [index("release_status_changes_release").on(table.releaseId, table.createdAt)],
);

export const generatedArtStatus = pgEnum("generated_art_status", ["queue", "complete", "failed"]);

/** Cover art generated from a keyword and prompt (POST /api/prompt_cover_art): the user's history and daily count. */
export const generatedArt = pgTable(
  "generated_art",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    releaseId: text("release_id").references(() => releases.id, { onDelete: "set null" }),
    keyword: text("keyword").notNull(),
    prompt: text("prompt").notNull().default(""),
    /** What was typeset and which palette was used, fixed when queued so a retry draws the same image. */
    title: text("title").notNull().default(""),
    artistName: text("artist_name").notNull().default(""),
    genre: text("genre").notNull().default("alt"),
    status: generatedArtStatus("status").notNull().default("queue"),
    coverArtId: text("cover_art_id").references(() => coverArt.id, { onDelete: "set null" }),
    error: text("error"),
    ...timestamps,
  },
  (table) => [index("generated_art_user").on(table.userId, table.createdAt)],
);
export type GeneratedArt = typeof generatedArt.$inferSelect;

export const restrictedNameKind = pgEnum("restricted_name_kind", ["artist", "generic"]);

/**
 * Artist names a release may not use: well-known artists (impersonation) and generic words stores reject
 * as an artist name ("Meditation", "Yoga"). `key` is the lower-cased name with spaces collapsed.
 */
export const restrictedArtistNames = pgTable("restricted_artist_names", {
  id: id(),
  name: text("name").notNull(),
  key: text("key").notNull().unique(),
  kind: restrictedNameKind("kind").notNull(),
  createdAt: at("created_at").notNull().defaultNow(),
});

/**
 * One row per distinct song tag (lower-cased), so a tag has a stable id for /tag/{id}. Songs keep their
 * tags as text (songs.tags); a trigger on songs adds rows for new tags and keeps `usage` (songs carrying
 * the tag) current, so every path that writes tags stays in step without calling anything.
 */
export const tags = pgTable("tags", {
  id: id(),
  name: text("name").notNull(),
  key: text("key").notNull().unique(),
  usage: integer("usage").notNull().default(0),
  createdAt: at("created_at").notNull().defaultNow(),
});
export type Tag = typeof tags.$inferSelect;

/** Releases staff feature in the library (GET /api/featured/releases/active) between two dates. */
export const featuredReleases = pgTable("featured_releases", {
  releaseId: text("release_id")
    .primaryKey()
    .references(() => releases.id, { onDelete: "cascade" }),
  activeFrom: at("active_from").notNull().defaultNow(),
  activeUntil: at("active_until"),
});

/**
 * The one settings row of the restricted-artist-names check (staff edit it on /admin/restricted_artist_names):
 * `maxDistance` is how many letters (edits) a release's artist name may differ from a restricted name and
 * still count as it; 0 means only the same name (ignoring case and spacing).
 */
export const restrictedArtistNameSettings = pgTable("restricted_artist_name_settings", {
  id: smallint("id").primaryKey().default(1),
  maxDistance: smallint("max_distance").notNull().default(0),
  updatedAt: at("updated_at").notNull().defaultNow(),
});
