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

/**
 * Records the event and queues its deliveries, when the user has an endpoint that wants it (an account
 * without webhooks costs one indexed read, and no rows pile up for it). Returns the event id, or null
 * when nobody listens or the event was recorded before.
 */
export async function emitWebhookEvent(database: Db | Tx, event: WebhookEventInput): Promise<string | null> {
  // A savepoint inside the caller's transaction (or a transaction of its own): the event and its jobs
  // stand or fall together.
  return database.transaction(async (tx) => {
    const endpoints = await tx
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.userId, event.userId), eq(webhookEndpoints.active, true), arrayContains(webhookEndpoints.events, [event.type])));
    if (endpoints.length === 0) return null;
    const id = `evt_${newId()}`;
    const createdAt = new Date();
    const [inserted] = await tx
      .insert(webhookEvents)
      .values({ id, userId: event.userId, type: event.type, dedupeKey: event.dedupeKey, data: event.data, createdAt })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id });
    if (!inserted) return null;
    const body = JSON.stringify({ id, type: event.type, createdAt: createdAt.toISOString(), data: event.data });
    const deliveries = await tx
      .insert(webhookDeliveries)
      .values(endpoints.map((endpoint) => ({ endpointId: endpoint.id, eventId: id, body })))
      .returning({ id: webhookDeliveries.id });
    for (const delivery of deliveries) await enqueue("webhook.deliver", { deliveryId: delivery.id }, { tx });
    return id;
  });
}

// The events' data, one builder per event, as events.ts documents them.

/** song.ready: a song of `userId` has just become complete (rendered, or handed over from the pool). */
export function emitSongReady(database: Db | Tx, userId: string, song: { id: string; songName: string; style: string; filter: string; durationSeconds: number | null }) {
  return emitWebhookEvent(database, {
    userId,
    type: "song.ready",
    dedupeKey: `song:${song.id}`,
    data: { song: { id: song.id, status: "complete", songName: song.songName, style: song.style, filter: song.filter, durationSeconds: song.durationSeconds } },
  });
}

/** release.status_changed: one row of the release's status history (its id names the event). */
export function emitReleaseStatusChanged(
  database: Db | Tx,
  change: { changeId: string; userId: string; releaseId: string; title: string; from: number | null; to: number | null; fromLabel: string; toLabel: string },
) {
  return emitWebhookEvent(database, {
    userId: change.userId,
    type: "release.status_changed",
    dedupeKey: `release-status:${change.changeId}`,
    data: { release: { id: change.releaseId, title: change.title }, from: change.from, to: change.to, fromLabel: change.fromLabel, toLabel: change.toLabel },
  });
}

/** store.acknowledged: a store answered one delivery (a release or a takedown) of the user's release. */
export function emitStoreAcknowledged(
  database: Db | Tx,
  ack: { deliveryId: string; userId: string; releaseId: string; storeId: string; storeName: string; kind: string; accepted: boolean; status: number; statusLabel: string; message: string | null },
) {
  return emitWebhookEvent(database, {
    userId: ack.userId,
    type: "store.acknowledged",
    dedupeKey: `delivery:${ack.deliveryId}`,
    data: { release: { id: ack.releaseId }, store: { id: ack.storeId, name: ack.storeName }, kind: ack.kind, accepted: ack.accepted, status: ack.status, statusLabel: ack.statusLabel, message: ack.message },
  });
}

/** royalties.imported: a store report credited the user's balance. */
export function emitRoyaltiesImported(
  database: Db | Tx,
  royalties: { reportId: string; userId: string; periodStart: string | null; periodEnd: string | null; creditedMicros: number },
) {
  return emitWebhookEvent(database, {
    userId: royalties.userId,
    type: "royalties.imported",
    dedupeKey: `royalty-report:${royalties.reportId}`,
    data: { report: { id: royalties.reportId }, periodStart: royalties.periodStart, periodEnd: royalties.periodEnd, creditedMicros: royalties.creditedMicros },
  });
}

/** withdrawal.paid: the bank has the money. */
export function emitWithdrawalPaid(database: Db | Tx, withdrawal: { id: string; userId: string; amountCents: number; currency: string; paidAt: Date }) {
  return emitWebhookEvent(database, {
    userId: withdrawal.userId,
    type: "withdrawal.paid",
    dedupeKey: `withdrawal:${withdrawal.id}`,
    data: { withdrawal: { id: withdrawal.id }, amountCents: withdrawal.amountCents, currency: withdrawal.currency, paidAt: withdrawal.paidAt.toISOString() },
  });
}
