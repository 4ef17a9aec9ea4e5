// Distribution's public service (issue 18; docs/distribution.md). The review side calls startDelivery and
// startTakedown inside its own transactions, after it has moved the release's status; the jobs do the rest.
import { and, eq, inArray } from "drizzle-orm";
import { enqueue } from "../../../jobs/enqueue";
import { users } from "../../../drizzle/schema/auth";
import { storeDeliveries, type StoreDelivery } from "../../../drizzle/schema/distribution";
import { releases, releaseSongs } from "../../../drizzle/schema/releases";
import { songs } from "../../../drizzle/schema/songs";
import type { Db, Tx } from "~/server/db.server";
import { env } from "~/server/env.server";
import { ApiError } from "~/server/http.server";
import type { ReleaseLabel } from "../admin/confirmed-actions";
import { ReleaseStatus } from "../releases/status";
import { PlatformStatus, platformStatusLabel } from "./acknowledgement";
import { isDeliverable } from "./config.server";
import { settleRelease } from "./deliver.server";
import { assignIdentifiers } from "./identifiers";
import { STORES, storesFor } from "./stores";

export { PlatformStatus, platformStatusLabel } from "./acknowledgement";
export { formatIsrc } from "./identifiers";
export { STORES } from "./stores";

export class DeliveryRefusedError extends ApiError {}

/**
 * Starts delivering an approved release: gives it its UPC and ISRCs where it has none (a resubmitted
 * release keeps its own), records its label, and queues one delivery per store its label (and mastering)
 * reaches, through `tx`: the jobs exist if and only if the approval commits. Call after moving the
 * release to Approved. A store that already has the release is not sent it again.
 * Refuses (409) a release whose owner's label is SHADOWBAN (spec 3 §3: it rejects every submission).
 */
export async function startDelivery(tx: Tx, releaseId: string): Promise<void> {
  const [row] = await tx
    .select({ status: releases.status, label: users.releaseLabel })
    .from(releases)
    .innerJoin(users, eq(users.id, releases.userId))
    .where(eq(releases.id, releaseId));
  if (!row) throw new ApiError(404, "not_found", "Release not found.");
  if (row.status !== ReleaseStatus.Approved) throw new ApiError(409, "not_approved", "Only an approved release can be delivered.");
  const label = row.label as ReleaseLabel;
  if (label === "SHADOWBAN") {
    throw new DeliveryRefusedError(409, "label_refused", "This user's label is SHADOWBAN: their releases are not delivered. Reject the release instead.");
  }
  await assignIdentifiers(tx, releaseId, { upcPrefix: env.DISTRIBUTION_UPC_PREFIX, isrcRegistrant: env.DISTRIBUTION_ISRC_REGISTRANT });
  const tracks = await tx.select({ masteredAt: songs.masteredAt }).from(releaseSongs).innerJoin(songs, eq(songs.id, releaseSongs.songId)).where(eq(releaseSongs.releaseId, releaseId));
  // Issue 20: a release whose every track is mastered may go to the elevated stores as well.
  const mastered = tracks.length > 0 && tracks.every((track) => track.masteredAt !== null);
  await tx.update(releases).set({ label }).where(eq(releases.id, releaseId));
  const targets = storesFor(label, { mastered }).filter((store) => isDeliverable(store.id));
  for (const store of targets) {
    const [delivery] = await tx
      .insert(storeDeliveries)
      .values({ releaseId, storeId: store.id, kind: "release" })
      .onConflictDoNothing()
      .returning({ id: storeDeliveries.id });
    let id = delivery?.id;
    if (!id) {
      // Delivered before (approved again after a hold): only a store that did not take it is tried again.
      const [again] = await tx
        .update(storeDeliveries)
        .set({ phase: "queued", status: PlatformStatus.Submitted, error: null, batch: null, uploadedFiles: [], attempts: 0, uploadedAt: null, acknowledgedAt: null })
        .where(and(eq(storeDeliveries.releaseId, releaseId), eq(storeDeliveries.storeId, store.id), eq(storeDeliveries.kind, "release"), inArray(storeDeliveries.phase, ["acknowledged", "refused"]), inArray(storeDeliveries.status, [PlatformStatus.Failure, PlatformStatus.AssetMissing, PlatformStatus.NotSubmitted])))
        .returning({ id: storeDeliveries.id });
      id = again?.id;
    }
    if (id) await enqueue("release.deliver", { deliveryId: id }, { tx });
  }
}

/**
 * Starts taking a release down: one takedown (an ERN update whose deals end) per store that has or may
 * have it, queued through `tx`. Call after moving the release to Pending Removal. A release no store has
 * becomes Removed at once.
 */
export async function startTakedown(tx: Tx, releaseId: string): Promise<void> {
  const [release] = await tx.select({ status: releases.status }).from(releases).where(eq(releases.id, releaseId));
  if (!release) throw new ApiError(404, "not_found", "Release not found.");
  if (release.status !== ReleaseStatus.PendingRemoval) throw new ApiError(409, "not_pending_removal", "Only a release pending removal can be taken down.");
  const delivered = await tx
    .select({ storeId: storeDeliveries.storeId, phase: storeDeliveries.phase, status: storeDeliveries.status })
    .from(storeDeliveries)
    .where(and(eq(storeDeliveries.releaseId, releaseId), eq(storeDeliveries.kind, "release")));
  // A store that answered Failure or Asset missing never put the release on sale; one not yet answered may.
  const holding = delivered.filter((row) => row.phase === "uploading" || row.phase === "uploaded" || (row.phase === "acknowledged" && row.status === PlatformStatus.Success));
  for (const row of holding) {
    const [takedown] = await tx.insert(storeDeliveries).values({ releaseId, storeId: row.storeId, kind: "takedown" }).onConflictDoNothing().returning({ id: storeDeliveries.id });
    if (takedown) await enqueue("release.deliver", { deliveryId: takedown.id }, { tx });
  }
  await settleRelease(tx, releaseId);
}

export interface StoreStatusRow {
  storeId: string;
  storeName: string;
  /** Spec 2 §4 platform status. */
  status: number;
  statusLabel: string;
  /** Whether the release was sent to this store. */
  distributed: boolean;
  /** Staff only: the validator's or the store's words, or the upload failure. */
  error: string | null;
  /**
   * For the owner too: the store's own words from its acknowledgement (its ErrorText, or what its DDEX
   * status means), or that its answer could not be read; null when the store accepted without comment.
   */
  storeMessage: string | null;
  updatedAt: string | null;
}

/** The store's words about one delivery, for the owner (held: its answer is kept for staff). */
function storeMessage(row: StoreDelivery | undefined): string | null {
  if (!row) return null;
  if (row.phase === "uploaded" && row.ackProblem) return "The store answered, but its answer could not be read; our team is looking into it.";
  return row.storeMessage;
}

export type DistributionFilter = "distributed" | "not_distributed" | "all";

/** Every store with this release's status there (Not submitted where it was not sent), filtered. */
export async function storeStatuses(database: Db | Tx, releaseId: string, filter: DistributionFilter = "all"): Promise<StoreStatusRow[]> {
  const rows = await database
    .select()
    .from(storeDeliveries)
    .where(and(eq(storeDeliveries.releaseId, releaseId), eq(storeDeliveries.kind, "release")));
  const takedowns = await database
    .select()
    .from(storeDeliveries)
    .where(and(eq(storeDeliveries.releaseId, releaseId), eq(storeDeliveries.kind, "takedown")));
  const byStore = new Map(rows.map((row) => [row.storeId, row]));
  const takedownByStore = new Map(takedowns.map((row) => [row.storeId, row]));
  const all = STORES.map((store): StoreStatusRow => {
    const row = byStore.get(store.id);
    const takedown = takedownByStore.get(store.id);
    const status = row?.status ?? PlatformStatus.NotSubmitted;
    return {
      storeId: store.id,
      storeName: store.name,
      status,
      statusLabel: platformStatusLabel(status),
      distributed: row !== undefined && status !== PlatformStatus.NotSubmitted,
      error: takedown?.error ?? row?.error ?? null,
      storeMessage: storeMessage(takedown) ?? storeMessage(row),
      updatedAt: (takedown?.updatedAt ?? row?.updatedAt)?.toISOString() ?? null,
    };
  });
  if (filter === "all") return all;
  return all.filter((entry) => entry.distributed === (filter === "distributed"));
}
