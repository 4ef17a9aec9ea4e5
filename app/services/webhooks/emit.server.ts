// Telling a user's endpoints that something happened. Called where the fact is written (a song completes,
// a release moves, a store answers, royalties are credited, a withdrawal is paid), inside that write's
// transaction when there is one: the event row, one delivery per subscribed endpoint and their jobs
// commit together with the fact, or not at all. The event's dedupe key makes it exist once, so code that
// runs twice (a retried job) cannot send it twice.
import { and, arrayContains, eq } from "drizzle-orm";
import { newId } from "#drizzle/schema/columns";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "#drizzle/schema/platform";
import { enqueue } from "../../../jobs/enqueue";
import type { Db, Tx } from "~/server/db.server";
import type { WebhookEventType } from "./events";

export interface WebhookEventInput {
  userId: string;
  type: WebhookEventType;
  /** Names the fact, unique per user and type: `song:<id>`, `delivery:<id>`... */
  dedupeKey: string;
  data: Record<string, unknown>;
}

/** Records the event and queues its deliveries. Returns the event id, or null when it was recorded before. */
export async function emitWebhookEvent(database: Db | Tx, event: WebhookEventInput): Promise<string | null> {
  // A savepoint inside the caller's transaction (or a transaction of its own): the event and its jobs
  // stand or fall together.
  return database.transaction(async (tx) => {
    const id = `evt_${newId()}`;
    const createdAt = new Date();
    const [inserted] = await tx
      .insert(webhookEvents)
      .values({ id, userId: event.userId, type: event.type, dedupeKey: event.dedupeKey, data: event.data, createdAt })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id });
    if (!inserted) return null;
    const endpoints = await tx
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.userId, event.userId), eq(webhookEndpoints.active, true), arrayContains(webhookEndpoints.events, [event.type])));
    if (endpoints.length === 0) return id;
    const body = JSON.stringify({ id, type: event.type, createdAt: createdAt.toISOString(), data: event.data });
    const deliveries = await tx
      .insert(webhookDeliveries)
      .values(endpoints.map((endpoint) => ({ endpointId: endpoint.id, eventId: id, body })))
      .returning({ id: webhookDeliveries.id });
    for (const delivery of deliveries) await enqueue("webhook.deliver", { deliveryId: delivery.id }, { tx });
    return id;
  });
}
