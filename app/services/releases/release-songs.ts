// A release's tracks (spec 2 §3, §5; PUT/PATCH /api/release/{id}/songs, POST /api/album/{id}/songs and the
// songs step of the release pages): the user's saved, complete, unlocked songs, at most songsPerRelease,
// in the order given, and each on at most one release that still holds its songs (status.ts holdsSongs).
import { and, asc, desc, eq, inArray, isNull, ne, notInArray, or, sql } from "drizzle-orm";
import { releases, releaseSongs } from "../../../drizzle/schema/releases";
import { songs } from "../../../drizzle/schema/songs";
import { UNNAMED_SONG } from "~/models/song.server";
import { db, type Db, type Tx } from "~/server/db.server";
import { ApiError } from "~/server/http.server";
import { requireOwnedRelease } from "./find-release";
import { getReleaseLimits, SONGS_PER_RELEASE_MESSAGE } from "./limits";
import { notEditableError } from "./save-release";
import { isEditable, ReleaseStatus } from "./status";

export const LOCKED_SONG_RELEASE_MESSAGE = "A locked song cannot be released. Upgrade your plan to unlock it.";
export const SONG_ON_RELEASE_MESSAGE = "This song is already on another release.";

/** Other releases of the user that hold `songIds` (not archived, not Rejected or Removed): song id → release title. */
export async function songsOnOtherReleases(userId: string, releaseId: string | null, songIds: string[], database: Db | Tx = db): Promise<Map<string, string>> {
  if (songIds.length === 0) return new Map();
  const rows = await database
    .select({ songId: releaseSongs.songId, title: releases.title })
    .from(releaseSongs)
    .innerJoin(releases, eq(releases.id, releaseSongs.releaseId))
    .where(
      and(
        eq(releases.userId, userId),
        inArray(releaseSongs.songId, songIds),
        releaseId ? ne(releases.id, releaseId) : undefined,
        isNull(releases.archivedAt),
        or(isNull(releases.status), notInArray(releases.status, [ReleaseStatus.Rejected, ReleaseStatus.Removed])),
      ),
    );
  return new Map(rows.map((row) => [row.songId, row.title]));
}

/** Why each song cannot go on the release, by song id (empty when all can). */
export async function songProblems(userId: string, releaseId: string | null, songIds: string[], database: Db | Tx = db): Promise<Map<string, string>> {
  const problems = new Map<string, string>();
  if (songIds.length === 0) return problems;
  const rows = await database
    .select({ id: songs.id, saved: songs.saved, locked: songs.locked, status: songs.status })
    .from(songs)
    .where(and(eq(songs.userId, userId), inArray(songs.id, songIds)));
  const found = new Map(rows.map((row) => [row.id, row]));
  const elsewhere = await songsOnOtherReleases(userId, releaseId, songIds, database);
  for (const id of songIds) {
    const song = found.get(id);
    if (!song) problems.set(id, "This song does not exist.");
    else if (!song.saved) problems.set(id, "Save this song to your library before releasing it.");
    else if (song.status !== "complete") problems.set(id, "This song is still being generated.");
    else if (song.locked) problems.set(id, LOCKED_SONG_RELEASE_MESSAGE);
    else if (elsewhere.has(id)) problems.set(id, `${SONG_ON_RELEASE_MESSAGE} (${elsewhere.get(id)})`);
  }
  return problems;
}

/**
 * Replaces the release's tracks with `songIds`, in that order. Throws ApiError 400 (field `songs`: too
 * many, or a song that cannot go on it), 404 (not the user's release), 409 (no longer editable).
 */
export async function setReleaseSongs(user: { id: string }, releaseId: string, songIds: string[]): Promise<void> {
  const unique = [...new Set(songIds)];
  const limits = await getReleaseLimits(user);
  if (unique.length > limits.songsPerRelease) throw new ApiError(400, "invalid_input", SONGS_PER_RELEASE_MESSAGE, { songs: [SONGS_PER_RELEASE_MESSAGE] });
  await db.transaction(async (tx) => {
    // One change of the user's releases' tracks at a time, so two releases cannot take the same song at once.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`release-songs:${user.id}`}))`);
    const release = await requireOwnedRelease(user.id, releaseId, tx);
    if (!isEditable(release.status) || release.archivedAt) throw notEditableError(release.status);
    const problems = await songProblems(user.id, release.id, unique, tx);
    if (problems.size > 0) {
      const messages = [...new Set(problems.values())];
      throw new ApiError(400, "invalid_input", messages.join(" "), { songs: messages });
    }
    await tx.delete(releaseSongs).where(eq(releaseSongs.releaseId, release.id));
    if (unique.length > 0) {
      await tx.insert(releaseSongs).values(unique.map((songId, index) => ({ releaseId: release.id, songId, position: index + 1 })));
    }
    await tx.update(releases).set({ updatedAt: new Date() }).where(eq(releases.id, release.id));
  });
}

/** Adds songs after the release's current tracks (POST /api/album/{id}/songs). */
export async function addReleaseSongs(user: { id: string }, releaseId: string, songIds: string[]): Promise<void> {
  const current = await db
    .select({ songId: releaseSongs.songId })
    .from(releaseSongs)
    .innerJoin(releases, eq(releases.id, releaseSongs.releaseId))
    .where(and(eq(releaseSongs.releaseId, releaseId), eq(releases.userId, user.id)))
    .orderBy(asc(releaseSongs.position));
  await setReleaseSongs(user, releaseId, [...current.map((row) => row.songId), ...songIds]);
}

export interface PickableSong {
  id: string;
  songName: string;
  unnamed: boolean;
  artistName: string | null;
  durationSeconds: number | null;
  /** Why it cannot be picked, or null. */
  problem: string | null;
}

/** The songs step's list: the user's saved songs (newest first), each with why it cannot go on this release. */
export async function pickableSongs(user: { id: string }, releaseId: string): Promise<PickableSong[]> {
  const rows = await db
    .select({ id: songs.id, songName: songs.songName, artistName: songs.artistName, durationSeconds: songs.durationSeconds })
    .from(songs)
    .where(and(eq(songs.userId, user.id), eq(songs.saved, true)))
    .orderBy(desc(songs.savedAt), desc(songs.id))
    .limit(500);
  const problems = await songProblems(user.id, releaseId, rows.map((row) => row.id));
  return rows.map((row) => ({ ...row, unnamed: row.songName === UNNAMED_SONG, problem: problems.get(row.id) ?? null }));
}
