// The two delivery jobs (issue 18 §4; docs/distribution.md "The flow"):
// - release.deliver, one per release × store × kind: build the package and the ERN message, validate it,
//   upload the batch (resuming a half-uploaded one) and queue the acknowledgement check;
// - release.ack: read the store's DDEX acknowledgement, set the store's status and, when every store has
//   answered, move the release (Approved → Live, Pending Removal → Removed) through status.ts.
import { and, eq, inArray, sql } from "drizzle-orm";
import { enqueue } from "../../../jobs/enqueue";
import { users } from "../../../drizzle/schema/auth";
import { storeDeliveries, type StoreDelivery } from "../../../drizzle/schema/distribution";
import { releases, type Release } from "../../../drizzle/schema/releases";
import { db, type Db, type Tx } from "~/server/db.server";
import { env } from "~/server/env.server";
import { log } from "~/server/observability";
import { ReleaseStatus, transitionRelease } from "../releases/status";
import { PlatformStatus, platformStatusLabel } from "./acknowledgement";
import { emitStoreAcknowledged } from "../webhooks/emit.server";
import { storeConnection, usingLocalStores } from "./config.server";
import { buildErn } from "./ern";
import { loadRelease, releasePackage } from "./package.server";
import { acknowledgementPath, MAX_ACK_BYTES, platformStatusFor, readFtpAcknowledgement, storeWords } from "./ftp-acknowledgement.server";
import { readAcknowledgement, uploadBatch, type UploadHooks } from "./sftp-upload.server";
import { findStore, type Store } from "./stores";
import { validateErn } from "./validate";
import { notifyReleaseLive } from "~/services/review/notify.server";

async function loadDelivery(id: string): Promise<StoreDelivery | null> {
  const [row] = await db.select().from(storeDeliveries).where(eq(storeDeliveries.id, id));
  return row ?? null;
}

async function updateDelivery(id: string, set: Partial<typeof storeDeliveries.$inferInsert>): Promise<void> {
  await db.update(storeDeliveries).set(set).where(eq(storeDeliveries.id, id));
}

/** The batch id: when the first attempt began, and the UPC; a takedown's says so. */
function newBatch(upc: string, kind: StoreDelivery["kind"], now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:TZ.]/g, "");
  return `${stamp}_${upc}${kind === "takedown" ? "_takedown" : ""}`;
}

export function batchFolder(store: Store, batch: string, upc: string): string {
  return store.folder.replaceAll("{batch}", batch).replaceAll("{upc}", upc);
}

/** Why a release in this status is not delivered now, or null when it may be. */
function refusal(release: Release, label: string, kind: StoreDelivery["kind"]): string | null {
  if (kind === "takedown") return null;
  if (label === "SHADOWBAN") return "The owner's label is SHADOWBAN: nothing is delivered.";
  if (release.status !== ReleaseStatus.Approved && release.status !== ReleaseStatus.Live) return "The release was no longer approved when its delivery came up.";
  return null;
}

/** release.deliver: one batch to one store. Throws to be retried (network, files not ready yet). */
export async function deliverToStore(deliveryId: string, hooks: UploadHooks = {}): Promise<void> {
  const delivery = await loadDelivery(deliveryId);
  if (!delivery || (delivery.phase !== "queued" && delivery.phase !== "uploading")) return;
  const release = await loadRelease(delivery.releaseId);
  const store = findStore(delivery.storeId);
  if (!release || !store || !release.upc) return;
  const [owner] = await db.select({ label: users.releaseLabel }).from(users).where(eq(users.id, release.userId));
  const refused = refusal(release, owner?.label ?? "SONGLOOM", delivery.kind);
  if (refused) {
    await updateDelivery(delivery.id, { phase: "refused", status: PlatformStatus.NotSubmitted, error: refused });
    await settleAndNotify(release.id);
    return;
  }
  if (delivery.kind === "takedown") {
    // The store must have the release before it can take it down: wait for its batch to be up.
    const [original] = await db
      .select({ phase: storeDeliveries.phase })
      .from(storeDeliveries)
      .where(and(eq(storeDeliveries.releaseId, release.id), eq(storeDeliveries.storeId, store.id), eq(storeDeliveries.kind, "release")));
    if (original?.phase === "uploading") throw new Error(`The release's batch to ${store.name} is still uploading; the takedown follows it`);
  }
  // The batch folder is fixed by the first attempt: a retry resumes it instead of starting another.
  if (!delivery.batch) {
    await db
      .update(storeDeliveries)
      .set({ batch: newBatch(release.upc, delivery.kind) })
      .where(and(eq(storeDeliveries.id, delivery.id), sql`${storeDeliveries.batch} is null`));
  }
  const [current] = await db
    .update(storeDeliveries)
    .set({ phase: "uploading", attempts: sql`${storeDeliveries.attempts} + 1` })
    .where(eq(storeDeliveries.id, delivery.id))
    .returning();
  const batch = current.batch!;
  try {
    const connection = await storeConnection(store.id);
    const pack = await releasePackage(release);
    const takedown = delivery.kind === "takedown";
    const xml = buildErn({
      ...pack.message,
      messageId: batch,
      threadId: release.upc,
      // The first attempt's time: a retry builds the very same message, so an uploaded copy stands.
      createdAt: current.createdAt,
      sender: { dpid: env.DDEX_SENDER_DPID, name: env.DDEX_SENDER_NAME },
      recipient: { dpid: connection.dpid, name: store.name },
      takedown,
      test: connection.local,
      territories: store.territories,
      deals: store.deals,
      endDate: takedown ? current.createdAt.toISOString().slice(0, 10) : undefined,
    });
    const validation = validateErn(xml);
    if (!validation.valid) {
      // Nothing leaves: staff see the validator's words on the release's store statuses.
      await updateDelivery(delivery.id, { phase: "refused", status: PlatformStatus.Failure, error: `The DDEX message failed validation: ${validation.errors.join("; ")}` });
      await settleAndNotify(release.id);
      return;
    }
    await uploadBatch(
      connection,
      // A takedown sends the message only: the store has the files.
      { folder: batchFolder(store, batch, release.upc), batch, files: takedown ? [] : pack.files, message: { name: `${batch}.xml`, xml } },
      async (name) => {
        await db
          .update(storeDeliveries)
          .set({ uploadedFiles: sql`case when ${storeDeliveries.uploadedFiles} ? ${name} then ${storeDeliveries.uploadedFiles} else ${storeDeliveries.uploadedFiles} || ${JSON.stringify([name])}::jsonb end` })
          .where(eq(storeDeliveries.id, delivery.id));
      },
      hooks,
    );
    await db.transaction(async (tx) => {
      await tx.update(storeDeliveries).set({ phase: "uploaded", messageId: batch, uploadedAt: new Date(), error: null }).where(eq(storeDeliveries.id, delivery.id));
      await enqueue("release.ack", { deliveryId: delivery.id }, { tx, startAfter: 1 });
    });
  } catch (error) {
    await updateDelivery(delivery.id, { error: `Upload failed: ${(error as Error).message}` });
    throw error;
  }
}

/** The delivery's last attempt failed: the store's status is Failure (staff see the error). */
export async function markDeliveryFailed(deliveryId: string): Promise<void> {
  const [row] = await db
    .update(storeDeliveries)
    .set({ phase: "refused", status: PlatformStatus.Failure })
    .where(and(eq(storeDeliveries.id, deliveryId), inArray(storeDeliveries.phase, ["queued", "uploading"])))
    .returning({ releaseId: storeDeliveries.releaseId });
  if (row) await settleAndNotify(row.releaseId);
}

/**
 * release.ack: reads the store's FtpAcknowledgementMessage for the batch. True once it has answered
 * readably (or there is nothing to wait for); false while there is no answer, or while the answer cannot
 * be read: then the delivery is held (ack_problem, the answer kept), the store's status stays where it
 * was, and the check goes on in case the store replaces its answer.
 */
export async function pollAcknowledgement(deliveryId: string): Promise<boolean> {
  const delivery = await loadDelivery(deliveryId);
  if (!delivery || delivery.phase !== "uploaded" || !delivery.batch) return true;
  const release = await loadRelease(delivery.releaseId);
  const store = findStore(delivery.storeId);
  if (!release?.upc || !store) return true;
  const connection = await storeConnection(store.id);
  const file = await readAcknowledgement(connection, batchFolder(store, delivery.batch, release.upc), acknowledgementPath(delivery.batch), MAX_ACK_BYTES);
  if (file === null) return false;
  const raw = file.body?.toString("utf8") ?? null;
  const reading = file.body
    ? readFtpAcknowledgement(file.body, { releaseId: release.upc, senderDpid: connection.dpid })
    : ({ ok: false, problem: `The acknowledgement is ${file.bytes} bytes, more than the ${MAX_ACK_BYTES} an acknowledgement can be.` } as const);
  if (!reading.ok) {
    await holdAcknowledgement(delivery, reading.problem, raw);
    return false;
  }
  const { ack } = reading;
  const status = platformStatusFor(ack.fileStatus, delivery.kind);
  const words = storeWords(ack);
  const accepted = ack.fileStatus === "FileOK";
  const settled = await db.transaction(async (tx) => {
    const moved = await tx
      .update(storeDeliveries)
      .set({
        phase: "acknowledged",
        // Never backwards: a release the store already took down stays Removed whatever comes after.
        status: sql`(case when ${storeDeliveries.status} = ${PlatformStatus.Removed} then ${PlatformStatus.Removed} else ${status} end)::smallint`,
        error: accepted ? null : `${ack.fileStatus}: ${words}`,
        storeFileStatus: ack.fileStatus,
        storeMessage: accepted && !ack.errorText ? null : words,
        ackProblem: null,
        acknowledgement: raw,
        acknowledgedAt: new Date(),
      })
      .where(and(eq(storeDeliveries.id, delivery.id), eq(storeDeliveries.phase, "uploaded")))
      .returning({ id: storeDeliveries.id });
    if (moved.length === 0) return null;
    await emitStoreAcknowledged(tx, {
      deliveryId: delivery.id,
      userId: release.userId,
      releaseId: delivery.releaseId,
      storeId: store.id,
      storeName: store.name,
      kind: delivery.kind,
      accepted,
      status,
      statusLabel: platformStatusLabel(status),
      message: accepted && !ack.errorText ? null : words,
    });
    if (delivery.kind === "takedown" && status === PlatformStatus.Removed) {
      await tx
        .update(storeDeliveries)
        .set({ status: PlatformStatus.Removed })
        .where(and(eq(storeDeliveries.releaseId, delivery.releaseId), eq(storeDeliveries.storeId, delivery.storeId), eq(storeDeliveries.kind, "release")));
    }
    return settleRelease(tx, delivery.releaseId);
  });
  if (settled === "live") await wentLive(delivery.releaseId);
  return true;
}

/**
 * Holds a delivery whose store answered unreadably: its status does not move, the problem and the answer
 * are kept for staff (logged once per distinct answer), and the release may move on without it (a
 * release's Live does not wait on one store's garbled answer; its takedown does, see settleRelease).
 */
async function holdAcknowledgement(delivery: StoreDelivery, problem: string, raw: string | null): Promise<void> {
  const kept = raw === null ? null : raw.slice(0, MAX_ACK_BYTES);
  if (delivery.ackProblem === problem && delivery.acknowledgement === kept) return;
  const [held] = await db
    .update(storeDeliveries)
    .set({ ackProblem: problem, acknowledgement: kept, error: `The store's acknowledgement could not be read (held): ${problem}` })
    .where(and(eq(storeDeliveries.id, delivery.id), eq(storeDeliveries.phase, "uploaded")))
    .returning({ id: storeDeliveries.id });
  if (!held) return;
  log.warn({ deliveryId: delivery.id, storeId: delivery.storeId, batch: delivery.batch, kind: delivery.kind, problem }, "store acknowledgement held: it could not be read");
  await settleAndNotify(delivery.releaseId);
}

/** Seconds before the next look for an acknowledgement: soon at first, then less and less often. */
export function nextAckPoll(uploadedAt: Date | null, now = new Date()): number {
  const waited = (now.getTime() - (uploadedAt?.getTime() ?? now.getTime())) / 1000;
  if (waited < 60) return 1;
  if (waited < 3600) return 30;
  return 600;
}

const SETTLED = new Set<StoreDelivery["phase"]>(["acknowledged", "refused"]);
/** For going Live, a store whose answer is held counts as having answered (it cannot hold up the others). */
const answered = (row: { phase: StoreDelivery["phase"]; ackProblem: string | null }) => SETTLED.has(row.phase) || (row.phase === "uploaded" && row.ackProblem !== null);

/**
 * Moves the release on once its stores have answered: Approved → Live when every store's batch is
 * settled (or held, see holdAcknowledgement) and at least one store took it; Pending Removal → Removed when
 * every takedown is settled (a held takedown is not: the store may still sell it) and no batch of the
 * release is still on its way. Locks the release row, so two acknowledgements settling
 * at once move it once.
 */
export async function settleRelease(tx: Db | Tx, releaseId: string): Promise<"live" | "removed" | null> {
  const [release] = await tx.select({ status: releases.status }).from(releases).where(eq(releases.id, releaseId)).for("update");
  if (!release) return null;
  const rows = await tx
    .select({ kind: storeDeliveries.kind, phase: storeDeliveries.phase, status: storeDeliveries.status, ackProblem: storeDeliveries.ackProblem })
    .from(storeDeliveries)
    .where(eq(storeDeliveries.releaseId, releaseId));
  const deliveries = rows.filter((row) => row.kind === "release");
  const takedowns = rows.filter((row) => row.kind === "takedown");
  if (release.status === ReleaseStatus.Approved) {
    if (deliveries.length > 0 && deliveries.every(answered) && deliveries.some((row) => row.status === PlatformStatus.Success)) {
      await transitionRelease(tx, { releaseId, from: ReleaseStatus.Approved, to: ReleaseStatus.Live, by: "system", actorId: null, note: "Acknowledged by the stores" });
      return "live";
    }
  } else if (release.status === ReleaseStatus.PendingRemoval) {
    const inFlight = deliveries.some((row) => row.phase === "uploading" || row.phase === "uploaded");
    if (!inFlight && takedowns.every((row) => SETTLED.has(row.phase))) {
      await transitionRelease(tx, { releaseId, from: ReleaseStatus.PendingRemoval, to: ReleaseStatus.Removed, by: "system", actorId: null, note: "Removed from the stores" });
      return "removed";
    }
  }
  return null;
}

/** Settles the release in its own transaction and, once that committed, emails the owner when it went live. */
async function settleAndNotify(releaseId: string): Promise<void> {
  const moved = await db.transaction((tx) => settleRelease(tx, releaseId));
  if (moved === "live") await wentLive(releaseId);
}

/**
 * Once a release's move to Live committed: the owner is emailed and, with the local stores, their usage
 * report for today is queued (local-reports.server.ts), so one shows up without waiting for the daily run.
 */
async function wentLive(releaseId: string): Promise<void> {
  await notifyReleaseLive(releaseId);
  if (usingLocalStores()) await enqueue("royalties.local-reports", { day: new Date().toISOString().slice(0, 10) });
}
