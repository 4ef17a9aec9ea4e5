// The release state machine (spec 2 §4): the one place a release's status may change. Every legal move is
// a row of TRANSITIONS: from, to, who may make it and the action's name. A move that is not in the table
// is refused (409), whoever asks. The distribution issue adds staff review and delivery rows here.
//
//   null Draft ──submit──▶ 0 Submitted ──(review)──▶ 4 Approved ──(deliver)──▶ 1 Live
//                 ▲                 └──▶ 2 Rejected / 3 Awaiting Corrections / 5 Hold
//                 └──resubmit── 2, 3            1, 4, 5 ──takedown──▶ 7 Pending Removal ──▶ 6 Removed
import { and, eq, isNull, sql } from "drizzle-orm";
import { releases, releaseStatusChanges } from "../../../drizzle/schema/releases";
import type { Db, Tx } from "~/server/db.server";
import { ApiError } from "~/server/http.server";
import { releaseStatusLabel } from "~/utils/release-display";
import { emitReleaseStatusChanged } from "../webhooks/emit.server";

export const ReleaseStatus = {
  Draft: null,
  Submitted: 0,
  Live: 1,
  Rejected: 2,
  AwaitingCorrections: 3,
  Approved: 4,
  Hold: 5,
  Removed: 6,
  PendingRemoval: 7,
} as const;
export type ReleaseStatusValue = (typeof ReleaseStatus)[keyof typeof ReleaseStatus];

export { RELEASE_STATUS_LABELS, releaseStatusLabel } from "~/utils/release-display";

/** Who makes a move: the release's owner, staff (admin area) or the system (delivery jobs). */
export type TransitionActor = "owner" | "staff" | "system";

export interface Transition {
  from: ReleaseStatusValue;
  to: ReleaseStatusValue;
  by: TransitionActor;
  action: string;
}

const S = ReleaseStatus;

// prettier-ignore
export const TRANSITIONS: readonly Transition[] = [
  // The owner's moves.
  { from: S.Draft,               to: S.Submitted,      by: "owner", action: "submit" },
  { from: S.Rejected,            to: S.Submitted,      by: "owner", action: "resubmit" },
  { from: S.AwaitingCorrections, to: S.Submitted,      by: "owner", action: "resubmit" },
  { from: S.Live,                to: S.PendingRemoval, by: "owner", action: "takedown" },
  { from: S.Approved,            to: S.PendingRemoval, by: "owner", action: "takedown" },
  { from: S.Hold,                to: S.PendingRemoval, by: "owner", action: "takedown" },
  // Staff review (spec 3 §4 "approve, reject, flag issues, take down"; §2 hold). A held release is
  // decided later the same ways; a take-down ends a release that reached (or was bound for) the stores.
  { from: S.Submitted,           to: S.Approved,            by: "staff", action: "approve" },
  { from: S.Submitted,           to: S.Rejected,            by: "staff", action: "reject" },
  { from: S.Submitted,           to: S.AwaitingCorrections, by: "staff", action: "flag" },
  { from: S.Submitted,           to: S.Hold,                by: "staff", action: "hold" },
  { from: S.Hold,                to: S.Approved,            by: "staff", action: "approve" },
  { from: S.Hold,                to: S.Rejected,            by: "staff", action: "reject" },
  { from: S.Hold,                to: S.AwaitingCorrections, by: "staff", action: "flag" },
  { from: S.Live,                to: S.PendingRemoval,      by: "staff", action: "takedown" },
  { from: S.Approved,            to: S.PendingRemoval,      by: "staff", action: "takedown" },
  { from: S.Hold,                to: S.PendingRemoval,      by: "staff", action: "takedown" },
  // Distribution's moves (app/services/distribution): the stores acknowledged the release or its takedown.
  { from: S.Approved,            to: S.Live,           by: "system", action: "live" },
  { from: S.PendingRemoval,      to: S.Removed,        by: "system", action: "removed" },
];

/** The statuses whose release the owner may still change (title, art, tracks): before review, or sent back. */
export const EDITABLE_STATUSES: readonly ReleaseStatusValue[] = [S.Draft, S.Rejected, S.AwaitingCorrections];

/**
 * A release that holds its songs: once it is Removed or Rejected (or archived) its songs may go on another
 * release; a draft holds them too, so two drafts cannot both be built from the same song.
 */
export function holdsSongs(release: { status: number | null; archivedAt: Date | null }): boolean {
  return release.archivedAt === null && release.status !== S.Removed && release.status !== S.Rejected;
}

export function isEditable(status: number | null): boolean {
  return (EDITABLE_STATUSES as readonly (number | null)[]).includes(status);
}

export function findTransition(from: number | null, to: number | null, by: TransitionActor): Transition | undefined {
  return TRANSITIONS.find((transition) => transition.from === from && transition.to === to && transition.by === by);
}

/** The moves `by` may make from `from`. */
export function transitionsFrom(from: number | null, by: TransitionActor): Transition[] {
  return TRANSITIONS.filter((transition) => transition.from === from && transition.by === by);
}

export class IllegalTransitionError extends ApiError {
  constructor(from: number | null, to: number | null) {
    super(409, "illegal_transition", `A release that is ${releaseStatusLabel(from)} cannot become ${releaseStatusLabel(to)}.`);
  }
}

/**
 * Moves the release from `from` to `to` if the table allows it and the row still has `from` (a concurrent
 * move makes this one fail instead of overwriting it), and records the change. Use inside the caller's
 * transaction. Throws IllegalTransitionError (409).
 */
export async function transitionRelease(
  database: Db | Tx,
  input: { releaseId: string; from: number | null; to: number | null; by: TransitionActor; actorId: string | null; note?: string; set?: Partial<typeof releases.$inferInsert> },
): Promise<void> {
  const transition = findTransition(input.from, input.to, input.by);
  if (!transition) throw new IllegalTransitionError(input.from, input.to);
  const current = input.from === null ? isNull(releases.status) : eq(releases.status, input.from);
  const moved = await database
    .update(releases)
    .set({ ...input.set, status: input.to })
    .where(and(eq(releases.id, input.releaseId), current))
    .returning({ id: releases.id, userId: releases.userId, title: releases.title });
  if (moved.length === 0) throw new ApiError(409, "status_changed", "This release's status changed meanwhile. Reload it and try again.");
  const [change] = await database.insert(releaseStatusChanges).values({
    releaseId: input.releaseId,
    fromStatus: input.from,
    toStatus: input.to,
    actorId: input.actorId,
    action: transition.action,
    note: input.note ?? null,
    createdAt: sql`now()`,
  }).returning({ id: releaseStatusChanges.id });
  // The owner's webhooks, in the same transaction as the move (docs/api.md).
  await emitReleaseStatusChanged(database, {
    changeId: String(change.id),
    userId: moved[0].userId,
    releaseId: input.releaseId,
    title: moved[0].title,
    from: input.from,
    to: input.to,
    fromLabel: releaseStatusLabel(input.from),
    toLabel: releaseStatusLabel(input.to),
  });
}
