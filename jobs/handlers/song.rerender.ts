// Renders an edit of a song as its next version; see renderSongVersion in app/services/songs/edit.server.ts.
import { giveUpOnVersion, renderSongVersion } from "../../app/services/songs/edit.server";
import { queues, type JobHandler } from "../queues";

export const handle: JobHandler<"song.rerender"> = async (jobs) => {
  for (const job of jobs) {
    try {
      await renderSongVersion(job.data.songId, job.data.version);
    } catch (error) {
      if (job.retryCount >= queues["song.rerender"].retryLimit) await giveUpOnVersion(job.data.songId, job.data.version, error);
      throw error;
    }
  }
};
