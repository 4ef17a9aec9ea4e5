// Every preset's preview of a song's 30-second sample; see renderMasteringPreviews in app/services/mastering.
import { giveUpOnPreviews, renderMasteringPreviews } from "../../app/services/mastering";
import { queues, type JobHandler } from "../queues";

export const handle: JobHandler<"master.preview"> = async (jobs) => {
  for (const job of jobs) {
    try {
      await renderMasteringPreviews(job.data.songId);
    } catch (error) {
      if (job.retryCount >= queues["master.preview"].retryLimit) await giveUpOnPreviews(job.data.songId);
      throw error;
    }
  }
};
