// The master.full job: the song's WAV (the version the master was started for) mastered with the chosen
// preset, stored as MP3 and WAV, measured before and after; the song is then marked mastered (a paid
// user's mastered song is no longer editable, only copyable: song-edit.server.ts). Forward-only: a song
// edited meanwhile gets no master of its old version (the row is failed with ERROR_PROCESSING, to start
// again). After the last attempt: ERROR_PROCESSING_UNRECOVERABLE.
import { and, eq, inArray } from "drizzle-orm";
import { masteringFiles, type MasterMetadata } from "../../../drizzle/schema/mastering";
import { songs } from "../../../drizzle/schema/songs";
import { masterSongOffThread } from "~/engine/threads";
import { findSong } from "~/models/song.server";
import { db } from "~/server/db.server";
import { getStorage } from "~/server/storage.server";
import { findMasteringFile, masteringKeys, masterMetadata } from "./files";

export async function renderMaster(songId: string): Promise<void> {
  const file = await findMasteringFile(songId, "dolby_master");
  if (!file || (file.status !== "queued" && file.status !== "processing")) return;
  const song = await findSong(songId);
  if (!song?.media) throw new Error(`Song ${songId} has no media to master`);
  if (song.version !== file.songVersion) {
    await db.update(masteringFiles).set({ status: "failed", errorCode: "ERROR_PROCESSING" }).where(eq(masteringFiles.id, file.id));
    return;
  }
  await db.update(masteringFiles).set({ status: "processing" }).where(and(eq(masteringFiles.id, file.id), eq(masteringFiles.status, "queued")));
  const storage = getStorage();
  const wav = await storage.get(song.media.wav);
  if (!wav) throw new Error(`The WAV of song ${songId} is missing from storage (${song.media.wav})`);
  const metadata = masterMetadata(file);
  const mastered = await masterSongOffThread({ wav, letter: metadata.preset, intensity: metadata.intensity, targetLufs: metadata.targetLufs });
  const mp3Key = masteringKeys.master(songId, file.songVersion, "mp3");
  const wavKey = masteringKeys.master(songId, file.songVersion, "wav");
  await storage.put(mp3Key, mastered.mp3);
  await storage.put(wavKey, mastered.wav);
  const done: MasterMetadata = { ...metadata, before: mastered.before, after: mastered.after, mp3Key, wavKey };
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(masteringFiles)
      .set({ status: "ready", metadata: done, errorCode: null })
      .where(and(eq(masteringFiles.id, file.id), eq(masteringFiles.status, "processing"), eq(masteringFiles.songVersion, file.songVersion)))
      .returning({ id: masteringFiles.id });
    if (updated) await tx.update(songs).set({ masteredAt: new Date() }).where(eq(songs.id, songId));
  });
}

/** After the job's last attempt. */
export async function giveUpOnMaster(songId: string): Promise<void> {
  await db
    .update(masteringFiles)
    .set({ status: "failed", errorCode: "ERROR_PROCESSING_UNRECOVERABLE" })
    .where(and(eq(masteringFiles.songId, songId), eq(masteringFiles.type, "dolby_master"), inArray(masteringFiles.status, ["queued", "processing"])));
}
