// Song information (spec 1 §2 /edit/{id}/info, §3 Song info, §5, §7 PUT /song/{id}): name, artist
// name, tags and private. The info page's action and PUT /api/song/{id} parse with the same schema and
// call the same function, so the two can never disagree about what is valid.
//
// Info is not audio: changing it renders nothing, and it stays editable after a paid user's song is
// mastered (docs/edit-flow.md). A locked or still-generating song refuses it like any other edit.
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { songs, type Song } from "../../../drizzle/schema/songs";
import { FILTERS, STYLES } from "~/engine/catalogue";
import { UNNAMED_SONG } from "~/models/song.server";
import { db, rawRows } from "~/server/db.server";
import { ApiError } from "~/server/http.server";
import { ARTIST_NAME_MAX, SONG_NAME_MAX, TAG_MAX, TAGS_MAX } from "~/utils/field-limits";
import { typedText } from "~/utils/input-schemas";
import { MASTERED_SONG_MESSAGE, SONG_NOT_READY_MESSAGE, type EditableSong } from "./edit.server";

export { ARTIST_NAME_MAX, SONG_NAME_MAX, TAG_MAX, TAGS_MAX };
export const TAG_SUGGESTIONS_MAX = 10;

const TAG_PATTERN = /^[\p{L}\p{N} -]+$/u;

/** Spaces collapsed and trimmed, so "  lo   fi " and "lo fi" are the same tag. */
function tidy(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

const Tag = z
  .string()
  .transform(tidy)
  .pipe(
    z
      .string()
      .max(TAG_MAX, `A tag can be at most ${TAG_MAX} characters.`)
      .regex(TAG_PATTERN, "Tags can only use letters, digits, spaces and hyphens."),
  );

/**
 * Tags as a list (JSON, or one form field per chip) or as comma-separated text (the form without
 * JavaScript types them into one field); a comma always separates tags. Blank entries are dropped and
 * repeats (ignoring case) kept once.
 */
const Tags = z.preprocess(
  (value) => {
    if (typeof value !== "string" && !Array.isArray(value)) return value;
    const list = (Array.isArray(value) ? value : [value]).flatMap((tag: unknown) => (typeof tag === "string" ? tag.split(",") : [tag]));
    const seen = new Set<string>();
    return list.filter((tag) => {
      if (typeof tag !== "string") return true;
      const key = tidy(tag).toLowerCase();
      if (key === "" || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  },
  z.array(Tag).max(TAGS_MAX, `Use at most ${TAGS_MAX} tags.`),
);

const Private = z.preprocess((value) => {
  if (value === "on" || value === "true" || value === "1") return true;
  if (value === "false" || value === "0" || value === "") return false;
  return value;
}, z.boolean({ message: "Send true or false." }));

/**
 * The body of PUT /api/song/{id} and of the info form. Each field is optional: one left out keeps its
 * current value. A blank name or "New Song" leaves the song unnamed; a blank artist clears it.
 */
export const SongInfoSchema = z.object({
  songName: typedText().transform(tidy).pipe(z.string().max(SONG_NAME_MAX, `The song name can be at most ${SONG_NAME_MAX} characters.`)).optional(),
  artistName: typedText()
    .transform(tidy)
    .pipe(z.string().max(ARTIST_NAME_MAX, `The artist name can be at most ${ARTIST_NAME_MAX} characters.`))
    .optional(),
  tags: Tags.optional(),
  private: Private.optional(),
});
export type SongInfoInput = z.output<typeof SongInfoSchema>;

export interface SongInfo {
  /** Empty when the song is unnamed ("New Song"). */
  songName: string;
  artistName: string;
  tags: string[];
  private: boolean;
}

export function songInfo(song: Pick<Song, "songName" | "artistName" | "tags" | "private">): SongInfo {
  return {
    songName: song.songName === UNNAMED_SONG ? "" : song.songName,
    artistName: song.artistName ?? "",
    tags: song.tags,
    private: song.private,
  };
}

/**
 * Why the song's info cannot be changed, or null. Mastering locks the audio, not the name and tags, so
 * a mastered song's info stays editable; a locked or still-generating song refuses it like any edit.
 */
export function infoReadOnlyReason(loaded: EditableSong): string | null {
  const reason = loaded.readOnlyReason;
  return reason === null || reason === MASTERED_SONG_MESSAGE ? null : reason;
}

/** Applies the changed fields to the song (no render). Throws ApiError 403/409 when info is read-only. */
export async function updateSongInfo(loaded: EditableSong, input: SongInfoInput): Promise<Song> {
  const reason = infoReadOnlyReason(loaded);
  if (reason) {
    throw new ApiError(reason === SONG_NOT_READY_MESSAGE ? 409 : 403, reason === SONG_NOT_READY_MESSAGE ? "not_ready" : "read_only", reason);
  }
  const changes: Partial<Pick<Song, "songName" | "artistName" | "tags" | "private">> = {};
  if (input.songName !== undefined) changes.songName = input.songName === "" || input.songName === UNNAMED_SONG ? UNNAMED_SONG : input.songName;
  if (input.artistName !== undefined) changes.artistName = input.artistName === "" ? null : input.artistName;
  if (input.tags !== undefined) changes.tags = input.tags;
  if (input.private !== undefined) changes.private = input.private;
  if (Object.keys(changes).length === 0) return loaded.song;
  const [updated] = await db
    .update(songs)
    .set(changes)
    .where(and(eq(songs.id, loaded.song.id), eq(songs.userId, loaded.user.id)))
    .returning();
  if (!updated) throw new ApiError(404, "not_found", "This song does not exist.");
  return updated;
}

/** Catalogue style and filter names that are valid tags ("R&B" is not), computed once. */
const CATALOGUE_TAGS: string[] = [
  ...STYLES.map((style) => style.name),
  ...FILTERS.filter((filter) => !filter.purposes.includes("hidden")).map((filter) => filter.name),
].filter((name) => name.length <= TAG_MAX && TAG_PATTERN.test(name));

/**
 * GET /api/search/songs/tags: the user's own tags, then the catalogue's style and filter names, that
 * start with the query (ignoring case), each once, at most TAG_SUGGESTIONS_MAX.
 */
export async function suggestTags(user: { id: string }, query: string): Promise<string[]> {
  const prefix = tidy(query).toLowerCase();
  const rows = await rawRows<{ tag: string }>(
    db,
    sql`
    select tag from (
      select unnest(${songs.tags}) as tag from ${songs} where ${songs.userId} = ${user.id}
    ) as own
    where lower(tag) like ${escapeLike(prefix) + "%"} escape '\\'
    group by tag
    order by count(*) desc, tag
    limit ${TAG_SUGGESTIONS_MAX}
  `,
  );
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const tag of [...rows.map((row) => row.tag), ...CATALOGUE_TAGS]) {
    const key = tag.toLowerCase();
    if (!key.startsWith(prefix) || seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
    if (tags.length === TAG_SUGGESTIONS_MAX) break;
  }
  return tags;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}
