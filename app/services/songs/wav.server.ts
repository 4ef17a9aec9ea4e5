// WAV export of a song's current version (spec 1 §4 "Song saving and wav", §9; docs/edit-flow.md "Files
// and downloads"): POST /api/song/{id}/wav marks the song `fetching` and queues song.wav; the job makes
// sure the version's WAV is in storage and marks it `ready`; GET /api/song/{id}/wav/ready reports it.
//
// Every render already stores a WAV per version, so the job usually only checks that the file is there.
// Forward-only: the job marks `ready` only while the song still plays the version it exported. A newer
// version completing meanwhile resets the status to `none` (renderSongVersion), and the late export of
// the older version then changes nothing.
import { and, eq } from "drizzle-orm";
import { enqueue } from "../../../jobs/enqueue";
import { songs, type Song, type WavStatus } from "../../../drizzle/schema/songs";
import { renderFromPartsOffThread } from "~/engine/threads";
import { findSong } from "~/models/song.server";
import { db } from "~/server/db.server";
import { ApiError } from "~/server/http.server";
import { getStorage } from "~/server/storage.server";
import { loadComposition, loadProduction, SONG_NOT_READY_MESSAGE } from "./edit.server";
import { songRenderOptions } from "./generate.server";

export interface WavReadiness {
  status: WavStatus;
  /** The download URL, when ready. */
  url?: string;
}

/** Whether the WAV of the version the song plays now is ready. */
export function wavReadiness(song: Pick<Song, "id" | "version" | "wavStatus" | "wavVersion">): WavReadiness {
  if (song.wavStatus === "ready") {
    // A ready export of another version is not this version's WAV.
    return song.wavVersion === song.version ? { status: "ready", url: `/api/song/${song.id}/download/wav` } : { status: "none" };
  }
  return { status: song.wavStatus };
}

/** POST /api/song/{id}/wav: queues the export of the current version, unless it is ready already. */
export async function requestWav(song: Song): Promise<WavReadiness> {
  if (song.status !== "complete" || !song.media) throw new ApiError(409, "not_ready", SONG_NOT_READY_MESSAGE);
  const current = wavReadiness(song);
  if (current.status === "ready") return current;
  await db.transaction(async (tx) => {
    await tx.update(songs).set({ wavStatus: "fetching" }).where(eq(songs.id, song.id));
    await enqueue("song.wav", { songId: song.id }, { tx });
  });
  return { status: "fetching" };
}

/**
 * song.wav: the current version's WAV into storage (rendered again without the MP3 if the file is gone),
 * then `ready`, only if the song still plays that version and still waits for it.
 */
export async function exportSongWav(songId: string): Promise<void> {
  const song = await findSong(songId);
  if (!song || song.status !== "complete" || !song.media || song.wavStatus !== "fetching") return;
  const { version } = song;
  const key = song.media.wav;
  const storage = getStorage();
  if (!(await storage.stat(key))) {
    if (!song.compositionId || !song.productionId) throw new Error(`Song ${songId} has no parts to render`);
    const [composition, production] = await Promise.all([loadComposition(song.compositionId), loadProduction(song.productionId)]);
    const rendered = await renderFromPartsOffThread(composition, production, { ...songRenderOptions(), mp3: false });
    await storage.put(key, rendered.wav);
  }
  await db
    .update(songs)
    .set({ wavStatus: "ready", wavKey: key, wavVersion: version })
    .where(and(eq(songs.id, songId), eq(songs.version, version), eq(songs.wavStatus, "fetching")));
}

/** After the job's last attempt: the waiting export shows as failed, so the client stops waiting. */
export async function giveUpOnWav(songId: string): Promise<void> {
  await db
    .update(songs)
    .set({ wavStatus: "error" })
    .where(and(eq(songs.id, songId), eq(songs.wavStatus, "fetching")));
}
