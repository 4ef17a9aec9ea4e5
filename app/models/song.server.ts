// Songs: small typed queries, scoped to the acting user (or to the system, for jobs and the pool).
import { isPossibleId } from "~/utils/input-schemas";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { songs, type Song, type SongStatus, type StoredSongParams } from "../../drizzle/schema/songs";
import { db, type Db, type Tx } from "~/server/db.server";

export type { Song, SongStatus } from "../../drizzle/schema/songs";

/** Song names equal to this are treated as unnamed (spec 1 §5, spec 2 §3). */
export const UNNAMED_SONG = "New Song";

/** What pages and the API show of a song: never the whole row. */
export interface SongSummary {
  id: string;
  status: SongStatus;
  songName: string;
  artistName: string | null;
  style: string;
  filter: string;
  tempo: number | null;
  key: string | null;
  durationSeconds: number | null;
  /** The MP3 (media route) of the version it plays, once complete; null before. */
  audioUrl: string | null;
  /**
   * While the song renders: its first seconds as an MP3, to start playing before it completes
   * (progressive playback, docs/create-flow.md). Null once complete, and for songs without a preview.
   */
  previewUrl: string | null;
  previewSeconds: number | null;
  /** Interleaved min/max pairs of the whole song (about 100 pairs), once complete. */
  peaks: number[] | null;
  saved: boolean;
  private: boolean;
  locked: boolean;
  /** The song's parts, for rewrite (re_p) and reproduce (re_c); null until composed. */
  compositionId: string | null;
  productionId: string | null;
  /** It sings with a vocal (docs/vocals-flow.md). */
  hasVocal: boolean;
  createdAt: string;
}

/** The media route's URL of one of a song's files (app/routes/media.songs.$songId.$file.ts). */
export function songMediaUrl(songId: string, file: "song.mp3" | "song.wav" | "song.mid" | "peaks.json" | "preview.mp3" | "instrumental.mp3"): string {
  return `/media/songs/${songId}/${file}`;
}

/**
 * The song's MP3 as it plays now. The version is in the URL because public songs' files may sit in shared
 * caches for a day: an edit, or a vocal put on, is a new version and so a new URL (the route serves the
 * current version for `v`; `?version=N` is the owner's way to an older one).
 */
export function songAudioUrl(song: Pick<Song, "id" | "version"> & Partial<Pick<Song, "masteredAt">>): string {
  // Mastering (docs/mastering.md) changes what the same version sounds like: a new URL too.
  const mastered = song.masteredAt ? `&m=${song.masteredAt.getTime()}` : "";
  return `${songMediaUrl(song.id, "song.mp3")}?v=${song.version}${mastered}`;
}

export function toSongSummary(song: Song): SongSummary {
  const complete = song.status === "complete" && song.media !== null;
  return {
    id: song.id,
    status: song.status,
    songName: song.songName,
    artistName: song.artistName,
    style: song.style,
    filter: song.filter,
    tempo: song.tempo,
    key: song.key,
    durationSeconds: song.durationSeconds,
    audioUrl: complete ? songAudioUrl(song) : null,
    previewUrl: !complete && song.previewKey ? songMediaUrl(song.id, "preview.mp3") : null,
    previewSeconds: !complete && song.previewKey ? song.previewSeconds : null,
    peaks: complete ? song.wavePreview : null,
    saved: song.saved,
    private: song.private,
    locked: song.locked,
    compositionId: song.compositionId,
    productionId: song.productionId,
    hasVocal: song.vocalId !== null,
    createdAt: song.createdAt.toISOString(),
  };
}

export async function findSong(songId: string, database: Db | Tx = db): Promise<Song | null> {
  if (!isPossibleId(songId)) return null;
  const [song] = await database.select().from(songs).where(eq(songs.id, songId));
  return song ?? null;
}

/** The user's song, or null when it does not exist or belongs to someone else. */
export async function findOwnedSong(userId: string, songId: string, database: Db | Tx = db): Promise<Song | null> {
  const [song] = await database
    .select()
    .from(songs)
    .where(and(eq(songs.id, songId), eq(songs.userId, userId)));
  return song ?? null;
}

/** Of these ids, the user's songs (in no particular order). */
export async function findOwnedSongs(userId: string, songIds: string[]): Promise<Song[]> {
  if (songIds.length === 0) return [];
  return db
    .select()
    .from(songs)
    .where(and(inArray(songs.id, songIds), eq(songs.userId, userId)));
}

/** A song a visitor may see: owned by the viewer, or public (not private) and not in the pool. */
export async function findVisibleSong(viewerId: string | null, songId: string): Promise<Song | null> {
  const song = await findSong(songId);
  if (!song || song.userId === null) return null;
  if (song.userId === viewerId) return song;
  return song.private ? null : song;
}

/**
 * Moves a song's status forward to `status`, never back: the update only applies while the current
 * status ranks below the new one (enum order, see drizzle/schema/songs.ts). Returns whether it moved.
 */
export async function advanceSongStatus(
  songId: string,
  status: Exclude<SongStatus, "failed">,
  extra: Partial<Pick<Song, "compositionId" | "productionId" | "tempo" | "key" | "durationSeconds" | "media" | "wavePreview" | "completedAt">> = {},
  database: Db | Tx = db,
): Promise<boolean> {
  const moved = await database
    .update(songs)
    .set({ status, ...extra })
    .where(and(eq(songs.id, songId), sql`${songs.status} < ${status}`))
    .returning({ id: songs.id });
  return moved.length > 0;
}

/** Marks a song that never completed as failed, with the reason; a complete song stays complete. */
export async function failSong(songId: string, error: string): Promise<void> {
  await db
    .update(songs)
    .set({ status: "failed", error })
    .where(and(eq(songs.id, songId), sql`${songs.status} < 'complete'`));
}

/** Songs assigned to the user in the last 24 hours (created or handed out), for the daily creation limit. */
export async function countSongsAssignedToday(userId: string, database: Db | Tx = db): Promise<number> {
  const [row] = await database
    .select({ count: sql<number>`count(*)::int` })
    .from(songs)
    .where(and(eq(songs.userId, userId), sql`${songs.assignedAt} > now() - interval '1 day'`));
  return row?.count ?? 0;
}

/** Complete pooled songs waiting for a filter. */
export async function countPooledSongs(filter: string, database: Db | Tx = db): Promise<{ ready: number; pending: number }> {
  const [row] = await database
    .select({
      ready: sql<number>`count(*) filter (where ${songs.status} = 'complete')::int`,
      pending: sql<number>`count(*) filter (where ${songs.status} < 'complete')::int`,
    })
    .from(songs)
    .where(and(eq(songs.pooled, true), isNull(songs.userId), eq(songs.filter, filter)));
  return { ready: row?.ready ?? 0, pending: row?.pending ?? 0 };
}

/**
 * Hands up to `count` complete pooled songs of `filter` to the user, oldest first, and returns them.
 * With `params`, only songs made from exactly those parameters qualify (a plain create must get what it
 * asked for). SKIP LOCKED lets two users claim at once without both getting the same song.
 */
export async function claimPooledSongs(
  userId: string,
  filter: string,
  count: number,
  params: StoredSongParams | undefined,
  database: Db | Tx = db,
): Promise<Song[]> {
  if (count <= 0) return [];
  const sameParams = params ? sql`and ${songs.params} = ${JSON.stringify(params)}::jsonb` : sql``;
  return database
    .update(songs)
    .set({ userId, pooled: false, assignedAt: sql`now()` })
    .where(
      inArray(
        songs.id,
        sql`(select ${songs.id} from ${songs} where ${songs.pooled} and ${songs.userId} is null and ${songs.filter} = ${filter} and ${songs.status} = 'complete' ${sameParams} order by ${songs.createdAt} limit ${count} for update skip locked)`,
      ),
    )
    .returning();
}
