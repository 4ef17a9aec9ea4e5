// Looks for a store's acknowledgement of one batch; until it comes, queues the next look.
import { eq } from "drizzle-orm";
import { storeDeliveries } from "../../drizzle/schema/distribution";
import { nextAckPoll, pollAcknowledgement } from "../../app/services/distribution/deliver.server";
import { db } from "../../app/server/db.server";
import { enqueue } from "../enqueue";
import type { JobHandler } from "../queues";

export const handle: JobHandler<"release.ack"> = async (jobs) => {
  for (const job of jobs) {
    if (await pollAcknowledgement(job.data.deliveryId)) continue;
    const [row] = await db.select({ uploadedAt: storeDeliveries.uploadedAt }).from(storeDeliveries).where(eq(storeDeliveries.id, job.data.deliveryId));
    await enqueue("release.ack", job.data, { startAfter: nextAckPoll(row?.uploadedAt ?? null) });
  }
};
