// Keeping or turning down a song: saving to the library (POST /user/save/{songId}) within the plan's song
// limit (spec 2 §4, §5, §9), and rejecting while listening (create_reject, spec 1 §4).
//
// Saving past the limit is refused with "You have reached your song limit of N". A library can still
// hold more saved songs than the limit when the limit shrinks (a downgrade): then the songs beyond it,
// newest first, are locked, exactly as spec 2 §4 puts it: "locked when the total library exceeds the song
// limit, the limit is enforced, and the song is not among the unlocked songs". The unlocked ones are the
// earliest saved.
import { and, eq, sql } from "drizzle-orm";
import { songs } from "../../../drizzle/schema/songs";
import { findOwnedSong, toSongSummary, UNNAMED_SONG, type SongSummary } from "~/models/song.server";
import { recordUserEvent } from "~/models/user.server";
import { db, type Db, type Tx } from "~/server/db.server";
import { ApiError } from "~/server/http.server";
import { getUserPlan, type PlanLimits } from "~/server/plans.server";

export interface SaveSongDetails {
  songName?: string;
  artistName?: string;
}

export function songLimitMessage(limit: number): string {
  return `You have reached your song limit of ${limit}. Upgrade your plan or remove songs from your library to save more.`;
}

/** A name given as "New Song" (or blank) leaves the song unnamed (spec 1 §5). */
function chosenName(name: string | undefined): string | undefined {
  const trimmed = name?.trim();
  return trimmed && trimmed !== UNNAMED_SONG ? trimmed : undefined;
}

/**
 * Marks the user's song saved, with an optional name and artist. Saving a saved song again only updates
 * the names. Throws ApiError 404 (not the user's song), 409 (not generated yet), 403 (song limit reached).
 */
export async function saveSong(user: { id: string }, songId: string, details: SaveSongDetails = {}): Promise<SongSummary> {
  const { limits } = await getUserPlan(user);
  const songName = chosenName(details.songName);
  const artistName = details.artistName?.trim() || undefined;
  return db.transaction(async (tx) => {
    // One save at a time per user, so two saves at once cannot both take the last free place.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`song-save:${user.id}`}))`);
    const song = await findOwnedSong(user.id, songId, tx);
    if (!song) throw new ApiError(404, "not_found", "This song does not exist.");
    if (song.status !== "complete") throw new ApiError(409, "song_not_ready", "This song is still being generated. Save it once it has finished.");
    if (!song.saved && isOverLimit(limits, await countSavedSongs(tx, user.id))) {
      await recordUserEvent(tx, user.id, "song_limit_reached", { limit: limits.songLimit, songId });
      throw new ApiError(403, "song_limit_reached", songLimitMessage(limits.songLimit!));
    }
    const [saved] = await tx
      .update(songs)
      .set({
        saved: true,
        savedAt: song.savedAt ?? new Date(),
        ...(songName && { songName }),
        ...(artistName && { artistName }),
      })
      .where(eq(songs.id, songId))
      .returning();
    await refreshSongLocks(user.id, limits, tx);
    const [current] = await tx.select().from(songs).where(eq(songs.id, saved.id));
    return toSongSummary(current);
  });
}

function isOverLimit(limits: PlanLimits, savedCount: number): boolean {
  return limits.limitEnforced && limits.songLimit !== null && savedCount >= limits.songLimit;
}

async function countSavedSongs(database: Db | Tx, userId: string): Promise<number> {
  const [row] = await database
    .select({ count: sql<number>`count(*)::int` })
    .from(songs)
    .where(and(eq(songs.userId, userId), eq(songs.saved, true)));
  return row?.count ?? 0;
}

/** Locks the saved songs beyond the limit (latest saved first) and unlocks the rest. Returns how many are locked. */
export async function refreshSongLocks(userId: string, limits: PlanLimits, database: Db | Tx = db): Promise<number> {
  const unlocked = limits.limitEnforced && limits.songLimit !== null ? limits.songLimit : null;
  await database.execute(sql`
    update ${songs} set locked = ranked.position > coalesce(${unlocked}::int, 2147483647)
    from (
      select id, row_number() over (order by saved_at, id) as position
      from ${songs} where user_id = ${userId} and saved
    ) as ranked
    where ${songs.id} = ranked.id and ${songs.locked} is distinct from (ranked.position > coalesce(${unlocked}::int, 2147483647))
  `);
  const [row] = await database
    .select({ count: sql<number>`count(*)::int` })
    .from(songs)
    .where(and(eq(songs.userId, userId), eq(songs.locked, true)));
  return row?.count ?? 0;
}

/** The user turned the current song down while listening (spec 1 §4): recorded, and never offered again. */
export async function rejectSong(user: { id: string }, songId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const song = await findOwnedSong(user.id, songId, tx);
    if (!song) throw new ApiError(404, "not_found", "This song does not exist.");
    await tx.update(songs).set({ rejectedAt: sql`coalesce(${songs.rejectedAt}, now())` }).where(eq(songs.id, songId));
    await recordUserEvent(tx, user.id, "create_reject", { songId, style: song.style, filter: song.filter });
  });
}
