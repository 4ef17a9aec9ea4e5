// The limits as the API answers them (spec 2 §3 Limits; §7 GET /user/releases/limit uses snake_case).
import type { ReleaseLimits } from "./limits";

export function limitsJson(limits: ReleaseLimits) {
  return {
    releaseLimit: limits.releaseLimit,
    songsPerRelease: limits.songsPerRelease,
    monetizedReleases: limits.monetizedReleases,
    remainingReleases: limits.remainingReleases,
    monthlyReleaseLimit: limits.monthlyReleaseLimit,
    monthlyReleaseLimitReached: limits.monthlyReleaseLimitReached,
    monthlyReleaseLimitRefreshDate: limits.monthlyReleaseLimitRefreshDate.toISOString(),
    canSubmitNewRelease: limits.canSubmitNewRelease,
  };
}

export function releasesLimitSnakeJson(limits: ReleaseLimits) {
  return {
    release_limit: limits.releaseLimit,
    songs_per_release: limits.songsPerRelease,
    monetized_releases: limits.monetizedReleases,
    remaining_monthly_releases: limits.remainingMonthlyReleases,
    can_submit_new_release: limits.canSubmitNewRelease,
  };
}
