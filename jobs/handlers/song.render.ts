// Renders a composed song to audio in media storage and completes it. Idempotent: a retry after a killed
// worker renders again and overwrites the same files; see app/services/songs/generate.server.ts. Pool songs
// render the same way on their own queue (song.render-pool.ts).
import { giveUpOnSong, renderSongMedia } from "../../app/services/songs/generate.server";
import { queues, type JobHandler } from "../queues";

export function renderSongs(queue: "song.render" | "song.render-pool"): JobHandler<typeof queue> {
  return async (jobs) => {
    for (const job of jobs) {
      try {
        await renderSongMedia(job.data.songId);
      } catch (error) {
        if (job.retryCount >= queues[queue].retryLimit) await giveUpOnSong(job.data.songId, error);
        throw error;
      }
    }
  };
}

export const handle = renderSongs("song.render");
