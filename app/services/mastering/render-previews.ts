// The master.preview job: the song's WAV (the version the previews were asked for), its 30-second window,
// every preset's preview and the unmastered window at matched loudness, encoded and stored; the row then
// holds each file's key, loudness before and after, true peak and spectrum. Forward-only: a row deleted
// or replaced meanwhile is left alone. After the last attempt the row shows
// ERROR_LOADING_PREVIEW_UNRECOVERABLE, so the page stops polling.
import { and, eq } from "drizzle-orm";
import { masteringFiles, type PreviewsMetadata } from "../../../drizzle/schema/mastering";
import { renderPreviewsOffThread } from "~/engine/threads";
import { findSong } from "~/models/song.server";
import { db } from "~/server/db.server";
import { getStorage } from "~/server/storage.server";
import { findMasteringFile, masteringKeys, previewsMetadata } from "./files";

export async function renderMasteringPreviews(songId: string): Promise<void> {
  const file = await findMasteringFile(songId, "dolby_previews");
  if (!file || file.status === "ready" || file.status === "failed") return;
  const song = await findSong(songId);
  if (!song?.media) throw new Error(`Song ${songId} has no media to preview`);
  await db.update(masteringFiles).set({ status: "processing" }).where(and(eq(masteringFiles.id, file.id), eq(masteringFiles.status, "queued")));
  const storage = getStorage();
  // The WAV export of the version the previews were asked for, else that version's own render WAV.
  const key = song.wavKey && song.wavVersion === file.songVersion ? song.wavKey : song.media.wav;
  const wav = await storage.get(key);
  if (!wav) throw new Error(`The WAV of song ${songId} is missing from storage (${key})`);
  const metadata = previewsMetadata(file);
  const rendered = await renderPreviewsOffThread({
    wav,
    startSeconds: metadata.sampleStartSeconds,
    seconds: metadata.sampleSeconds,
    intensity: metadata.intensity,
    targetLufs: metadata.targetLufs,
  });
  const originalKey = masteringKeys.original(songId);
  await storage.put(originalKey, rendered.original.mp3);
  const previews = [];
  for (const preview of rendered.previews) {
    const previewKey = masteringKeys.preview(songId, preview.letter);
    await storage.put(previewKey, preview.mp3);
    previews.push({ letter: preview.letter, key: previewKey, before: preview.before, after: preview.after, spectrum: preview.spectrum });
  }
  const done: PreviewsMetadata = { ...metadata, original: { key: originalKey, after: rendered.original.after, spectrum: rendered.original.spectrum }, previews };
  await db
    .update(masteringFiles)
    .set({ status: "ready", metadata: done, errorCode: null })
    .where(and(eq(masteringFiles.id, file.id), eq(masteringFiles.status, "processing")));
}

/** After the job's last attempt. */
export async function giveUpOnPreviews(songId: string): Promise<void> {
  await db
    .update(masteringFiles)
    .set({ status: "failed", errorCode: "ERROR_LOADING_PREVIEW_UNRECOVERABLE" })
    .where(and(eq(masteringFiles.songId, songId), eq(masteringFiles.type, "dolby_previews"), eq(masteringFiles.status, "processing")));
  await db
    .update(masteringFiles)
    .set({ status: "failed", errorCode: "ERROR_LOADING_PREVIEW_UNRECOVERABLE" })
    .where(and(eq(masteringFiles.songId, songId), eq(masteringFiles.type, "dolby_previews"), eq(masteringFiles.status, "queued")));
}
