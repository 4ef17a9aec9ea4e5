// Exports the WAV of a song's current version; see exportSongWav in app/services/songs/wav.server.ts.
import { exportSongWav, giveUpOnWav } from "../../app/services/songs/wav.server";
import { queues, type JobHandler } from "../queues";

export const handle: JobHandler<"song.wav"> = async (jobs) => {
  for (const job of jobs) {
    try {
      await exportSongWav(job.data.songId);
    } catch (error) {
      if (job.retryCount >= queues["song.wav"].retryLimit) await giveUpOnWav(job.data.songId);
      throw error;
    }
  }
};
