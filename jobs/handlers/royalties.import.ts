// Imports registered store reports (app/services/royalties/import.server.ts). Chunks commit with their
// progress, so a retried job resumes where the last attempt stopped, and a complete report is a no-op.
import { importReport } from "../../app/services/royalties/import.server";
import type { JobHandler } from "../queues";

export const handle: JobHandler<"royalties.import"> = async (jobs) => {
  for (const job of jobs) {
    const summary = await importReport(job.data.importId);
    if (!summary.alreadyComplete) console.info(`royalties: report ${summary.reportId}: ${summary.lines} lines, ${summary.matched} matched, ${summary.held} held`);
  }
};
