// Every ten minutes: each batch still waiting for its store's acknowledgement gets a check queued (a
// chain of checks that died with its retries starts again; a live chain's waiting check makes this one a
// no-op, the queue holding one per delivery).
import { eq } from "drizzle-orm";
import { storeDeliveries } from "../../drizzle/schema/distribution";
import { db } from "../../app/server/db.server";
import { enqueue } from "../enqueue";
import type { JobHandler } from "../queues";

export const handle: JobHandler<"release.ack-sweep"> = async () => {
  const waiting = await db.select({ id: storeDeliveries.id }).from(storeDeliveries).where(eq(storeDeliveries.phase, "uploaded"));
  for (const row of waiting) await enqueue("release.ack", { deliveryId: row.id });
};
