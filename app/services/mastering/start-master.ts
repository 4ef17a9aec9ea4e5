// POST /api/song/{id}/dolby/master (spec 2 §4 "Master Song"): the whole song mastered with the chosen
// preset, as the master.full job. The server requires a paid purchase for the song (whatever the page
// shows) and a chosen preset; a master of the version the song plays now is not made twice.
import { eq } from "drizzle-orm";
import { enqueue } from "../../../jobs/enqueue";
import { masteringFiles } from "../../../drizzle/schema/mastering";
import type { Song } from "../../../drizzle/schema/songs";
import { db } from "~/server/db.server";
import { ApiError } from "~/server/http.server";
import { paidPurchase } from "./checkout";
import { MASTERING_ERRORS } from "~/utils/mastering";
import { findMasteringFile } from "./files";

export const NOT_PAID_MESSAGE = "Mastering this song has not been paid for yet: complete the Checkout step first.";

export async function startMaster(song: Song, userId: string): Promise<{ status: "queued" | "processing" | "ready" }> {
  const master = await findMasteringFile(song.id, "dolby_master");
  if (!master) throw new ApiError(409, "ERROR_PRESET_SELECTION", MASTERING_ERRORS.ERROR_PRESET_SELECTION);
  if (!(await paidPurchase(song.id, userId))) throw new ApiError(402, "ERROR_PROCESSING", NOT_PAID_MESSAGE);
  if (song.status !== "complete" || !song.media) throw new ApiError(409, "ERROR_PROCESSING", MASTERING_ERRORS.ERROR_PROCESSING);
  if ((master.status === "queued" || master.status === "processing" || master.status === "ready") && master.songVersion === song.version) {
    return { status: master.status };
  }
  await db.transaction(async (tx) => {
    await tx.update(masteringFiles).set({ status: "queued", songVersion: song.version, errorCode: null }).where(eq(masteringFiles.id, master.id));
    await enqueue("master.full", { songId: song.id }, { tx });
  });
  return { status: "queued" };
}
