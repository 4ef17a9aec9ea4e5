// Draws a generated cover; see generateCoverArt in app/services/releases/generated-art.ts.
import { failGeneratedArt, generateCoverArt } from "../../app/services/releases/generated-art";
import { queues, type JobHandler } from "../queues";

export const handle: JobHandler<"release.cover-art"> = async (jobs) => {
  for (const job of jobs) {
    try {
      await generateCoverArt(job.data.generatedArtId);
    } catch (error) {
      if (job.retryCount >= queues["release.cover-art"].retryLimit) await failGeneratedArt(job.data.generatedArtId);
      throw error;
    }
  }
};
