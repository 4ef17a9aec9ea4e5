// POST /api/song/{id}/dolby/select_preset: the preset the song will be mastered with, chosen from its
// ready previews. Kept on the song's master row, `waiting` until the master is paid for and started; a
// new choice replaces the old one, unless a master is already being made or made.
import { masteringFiles, type MasterMetadata } from "../../../drizzle/schema/mastering";
import type { Song } from "../../../drizzle/schema/songs";
import { presetByLetter } from "~/engine/master/presets";
import { db } from "~/server/db.server";
import { ApiError } from "~/server/http.server";
import { MASTERING_ERRORS } from "~/utils/mastering";
import { findMasteringFile, previewsMetadata } from "./files";

export async function selectPreset(song: Song, userId: string, letter: string): Promise<MasterMetadata> {
  const preset = presetByLetter(letter);
  const previews = await findMasteringFile(song.id, "dolby_previews");
  if (!preset || !previews || previews.status !== "ready") throw new ApiError(409, "ERROR_PRESET_SELECTION", MASTERING_ERRORS.ERROR_PRESET_SELECTION);
  const master = await findMasteringFile(song.id, "dolby_master");
  if (master && master.status !== "waiting" && master.status !== "failed") {
    throw new ApiError(409, "ERROR_PRESET_SELECTION", "This song's master is already made with another preset. Delete it to choose again.");
  }
  const { intensity, platform, targetLufs } = previewsMetadata(previews);
  const metadata: MasterMetadata = { preset: preset.letter, intensity, platform, targetLufs };
  await db
    .insert(masteringFiles)
    .values({ songId: song.id, userId, type: "dolby_master", status: "waiting", songVersion: song.version, metadata })
    .onConflictDoUpdate({ target: [masteringFiles.songId, masteringFiles.type], set: { status: "waiting", songVersion: song.version, metadata, errorCode: null, updatedAt: new Date() } });
  return metadata;
}
