// Staff review actions on a release (spec 3 §2, §4, §7): approve, reject, flag issues, hold, take down and
// edit, one at a time or approve/reject in bulk after a confirmation step. Each runs in one transaction
// that takes (or renews) the review lock on the release's owner, moves the status through the state
// machine (app/services/releases/status.ts: a move from a status the release no longer has fails, so of
// two admins approving at once exactly one wins), writes the audit row, and starts delivery or removal.
// The owner is emailed after the commit.
import { eq, inArray } from "drizzle-orm";
import type { ZodError } from "zod";
import { releases, type Release } from "#drizzle/schema/releases";
import { db, type Tx } from "~/server/db.server";
import { ApiError } from "~/server/http.server";
import { hasPermission, type AccessSubject, type Permission } from "~/server/permissions.server";
import { recordAdminAction } from "~/services/admin/audit";
import { consumeConfirmation, issueConfirmation } from "~/services/admin/confirmations";
import { AdminActionError } from "~/services/admin/errors";
import { startDelivery, startTakedown } from "~/services/distribution/index.server";
import { artistNameRefusal } from "~/services/releases/artist-names";
import { ReleaseFormSchema } from "~/services/releases/release-form";
import { findTransition, IllegalTransitionError, ReleaseStatus, transitionRelease } from "~/services/releases/status";
import { flagIssues, FlagInputSchema, MESSAGE_KEY, RejectInputSchema } from "./fields";
import { currentLock, releaseReviewLock, ReviewLockedError, takeReviewLock } from "./lock.server";
import { notifyRelease, type ReviewNotice } from "./notify.server";

export interface Reviewer extends AccessSubject {
  id: string;
}

export const REVIEW_ACTIONS = ["approve", "reject", "flag", "hold", "takedown"] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

/** spec 3 §6: distro actions to decide; taking a release down (like editing it) is distro admin's. */
export const REVIEW_ACTION_PERMISSIONS: Record<ReviewAction | "edit", Permission> = {
  approve: "distro:actions",
  reject: "distro:actions",
  flag: "distro:actions",
  hold: "distro:actions",
  takedown: "distro:admin",
  edit: "distro:admin",
};

const TARGET: Record<ReviewAction, number> = {
  approve: ReleaseStatus.Approved,
  reject: ReleaseStatus.Rejected,
  flag: ReleaseStatus.AwaitingCorrections,
  hold: ReleaseStatus.Hold,
  takedown: ReleaseStatus.PendingRemoval,
};

const NOTICE: Partial<Record<ReviewAction, ReviewNotice>> = { approve: "approved", reject: "rejected", flag: "flagged" };

export const BULK_MAX_RELEASES = 50;

function requireReviewPermission(reviewer: Reviewer, action: ReviewAction | "edit"): void {
  if (!hasPermission(reviewer, REVIEW_ACTION_PERMISSIONS[action])) throw new ApiError(403, "forbidden", "You do not have permission to do this.");
}

/** Which actions a release's status allows staff now (the review page shows only these). */
export function staffActionsFor(status: number | null): ReviewAction[] {
  return REVIEW_ACTIONS.filter((action) => findTransition(status, TARGET[action], "staff") !== undefined);
}

/** The issues a move leaves on the release: what the user must see, or nothing. */
function issuesFor(action: ReviewAction, release: Release, input: unknown): Record<string, string> | null {
  if (action === "flag") {
    const parsed = FlagInputSchema.safeParse(input);
    if (!parsed.success) throw invalid(parsed.error);
    return flagIssues(parsed.data);
  }
  if (action === "reject") {
    const parsed = RejectInputSchema.safeParse(input ?? {});
    if (!parsed.success) throw invalid(parsed.error);
    return parsed.data.message ? { [MESSAGE_KEY]: parsed.data.message } : null;
  }
  if (action === "approve") return null;
  return release.issues;
}

function invalid(error: ZodError): ApiError {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) (fields[issue.path.map(String).join(".") || "form"] ??= []).push(issue.message);
  return new ApiError(400, "invalid_input", error.issues.map((issue) => issue.message).join(" "), fields);
}

async function moveInTx(tx: Tx, reviewer: Reviewer, release: Release, action: ReviewAction, input: unknown, note?: string): Promise<void> {
  if (release.archivedAt) throw new ApiError(409, "archived", "This release was archived by its owner.");
  const to = TARGET[action];
  if (!findTransition(release.status, to, "staff")) throw new IllegalTransitionError(release.status, to);
  const issues = issuesFor(action, release, input);
  await takeReviewLock(tx, release.userId, reviewer.id);
  await transitionRelease(tx, { releaseId: release.id, from: release.status, to, by: "staff", actorId: reviewer.id, note: note ?? issues?.[MESSAGE_KEY], set: { issues } });
  await recordAdminAction(tx, {
    actorId: reviewer.id,
    action: `release.${action}`,
    targetType: "release",
    targetId: release.id,
    before: { status: release.status, issues: release.issues },
    after: { status: to, issues },
  });
  if (action === "approve") await startDelivery(tx, release.id);
  if (action === "takedown") await startTakedown(tx, release.id);
}

async function findRelease(releaseId: string, database: typeof db | Tx = db): Promise<Release> {
  const [release] = await database.select().from(releases).where(eq(releases.id, releaseId));
  if (!release) throw new ApiError(404, "not_found", "No such release.");
  return release;
}

/**
 * One review action. `input` is the flag ({ fields, message }) or the rejection ({ message }); hold and
 * take down take an optional staff note. Throws ApiError 400 (input, naming the field), 403, 404, 409
 * (status does not allow it, or changed meanwhile), 423 (another admin holds the review lock).
 */
export async function reviewRelease(
  reviewer: Reviewer,
  releaseId: string,
  action: ReviewAction,
  input?: unknown,
  /** Runs first in the same transaction: e.g. spending a confirmation token, so a refused move keeps it. */
  options: { confirm?: (tx: Tx) => Promise<void> } = {},
): Promise<Release> {
  requireReviewPermission(reviewer, action);
  const note = action === "hold" || action === "takedown" ? staffNote(input) : undefined;
  const updated = await db.transaction(async (tx) => {
    await options.confirm?.(tx);
    const release = await findRelease(releaseId, tx);
    await moveInTx(tx, reviewer, release, action, input, note);
    return findRelease(releaseId, tx);
  });
  const notice = NOTICE[action];
  if (notice) await notifyRelease(updated.id, notice);
  return updated;
}

/**
 * Step one of a staff take-down (spec 3 §2: it asks for confirmation): checks the permission, that the
 * release exists and can be taken down now, and issues a single-use token for this admin and release.
 * The page (/admin/users/{id}/distro) and POST /api/admin/release/{id}/takedown/confirmations share it.
 */
export async function prepareTakedown(reviewer: Reviewer, releaseId: string) {
  requireReviewPermission(reviewer, "takedown");
  const release = await findRelease(releaseId);
  // Said now rather than after the confirmation; the take-down checks again in its transaction.
  if (!findTransition(release.status, TARGET.takedown, "staff")) throw new IllegalTransitionError(release.status, TARGET.takedown);
  const { token, expiresAt } = await issueConfirmation(db, { actorId: reviewer.id, action: "release.takedown", targets: [release.id], params: {} });
  return { token, expiresAt, release: { id: release.id, title: release.title, artistName: release.artistName } };
}

/** Step two: takes the release down with the token from step one (428 without it; spent only on success). */
export async function takedownRelease(reviewer: Reviewer, releaseId: string, input: unknown, token: string | null | undefined): Promise<Release> {
  try {
    return await reviewRelease(reviewer, releaseId, "takedown", input, {
      confirm: (tx) => consumeConfirmation(tx, token, { actorId: reviewer.id, action: "release.takedown", targets: [releaseId], params: {} }),
    });
  } catch (error) {
    if (error instanceof AdminActionError) throw new ApiError(error.status, error.code, error.message);
    throw error;
  }
}

function staffNote(input: unknown): string | undefined {
  const note = typeof input === "object" && input !== null && "message" in input ? String((input as { message: unknown }).message ?? "").trim() : "";
  if (note.length > 2000) throw new ApiError(400, "invalid_input", "The note can be at most 2000 characters.", { message: ["The note can be at most 2000 characters."] });
  return note || undefined;
}

/**
 * Staff correct a release under review (title, artist name, genre, language, explicit; the release form's
 * rules). Only while it is Submitted or on Hold, under the review lock; audited with before and after.
 */
export async function editReleaseAsStaff(reviewer: Reviewer, releaseId: string, input: unknown): Promise<Release> {
  requireReviewPermission(reviewer, "edit");
  const parsed = ReleaseFormSchema.safeParse(input);
  if (!parsed.success) throw invalid(parsed.error);
  const refusal = await artistNameRefusal(parsed.data.artistName);
  if (refusal) throw new ApiError(400, "invalid_input", refusal, { artistName: [refusal] });
  return db.transaction(async (tx) => {
    const release = await findRelease(releaseId, tx);
    if (release.status !== ReleaseStatus.Submitted && release.status !== ReleaseStatus.Hold) {
      throw new ApiError(409, "not_editable", "Staff edit a release while it is Submitted or on Hold.");
    }
    await takeReviewLock(tx, release.userId, reviewer.id);
    const { title, artistName, genre, language, explicit } = parsed.data;
    const after = { title, artistName, genre, language, explicit };
    const [updated] = await tx.update(releases).set(after).where(eq(releases.id, release.id)).returning();
    await recordAdminAction(tx, {
      actorId: reviewer.id,
      action: "release.edit",
      targetType: "release",
      targetId: release.id,
      before: { title: release.title, artistName: release.artistName, genre: release.genre, language: release.language, explicit: release.explicit },
      after,
    });
    return updated;
  });
}

export type BulkAction = "approve" | "reject";
const bulkConfirmation = (action: BulkAction) => (action === "approve" ? "release.bulk_approve" : "release.bulk_reject") as "release.bulk_approve" | "release.bulk_reject";

function bulkTargets(releaseIds: string[]): string[] {
  const ids = [...new Set(releaseIds.map((id) => id.trim()).filter(Boolean))].sort();
  if (ids.length === 0) throw new ApiError(400, "invalid_input", "Choose at least one release.", { releaseIds: ["Choose at least one release."] });
  if (ids.length > BULK_MAX_RELEASES) throw new ApiError(400, "invalid_input", `Choose at most ${BULK_MAX_RELEASES} releases.`, { releaseIds: [`Choose at most ${BULK_MAX_RELEASES} releases.`] });
  return ids;
}

function bulkParams(action: BulkAction, input: unknown): Record<string, string> {
  if (action === "approve") return {};
  const parsed = RejectInputSchema.safeParse(input ?? {});
  if (!parsed.success) throw invalid(parsed.error);
  return { message: parsed.data.message };
}

/** Step one of a bulk approve/reject: checks every release can move, and issues the confirmation token. */
export async function prepareBulkReview(reviewer: Reviewer, action: BulkAction, releaseIds: string[], input?: unknown) {
  requireReviewPermission(reviewer, action);
  const targets = bulkTargets(releaseIds);
  const params = bulkParams(action, input);
  const found = await db.select().from(releases).where(inArray(releases.id, targets));
  if (found.length !== targets.length) throw new ApiError(404, "not_found", "One or more of these releases do not exist.");
  for (const release of found) {
    if (!findTransition(release.status, TARGET[action], "staff")) throw new IllegalTransitionError(release.status, TARGET[action]);
    // Said now rather than after the confirmation; the run checks again under the lock.
    const lock = await currentLock(db, release.userId);
    if (lock && lock.adminId !== reviewer.id) throw new ReviewLockedError(lock);
  }
  const { token, expiresAt } = await issueConfirmation(db, { actorId: reviewer.id, action: bulkConfirmation(action), targets, params });
  return { token, expiresAt, action, params, releases: found.map((release) => ({ id: release.id, title: release.title, artistName: release.artistName })) };
}

/** Step two: with the token from step one, moves every release or none (one transaction). */
export async function runBulkReview(reviewer: Reviewer, action: BulkAction, releaseIds: string[], input: unknown, token: string | null | undefined): Promise<number> {
  requireReviewPermission(reviewer, action);
  const targets = bulkTargets(releaseIds);
  const params = bulkParams(action, input);
  try {
    await db.transaction(async (tx) => {
      await consumeConfirmation(tx, token, { actorId: reviewer.id, action: bulkConfirmation(action), targets, params });
      const found = await tx.select().from(releases).where(inArray(releases.id, targets));
      // Locks this admin already held stay; the ones the bulk action takes (to check nobody else reviews
      // those users, and to keep them out meanwhile) are let go once it is done.
      const owners = [...new Set(found.map((release) => release.userId))];
      const heldBefore = new Set<string>();
      for (const owner of owners) if ((await currentLock(tx, owner))?.adminId === reviewer.id) heldBefore.add(owner);
      for (const id of targets) await moveInTx(tx, reviewer, await findRelease(id, tx), action, params);
      for (const owner of owners) if (!heldBefore.has(owner)) await releaseReviewLock(tx, owner, reviewer.id);
    });
  } catch (error) {
    // The confirmation refusal (428) comes as the admin service's own error type.
    if (error instanceof AdminActionError) throw new ApiError(error.status, error.code, error.message);
    throw error;
  }
  for (const id of targets) await notifyRelease(id, action === "approve" ? "approved" : "rejected");
  return targets.length;
}
