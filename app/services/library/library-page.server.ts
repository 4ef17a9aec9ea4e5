// What the library (/library, spec 2 §2, §4, §9) and /edit without an id read: a page of the user's saved
// songs (15 by default; search by name, artist or tag; one tag), each with the releases it is on, and the
// song they touched last.
import { and, desc, eq, ilike, inArray, isNull, or, sql } from "drizzle-orm";
import { releases, releaseSongs } from "../../../drizzle/schema/releases";
import { songs } from "../../../drizzle/schema/songs";
import { getFilter, getStyle } from "~/engine/catalogue";
import { songAudioUrl, UNNAMED_SONG } from "~/models/song.server";
import { db } from "~/server/db.server";
import { LIBRARY_PAGE_SIZE } from "~/utils/library-paging";


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
  /** The version it plays now (the persistent player, or a plain <audio> without JavaScript). */
  audioUrl: string | null;
  artistName: string | null;
  tempo: number | null;
  key: string | null;
  compositionId: string | null;
  productionId: string | null;
  /** When it was saved (ISO), shown as relative time ("Saved 3 minutes ago"). */
  savedAt: string | null;
  /** The releases it is on (not archived), for the row's "On release" links. */
  releases: { id: string; title: string; status: number | null }[];
}

export interface LibraryQuery {
  page?: number;
  itemsPerPage?: number;
  /** Matches the name, the artist or a tag (any case). */
  query?: string;
  /** Only songs with this tag (any case). */
  tag?: string;
}

export interface LibraryPage {
  songs: LibrarySong[];
  total: number;
  page: number;
  itemsPerPage: number;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** A page of the user's saved songs, the most recently saved first. */
export async function listSavedSongs(user: { id: string }, options: LibraryQuery = {}): Promise<LibraryPage> {
  const { page = 1, itemsPerPage = LIBRARY_PAGE_SIZE } = options;
  const query = options.query?.trim() ?? "";
  const tag = options.tag?.trim().toLowerCase() ?? "";
  const pattern = `%${escapeLike(query)}%`;
  const where = and(
    eq(songs.userId, user.id),
    eq(songs.saved, true),
    query
      ? or(ilike(songs.songName, pattern), ilike(songs.artistName, pattern), sql`exists (select 1 from unnest(${songs.tags}) as t where t ilike ${pattern})`)
      : undefined,
    tag ? sql`exists (select 1 from unnest(${songs.tags}) as t where lower(t) = ${tag})` : undefined,
  );
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(songs).where(where);
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
      version: songs.version,
      status: songs.status,
      hasMedia: sql<boolean>`${songs.media} is not null`,
      artistName: songs.artistName,
      tempo: songs.tempo,
      key: songs.key,
      compositionId: songs.compositionId,
      productionId: songs.productionId,
      savedAt: songs.savedAt,
    })
    .from(songs)
    .where(where)
    .orderBy(desc(songs.savedAt), desc(songs.id))
    .limit(itemsPerPage)
    .offset((page - 1) * itemsPerPage);
  const onReleases = await releasesOfSongs(rows.map((row) => row.id));
  const list = rows.map((row) => ({
    id: row.id,
    songName: row.songName,
    unnamed: row.songName === UNNAMED_SONG,
    style: catalogueName(() => getStyle(row.style).name, row.style),
    filter: catalogueName(() => getFilter(row.filter).name, row.filter),
    durationSeconds: row.durationSeconds,
    peaks: row.wavePreview && coarsePeaks(row.wavePreview),
    locked: row.locked,
    private: row.private,
    tags: row.tags,
    audioUrl: row.status === "complete" && row.hasMedia ? songAudioUrl(row) : null,
    artistName: row.artistName,
    tempo: row.tempo,
    key: row.key,
    compositionId: row.compositionId,
    productionId: row.productionId,
    savedAt: row.savedAt?.toISOString() ?? null,
    releases: onReleases.get(row.id) ?? [],
  }));
  return { songs: list, total: counted?.total ?? 0, page, itemsPerPage };
}

/** The releases (not archived) each song is on (GET /api/song/{id}/releases, the library's rows). */
export async function releasesOfSongs(songIds: string[]): Promise<Map<string, { id: string; title: string; status: number | null }[]>> {
  const bySong = new Map<string, { id: string; title: string; status: number | null }[]>();
  if (songIds.length === 0) return bySong;
  const rows = await db
    .select({ songId: releaseSongs.songId, id: releases.id, title: releases.title, status: releases.status })
    .from(releaseSongs)
    .innerJoin(releases, eq(releases.id, releaseSongs.releaseId))
    .where(and(inArray(releaseSongs.songId, songIds), isNull(releases.archivedAt)))
    .orderBy(desc(releases.createdAt));
  for (const row of rows) {
    const list = bySong.get(row.songId) ?? [];
    list.push({ id: row.id, title: row.title, status: row.status });
    bySong.set(row.songId, list);
  }
  return bySong;
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

/**
 * Peaks to two decimals for lists: the waveform draws them to a tenth of a 100-unit height, and fifteen
 * rows of four-decimal peaks are a good part of the page's data.
 */
export function coarsePeaks(peaks: number[]): number[] {
  return peaks.map((value) => Math.round(value * 100) / 100);
}

/** A catalogue name, or the stored value when the catalogue no longer has it. */
function catalogueName(lookup: () => string, fallback: string): string {
  try {
    return lookup();
  } catch {
    return fallback;
  }
}
