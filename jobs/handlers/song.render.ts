// Renders a composed song to audio in media storage and completes it. Idempotent: a retry after a killed
// worker renders again and overwrites the same files; see app/services/song-generate.server.ts.
import { giveUpOnSong, renderSongMedia } from "../../app/services/song-generate.server";
import { queues, type JobHandler } from "../queues";

export const handle: JobHandler<"song.render"> = async (jobs) => {
  for (const job of jobs) {
    try {
      await renderSongMedia(job.data.songId);
    } catch (error) {
      if (job.retryCount >= queues["song.render"].retryLimit) await giveUpOnSong(job.data.songId, error);
      throw error;
    }
  }
};
