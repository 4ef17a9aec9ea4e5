// Composes a song (notes and sounds) and queues its render. Idempotent: see app/services/songs/generate.server.ts.
import { composeSong, giveUpOnSong } from "../../app/services/songs/generate.server";
import { queues, type JobHandler } from "../queues";

export const handle: JobHandler<"song.compose"> = async (jobs) => {
  for (const job of jobs) {
    try {
      await composeSong(job.data.songId);
    } catch (error) {
      if (job.retryCount >= queues["song.compose"].retryLimit) await giveUpOnSong(job.data.songId, error);
      throw error;
    }
  }
};
