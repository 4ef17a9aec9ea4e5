// Archiving and takedowns from the user's side (spec 2 §4, POST /api/release/{id}/archive and /takedown).
// Archiving hides a release from the library and frees its songs; it is not a status, and only a release
// stores do not have (Draft, Rejected, Removed) can be archived: a live one is taken down first.
import { and, eq, isNull } from "drizzle-orm";
import { releases, type Release } from "../../../drizzle/schema/releases";
import { db } from "~/server/db.server";
import { ApiError } from "~/server/http.server";
import { requireOwnedRelease } from "./find-release";
import { findTransition, IllegalTransitionError, ReleaseStatus, releaseStatusLabel, transitionRelease } from "./status";
import { startTakedown } from "../distribution/index.server";

const ARCHIVABLE: (number | null)[] = [ReleaseStatus.Draft, ReleaseStatus.Rejected, ReleaseStatus.Removed];

export async function archiveRelease(user: { id: string }, releaseId: string): Promise<Release> {
  const release = await requireOwnedRelease(user.id, releaseId);
  if (!ARCHIVABLE.includes(release.status)) {
    throw new ApiError(409, "not_archivable", `A release that is ${releaseStatusLabel(release.status)} cannot be archived. Request a takedown first.`);
  }
  const [archived] = await db
    .update(releases)
    .set({ archivedAt: release.archivedAt ?? new Date() })
    .where(and(eq(releases.id, release.id), eq(releases.userId, user.id)))
    .returning();
  return archived;
}

/** Asks for the release to come down from the stores: status Pending Removal until distribution removes it. */
export async function requestTakedown(user: { id: string }, releaseId: string, reason?: string): Promise<Release> {
  const release = await requireOwnedRelease(user.id, releaseId);
  if (!findTransition(release.status, ReleaseStatus.PendingRemoval, "owner")) throw new IllegalTransitionError(release.status, ReleaseStatus.PendingRemoval);
  return db.transaction(async (tx) => {
    await transitionRelease(tx, { releaseId: release.id, from: release.status, to: ReleaseStatus.PendingRemoval, by: "owner", actorId: user.id, note: reason });
    // The stores that have it are sent takedowns; with none, the release is Removed at once.
    await startTakedown(tx, release.id);
    const [updated] = await tx.select().from(releases).where(and(eq(releases.id, release.id), isNull(releases.archivedAt)));
    return updated ?? release;
  });
}
