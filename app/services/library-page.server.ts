// What the first library page (/library, spec 2 §4) and /edit without an id read: the user's saved
// songs, and the song they touched last. The library issue extends this with sorting, search and paging.
import { and, desc, eq, isNull } from "drizzle-orm";
import { songs } from "../../drizzle/schema/songs";
import { getFilter, getStyle } from "~/engine/catalogue";
import { UNNAMED_SONG } from "~/models/song.server";
import { db } from "~/server/db.server";

/** Enough for any library on the free and Creator plans' first page; paging comes with the library issue. */
const LIBRARY_PAGE_SIZE = 200;

export interface LibrarySong {
  id: string;
  /** "New Song" for an unnamed song. */
  songName: string;
  unnamed: boolean;
  style: string;
  filter: string;
  durationSeconds: number | null;
  peaks: number[] | null;
  locked: boolean;
  private: boolean;
  tags: string[];
}

/** The user's saved songs, the most recently saved first. */
export async function listSavedSongs(user: { id: string }): Promise<LibrarySong[]> {
  const rows = await db
    .select({
      id: songs.id,
      songName: songs.songName,
      style: songs.style,
      filter: songs.filter,
      durationSeconds: songs.durationSeconds,
      wavePreview: songs.wavePreview,
      locked: songs.locked,
      private: songs.private,
      tags: songs.tags,
    })
    .from(songs)
    .where(and(eq(songs.userId, user.id), eq(songs.saved, true)))
    .orderBy(desc(songs.savedAt), desc(songs.id))
    .limit(LIBRARY_PAGE_SIZE);
  return rows.map((row) => ({
    id: row.id,
    songName: row.songName,
    unnamed: row.songName === UNNAMED_SONG,
    style: catalogueName(() => getStyle(row.style).name, row.style),
    filter: catalogueName(() => getFilter(row.filter).name, row.filter),
    durationSeconds: row.durationSeconds,
    peaks: row.wavePreview,
    locked: row.locked,
    private: row.private,
    tags: row.tags,
  }));
}

/**
 * The song /edit opens without an id: the user's newest complete song that they have not turned down
 * (saved or just created), or null.
 */
export async function mostRecentSongId(user: { id: string }): Promise<string | null> {
  const [row] = await db
    .select({ id: songs.id })
    .from(songs)
    .where(and(eq(songs.userId, user.id), eq(songs.status, "complete"), isNull(songs.rejectedAt)))
    .orderBy(desc(songs.updatedAt), desc(songs.assignedAt))
    .limit(1);
  return row?.id ?? null;
}

/** A catalogue name, or the stored value when the catalogue no longer has it. */
function catalogueName(lookup: () => string, fallback: string): string {
  try {
    return lookup();
  } catch {
    return fallback;
  }
}
