// A song mastered with its chosen preset; see renderMaster in app/services/mastering.
import { giveUpOnMaster, renderMaster } from "../../app/services/mastering";
import { queues, type JobHandler } from "../queues";

export const handle: JobHandler<"master.full"> = async (jobs) => {
  for (const job of jobs) {
    try {
      await renderMaster(job.data.songId);
    } catch (error) {
      if (job.retryCount >= queues["master.full"].retryLimit) await giveUpOnMaster(job.data.songId);
      throw error;
    }
  }
};
