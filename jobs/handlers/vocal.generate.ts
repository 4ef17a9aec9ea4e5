// Makes a vocal for a song: a user's take (kind "take") or a voice singing the lyrics (kind "generated").
// Both end with the vocal's audio in storage and the row completed; see docs/vocals-flow.md.
import { generateSongVocal } from "../../app/services/vocals/generative-vocals.server";
import { processSongVocalTake } from "../../app/services/vocals/vocal-take.server";
import { findVocal, giveUpOnVocal } from "../../app/services/vocals/vocal-mix.server";
import { queues, type JobHandler } from "../queues";

export const handle: JobHandler<"vocal.generate"> = async (jobs) => {
  for (const job of jobs) {
    const vocal = await findVocal(job.data.vocalId);
    // A completed vocal still goes to its service: a take is completed before it is applied, and a retry
    // after a crash between the two must still apply it (each service knows what is left to do).
    if (!vocal || vocal.status === "error") continue;
    try {
      if (vocal.kind === "take") await processSongVocalTake(vocal.id);
      else await generateSongVocal(vocal.id);
    } catch (error) {
      if (job.retryCount >= queues["vocal.generate"].retryLimit) await giveUpOnVocal(vocal.id, error, errorCode(error));
      throw error;
    }
  }
};

/** A failure that names its spec 1 §8 code (e.g. vocal_melody_error) keeps it; anything else is generic. */
function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^[a-z_]+$/.test(code) ? code : "generic_error";
}
