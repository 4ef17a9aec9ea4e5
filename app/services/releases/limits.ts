// Release limits (spec 2 §3 Limits, §5, §9): how many releases a plan may have out at once, how many may be
// submitted each calendar month (only while the flag enable_monthly_release_limit is on) and how many
// songs go on one release. Free's 1 release and 3 songs per release are the spec's defaults; the rest is
// the pricing page's (app/content/plans.ts, docs/pricing.md).
import { and, eq, gte, inArray, isNull, ne, sql } from "drizzle-orm";
import { releases } from "../../../drizzle/schema/releases";
import { db, type Db, type Tx } from "~/server/db.server";
import { isFlagActive } from "~/server/flags.server";
import { getUserPlan } from "~/server/plans.server";
import type { PlanKey } from "~/content/plans";
import { allowanceResetUtc, formatResetDate, monthStartUtc } from "~/services/songs/downloads.server";
import { ReleaseStatus } from "./status";

export const SONGS_PER_RELEASE = 3;

export interface ReleasePlanLimits {
  /** Releases out at once; null is unlimited. */
  releaseLimit: number | null;
  /** Releases submitted per calendar month (UTC) while the monthly flag is on; null is unlimited. */
  monthlyReleaseLimit: number | null;
  songsPerRelease: number;
}

export const RELEASE_LIMITS: Record<PlanKey, ReleasePlanLimits> = {
  free: { releaseLimit: 1, monthlyReleaseLimit: 1, songsPerRelease: SONGS_PER_RELEASE },
  creator: { releaseLimit: 10, monthlyReleaseLimit: 4, songsPerRelease: SONGS_PER_RELEASE },
  pro: { releaseLimit: null, monthlyReleaseLimit: 20, songsPerRelease: SONGS_PER_RELEASE },
};

export const SONGS_PER_RELEASE_MESSAGE = "You've reached your song submission limit, per release! Please remove songs to submit this release.";

export function releaseLimitMessage(limit: number): string {
  return `You have reached your release limit of ${limit}. Upgrade your plan or take a release down to submit another.`;
}

export function monthlyReleaseLimitMessage(limit: number, refresh: Date): string {
  return `You have reached your monthly release limit of ${limit}. You can submit again on ${formatResetDate(refresh)}.`;
}

/** The statuses that use up one of the plan's releases: everything submitted that is not Rejected or Removed. */
export const COUNTED_STATUSES = [
  ReleaseStatus.Submitted,
  ReleaseStatus.Live,
  ReleaseStatus.AwaitingCorrections,
  ReleaseStatus.Approved,
  ReleaseStatus.Hold,
  ReleaseStatus.PendingRemoval,
];

/** Spec 2 §3 Limits, as the server computes them now. */
export interface ReleaseLimits {
  plan: PlanKey;
  releaseLimit: number | null;
  songsPerRelease: number;
  /** Releases out now (counted statuses). */
  monetizedReleases: number;
  remainingReleases: number | null;
  monthlyReleaseLimitEnabled: boolean;
  monthlyReleaseLimit: number | null;
  monthlyReleases: number;
  remainingMonthlyReleases: number | null;
  monthlyReleaseLimitReached: boolean;
  monthlyReleaseLimitRefreshDate: Date;
  canSubmitNewRelease: boolean;
}

/**
 * The user's release limits. `exceptReleaseId` leaves one release out of the counts: the one being
 * (re)submitted, so resubmitting a release sent back for corrections never needs a second slot.
 */
export async function getReleaseLimits(user: { id: string }, options: { database?: Db | Tx; exceptReleaseId?: string; now?: Date } = {}): Promise<ReleaseLimits> {
  const { database = db, exceptReleaseId, now = new Date() } = options;
  const plan = await getUserPlan(user, database);
  const limits = RELEASE_LIMITS[plan.plan.key];
  const monthlyEnabled = await isFlagActive("enable_monthly_release_limit", database);
  const others = exceptReleaseId ? ne(releases.id, exceptReleaseId) : undefined;
  const [counts] = await database
    .select({
      out: sql<number>`count(*) filter (where ${inArray(releases.status, COUNTED_STATUSES)} and ${isNull(releases.archivedAt)})::int`,
      month: sql<number>`count(*) filter (where ${gte(releases.submittedAt, monthStartUtc(now))})::int`,
    })
    .from(releases)
    .where(and(eq(releases.userId, user.id), others));
  const out = counts?.out ?? 0;
  const month = counts?.month ?? 0;
  const remaining = limits.releaseLimit === null ? null : Math.max(limits.releaseLimit - out, 0);
  const monthlyLimit = monthlyEnabled ? limits.monthlyReleaseLimit : null;
  const remainingMonthly = monthlyLimit === null ? null : Math.max(monthlyLimit - month, 0);
  return {
    plan: plan.plan.key,
    releaseLimit: limits.releaseLimit,
    songsPerRelease: limits.songsPerRelease,
    monetizedReleases: out,
    remainingReleases: remaining,
    monthlyReleaseLimitEnabled: monthlyEnabled,
    monthlyReleaseLimit: monthlyLimit,
    monthlyReleases: month,
    remainingMonthlyReleases: remainingMonthly,
    monthlyReleaseLimitReached: remainingMonthly === 0,
    monthlyReleaseLimitRefreshDate: allowanceResetUtc(now),
    canSubmitNewRelease: remaining !== 0 && remainingMonthly !== 0,
  };
}

/** Why the user may not submit now (the spec's limit messages), or null. */
export function submitRefusal(limits: ReleaseLimits): { code: string; message: string } | null {
  if (limits.remainingReleases === 0 && limits.releaseLimit !== null) return { code: "release_limit_reached", message: releaseLimitMessage(limits.releaseLimit) };
  if (limits.monthlyReleaseLimitReached && limits.monthlyReleaseLimit !== null) {
    return { code: "monthly_release_limit_reached", message: monthlyReleaseLimitMessage(limits.monthlyReleaseLimit, limits.monthlyReleaseLimitRefreshDate) };
  }
  return null;
}
