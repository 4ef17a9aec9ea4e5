// POST /api/song/archive/{id} (spec 2 §7): takes a saved song out of the library. It frees its place
// under the song limit (locks are refreshed, so a locked song may unlock) and stays reachable by its
// share link. A song on a release that holds its songs stays: archive or take down the release first.
import { and, eq, sql } from "drizzle-orm";
import { songs } from "../../../drizzle/schema/songs";
import { findOwnedSong } from "~/models/song.server";
import { db } from "~/server/db.server";
import { ApiError } from "~/server/http.server";
import { getUserPlan } from "~/server/plans.server";
import { songsOnOtherReleases } from "~/services/releases/index.server";
import { refreshSongLocks } from "~/services/library/song-library.server";

export const SONG_ON_RELEASE_ARCHIVE_MESSAGE = "This song is on a release. Archive the release, or take it down, before archiving the song.";

export async function archiveSong(user: { id: string }, songId: string): Promise<void> {
  const { limits } = await getUserPlan(user);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`song-save:${user.id}`}))`);
    const song = await findOwnedSong(user.id, songId, tx);
    if (!song || !song.saved) throw new ApiError(404, "not_found", "This song is not in your library.");
    if ((await songsOnOtherReleases(user.id, null, [song.id], tx)).size > 0) throw new ApiError(409, "on_release", SONG_ON_RELEASE_ARCHIVE_MESSAGE);
    await tx.update(songs).set({ saved: false, locked: false }).where(and(eq(songs.id, song.id), eq(songs.userId, user.id)));
    await refreshSongLocks(user.id, limits, tx);
  });
}
