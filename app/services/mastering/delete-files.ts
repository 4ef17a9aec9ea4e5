// DELETE /api/song/{id}/dolby/preview and DELETE /api/song/{id}/dolby/master: the file's row and its
// stored audio. Deleting the previews frees the song's one preview sample; deleting the master puts the
// song's own files back in play and makes it an unmastered song again (a paid purchase stays, so it can
// be mastered again).
import { eq } from "drizzle-orm";
import { masteringFiles, type MasteringFileType } from "../../../drizzle/schema/mastering";
import { songs } from "../../../drizzle/schema/songs";
import { getStorage } from "~/server/storage.server";
import { db } from "~/server/db.server";
import { findMasteringFile, masterMetadata, previewsMetadata } from "./files";

/** Resolves to whether there was a file to delete. */
export async function deleteMasteringFile(songId: string, type: MasteringFileType): Promise<boolean> {
  const file = await findMasteringFile(songId, type);
  if (!file) return false;
  await db.transaction(async (tx) => {
    await tx.delete(masteringFiles).where(eq(masteringFiles.id, file.id));
    // Without its master the song is no longer mastered: editable again, and its audio URL changes back.
    if (type === "dolby_master") await tx.update(songs).set({ masteredAt: null }).where(eq(songs.id, songId));
  });
  const storage = getStorage();
  if (type === "dolby_previews") {
    const metadata = previewsMetadata(file);
    await Promise.all([...(metadata.previews ?? []).map((preview) => storage.delete(preview.key)), metadata.original ? storage.delete(metadata.original.key) : null]);
  } else {
    const metadata = masterMetadata(file);
    await Promise.all([metadata.mp3Key, metadata.wavKey].map((key) => (key ? storage.delete(key) : null)));
  }
  return true;
}
