// The local stores' usage reports (docs/money.md "Where reports come from"): the day asked for, or
// yesterday for the daily run. Does nothing when real stores are configured or in production.
import { writeLocalStoreReports } from "../../app/services/distribution/local-reports.server";
import type { JobHandler } from "../queues";

export const handle: JobHandler<"royalties.local-reports"> = async (jobs) => {
  for (const job of jobs) {
    const day = job.data.day ?? new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const { written } = await writeLocalStoreReports(day);
    if (written.length > 0) console.info(`local stores: ${written.length} usage report(s) for ${day} (made-up figures) in the royalty reports folder`);
  }
};
