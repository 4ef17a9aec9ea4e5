// The membership level rule (spec 2 §6, spec 3 §6): a membership is a set of features, and its level is
// read from that set: no features is free, exactly the five below is pro, anything else is creator. Every
// place that shows or checks a level derives it here (app/server/plans.server.ts getUserPlan, the admin's
// level counts), so the level can never disagree with what the user may actually do.
import { PLANS, type PlanKey } from "~/content/plans";

/**
 * The five features. The spec names the first three; stem downloads (one WAV per part, zipped) and
 * commercial use (a licence to use the songs in paid work and releases that earn money) are ours.
 */
export const MEMBERSHIP_FEATURES = ["downloads", "wav_downloads", "midi_downloads", "stem_downloads", "commercial_use"] as const;
export type MembershipFeature = (typeof MEMBERSHIP_FEATURES)[number];

/** What each paid product grants. Creator: MP3 and WAV downloads and commercial use; Pro: all five. */
const CREATOR_FEATURES: MembershipFeature[] = ["downloads", "wav_downloads", "commercial_use"];

export function membershipLevel(features: readonly string[]): PlanKey {
  const known = new Set(features.filter((feature): feature is MembershipFeature => (MEMBERSHIP_FEATURES as readonly string[]).includes(feature)));
  if (known.size === 0) return "free";
  return known.size === MEMBERSHIP_FEATURES.length ? "pro" : "creator";
}

/** The features a subscription product grants (none for the free product 7 or an unknown id). */
export function productFeatures(productId: number): MembershipFeature[] {
  const sold = PLANS.find((plan) => plan.prices.monthly.productId === productId || plan.prices.annual.productId === productId);
  if (sold?.key === "pro") return [...MEMBERSHIP_FEATURES];
  if (sold?.key === "creator") return [...CREATOR_FEATURES];
  return [];
}
