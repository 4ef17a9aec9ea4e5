// A user's webhook endpoints (/account/api/webhooks): register one (URL checked, secret made), list them,
// read one with its recent deliveries and their attempts, switch it off and on, delete it, replay a delivery.
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents, type WebhookAttempt } from "#drizzle/schema/platform";
import { enqueue } from "../../../jobs/enqueue";
import { db } from "~/server/db.server";
import { ApiError } from "~/server/http.server";
import { enforceRateLimits, RATE_LIMITS } from "~/server/rate-limit.server";
import { typedText } from "~/utils/input-schemas";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "./events";
import { newWebhookSecret } from "./sign";
import { checkWebhookHost, parseWebhookUrl, WebhookTargetError } from "./targets.server";

/** Endpoints one account may register. */
export const MAX_ENDPOINTS = 10;

export const EndpointFormSchema = z.object({
  url: typedText().trim().min(1, "Enter the URL to send events to.").max(2000, "At most 2,000 characters."),
  description: typedText().trim().max(200, "At most 200 characters.").default(""),
  events: z
    .preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(z.enum(WEBHOOK_EVENT_TYPES as [WebhookEventType, ...WebhookEventType[]], "Not an event we send.")).min(1, "Choose at least one event.")),
});

export interface EndpointView {
  id: string;
  url: string;
  description: string;
  events: string[];
  active: boolean;
  createdAt: string;
}

function endpointView(row: typeof webhookEndpoints.$inferSelect): EndpointView {
  return { id: row.id, url: row.url, description: row.description, events: row.events, active: row.active, createdAt: row.createdAt.toISOString() };
}

/** Registers an endpoint after checking its URL and what its host resolves to. Throws ApiError 400 on `url`. */
export async function createEndpoint(user: { id: string }, input: z.output<typeof EndpointFormSchema>): Promise<EndpointView & { secret: string }> {
  try {
    await checkWebhookHost(parseWebhookUrl(input.url));
  } catch (error) {
    if (error instanceof WebhookTargetError) throw new ApiError(400, "invalid_input", error.message, { url: [error.message] });
    throw error;
  }
  const [{ existing }] = await db.select({ existing: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, user.id));
  if (existing >= MAX_ENDPOINTS) throw new ApiError(409, "too_many_endpoints", `An account may have ${MAX_ENDPOINTS} webhook endpoints. Delete one you no longer use first.`);
  const [row] = await db
    .insert(webhookEndpoints)
    .values({ userId: user.id, url: input.url, description: input.description, events: [...new Set(input.events)], secret: newWebhookSecret() })
    .returning();
  return { ...endpointView(row), secret: row.secret };
}

export async function listEndpoints(userId: string): Promise<EndpointView[]> {
  const rows = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId)).orderBy(desc(webhookEndpoints.createdAt));
  return rows.map(endpointView);
}

export interface DeliveryView {
  id: string;
  eventId: string;
  eventType: string;
  replayOf: string | null;
  status: "pending" | "succeeded" | "failed";
  attempts: number;
  createdAt: string;
  lastAttemptAt: string | null;
  /** The most recent tries first. */
  tries: { attempt: number; responseStatus: number | null; responseBody: string | null; error: string | null; durationMs: number; at: string }[];
}

/** One of the account's endpoints with its secret and its last deliveries (newest first), or a 404. */
export async function endpointWithDeliveries(userId: string, endpointId: string, limit = 25): Promise<{ endpoint: EndpointView & { secret: string }; deliveries: DeliveryView[] }> {
  const [row] = await db.select().from(webhookEndpoints).where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.userId, userId)));
  if (!row) throw new ApiError(404, "not_found", "You have no webhook endpoint with this id.");
  const deliveries = await db
    .select({ delivery: webhookDeliveries, type: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(limit);
  const ids = deliveries.map(({ delivery }) => delivery.id);
  const attempts = ids.length === 0 ? [] : await db.select().from(webhookAttempts).where(inArray(webhookAttempts.deliveryId, ids)).orderBy(desc(webhookAttempts.attempt));
  const byDelivery = new Map<string, WebhookAttempt[]>();
  for (const attempt of attempts) byDelivery.set(attempt.deliveryId, [...(byDelivery.get(attempt.deliveryId) ?? []), attempt]);
  return {
    endpoint: { ...endpointView(row), secret: row.secret },
    deliveries: deliveries.map(({ delivery, type }) => ({
      id: delivery.id,
      eventId: delivery.eventId,
      eventType: type,
      replayOf: delivery.replayOf,
      status: delivery.status,
      attempts: delivery.attempts,
      createdAt: delivery.createdAt.toISOString(),
      lastAttemptAt: delivery.lastAttemptAt?.toISOString() ?? null,
      tries: (byDelivery.get(delivery.id) ?? []).slice(0, 5).map((attempt) => ({
        attempt: attempt.attempt,
        responseStatus: attempt.responseStatus,
        responseBody: attempt.responseBody,
        error: attempt.error,
        durationMs: attempt.durationMs,
        at: attempt.createdAt.toISOString(),
      })),
    })),
  };
}

export async function setEndpointActive(userId: string, endpointId: string, active: boolean): Promise<void> {
  const updated = await db.update(webhookEndpoints).set({ active }).where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.userId, userId))).returning({ id: webhookEndpoints.id });
  if (updated.length === 0) throw new ApiError(404, "not_found", "You have no webhook endpoint with this id.");
}

/** Deletes the endpoint and its deliveries (their queued jobs find nothing and stop). */
export async function deleteEndpoint(userId: string, endpointId: string): Promise<void> {
  const deleted = await db.delete(webhookEndpoints).where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.userId, userId))).returning({ id: webhookEndpoints.id });
  if (deleted.length === 0) throw new ApiError(404, "not_found", "You have no webhook endpoint with this id.");
}

/**
 * Sends one of the endpoint's deliveries again, as a new delivery of the same event (same body and
 * webhook-id, so a receiver that keeps ids can tell), with its own attempts. Throttled per account.
 */
export async function replayDelivery(userId: string, endpointId: string, deliveryId: string): Promise<string> {
  await enforceRateLimits(db, [[RATE_LIMITS.webhookReplayPerUser, userId]]);
  return db.transaction(async (tx) => {
    const [original] = await tx
      .select({ delivery: webhookDeliveries, active: webhookEndpoints.active })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId), eq(webhookEndpoints.userId, userId)));
    if (!original) throw new ApiError(404, "not_found", "This endpoint has no such delivery.");
    if (!original.active) throw new ApiError(409, "endpoint_inactive", "Switch the endpoint on before replaying to it.");
    const [replay] = await tx
      .insert(webhookDeliveries)
      .values({ endpointId, eventId: original.delivery.eventId, replayOf: original.delivery.replayOf ?? original.delivery.id, body: original.delivery.body })
      .returning({ id: webhookDeliveries.id });
    await enqueue("webhook.deliver", { deliveryId: replay.id }, { tx });
    return replay.id;
  });
}

/** Counts for the endpoint list: deliveries that failed for good in the last week, per endpoint. */
export async function recentFailures(userId: string): Promise<Record<string, number>> {
  const rows = await db
    .select({ endpointId: webhookDeliveries.endpointId, failed: count() })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookEndpoints.userId, userId), eq(webhookDeliveries.status, "failed"), sql`${webhookDeliveries.createdAt} > now() - interval '7 days'`))
    .groupBy(webhookDeliveries.endpointId);
  return Object.fromEntries(rows.map((row) => [row.endpointId, row.failed]));
}
