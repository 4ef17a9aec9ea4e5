// Hourly sweep: a throttle counter whose window has ended counts for nothing (the next hit starts a new
// window), so its row goes; the table stays as small as the last hour's traffic.
import { deleteExpiredRateLimitCounters } from "../../app/server/rate-limit.server";
import type { JobHandler } from "../queues";

export const handle: JobHandler<"housekeeping.expire-rate-limits"> = async () => {
  const count = await deleteExpiredRateLimitCounters();
  if (count > 0) console.info(`housekeeping: deleted ${count} expired throttle counters`);
};
