// Submitting a release (spec 2 §4, POST /api/album/{id}/submit): the review of everything a store checks,
// then Draft (or Rejected / Awaiting Corrections) → Submitted, within the plan's release limits.
import { eq, sql } from "drizzle-orm";
import { releases, type Release } from "../../../drizzle/schema/releases";
import { db } from "~/server/db.server";
import { ApiError, type FieldErrors } from "~/server/http.server";
import { artistNameRefusal } from "./artist-names";
import { requireOwnedRelease } from "./find-release";
import { getReleaseLimits, SONGS_PER_RELEASE_MESSAGE, submitRefusal } from "./limits";
import { songProblems } from "./release-songs";
import { releaseView, type ReleaseView } from "./release-view";
import { findTransition, IllegalTransitionError, ReleaseStatus, transitionRelease } from "./status";

export const ALBUM_ART_REQUIRED = "Album Art Required";
export const NO_SONGS_MESSAGE = "Add at least one song to the release.";

/** What a store would refuse, by review field (spec 2 §3 Release review fields); empty when ready. */
export async function reviewRelease(user: { id: string }, view: ReleaseView): Promise<FieldErrors> {
  const problems: FieldErrors = {};
  const add = (field: string, message: string) => (problems[field] ??= []).push(message);
  if (!view.title.trim()) add("title", "The title is required.");
  if (!view.artistName.trim()) add("artistName", "The artist name is required.");
  else {
    const refusal = await artistNameRefusal(view.artistName);
    if (refusal) add("artistName", refusal);
  }
  if (!view.coverArt) add("coverArt", ALBUM_ART_REQUIRED);
  if (view.songs.length === 0) add("songs", NO_SONGS_MESSAGE);
  const limits = await getReleaseLimits(user, { exceptReleaseId: view.id });
  if (view.songs.length > limits.songsPerRelease) add("songs", SONGS_PER_RELEASE_MESSAGE);
  const songIssues = await songProblems(user.id, view.id, view.songIds);
  for (const message of new Set(songIssues.values())) add("songs", message);
  return problems;
}

/**
 * Submits the user's release. Throws ApiError 400 (review problems, by field), 403 (release or monthly
 * limit, with the spec's messages), 404 (not theirs), 409 (its status cannot move to Submitted).
 */
export async function submitRelease(user: { id: string }, releaseId: string): Promise<Release> {
  const release = await requireOwnedRelease(user.id, releaseId);
  if (release.archivedAt || !findTransition(release.status, ReleaseStatus.Submitted, "owner")) {
    throw new IllegalTransitionError(release.status, ReleaseStatus.Submitted);
  }
  const problems = await reviewRelease(user, await releaseView(release));
  if (Object.keys(problems).length > 0) {
    throw new ApiError(400, "invalid_input", Object.values(problems).flat().join(" "), problems);
  }
  return db.transaction(async (tx) => {
    // One submit per user at a time, so two submits cannot both take the last release of the plan.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`release-submit:${user.id}`}))`);
    const limits = await getReleaseLimits(user, { database: tx, exceptReleaseId: release.id });
    // A release sent back for corrections already holds its place; only new submissions need one.
    if (release.status === ReleaseStatus.Draft || release.status === ReleaseStatus.Rejected) {
      const refusal = submitRefusal(limits);
      if (refusal) throw new ApiError(403, refusal.code, refusal.message);
    }
    await transitionRelease(tx, {
      releaseId: release.id,
      from: release.status,
      to: ReleaseStatus.Submitted,
      by: "owner",
      actorId: user.id,
      // The month's count is of first submissions: a resubmission keeps the date it was first sent.
      set: { submittedAt: release.submittedAt ?? new Date(), issues: null },
    });
    const [submitted] = await tx.select().from(releases).where(eq(releases.id, release.id));
    return submitted;
  });
}
