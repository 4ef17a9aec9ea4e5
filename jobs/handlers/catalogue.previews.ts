// Makes the style and filter previews missing for the current catalogue version (app/services/catalogue-previews).
import { ensureCataloguePreviews, previewVersion } from "../../app/services/catalogue-previews/index.server";
import type { JobHandler } from "../queues";

export const handle: JobHandler<"catalogue.previews"> = async (jobs) => {
  for (const job of jobs) {
    // A job queued by a start with another catalogue is stale: this process makes its own version's.
    if (job.data.version !== previewVersion()) continue;
    const made = await ensureCataloguePreviews();
    if (made > 0) console.log(`catalogue.previews: made ${made} previews (version ${job.data.version})`);
  }
};
