// What a user's membership allows (spec 2 §6, §9). Subscriptions arrive with billing (a later issue);
// until then every user is on the free plan (product id 7), which spec 2 §4 makes the default whenever no
// active subscription exists. Prices and names live in app/content/plans.ts; limits live here because only
// the server enforces them.
import { PLANS, type Plan, type PlanKey } from "~/content/plans";

export type PlanFeature = "downloads" | "wav_downloads" | "midi_downloads";

export interface PlanLimits {
  /** Songs the library may hold; null is unlimited (spec 2 §9: free 25, creator 500, pro unlimited). */
  songLimit: number | null;
  /** Whether songs beyond the limit are refused and locked (spec 2 §3 limitEnforced). */
  limitEnforced: boolean;
  /**
   * Songs a user may create in any 24 hours. Generating is free and unlimited on the pricing page, but
   * every song costs about half a minute of render time, so this stops one account from monopolising the
   * render workers. 60 is twenty Create clicks of three songs a day, far above what a person listens to.
   */
  dailySongCreations: number;
  features: PlanFeature[];
}

export const PLAN_LIMITS: Record<PlanKey, PlanLimits> = {
  free: { songLimit: 25, limitEnforced: true, dailySongCreations: 60, features: [] },
  creator: { songLimit: 500, limitEnforced: true, dailySongCreations: 300, features: ["downloads", "wav_downloads"] },
  pro: { songLimit: null, limitEnforced: true, dailySongCreations: 1_000, features: ["downloads", "wav_downloads", "midi_downloads"] },
};

export const FREE_PLAN_ID = 7;

export interface UserPlan {
  plan: Plan;
  /** The subscription product id (7 for free). */
  productId: number;
  limits: PlanLimits;
}

/**
 * The user's plan. Every user is free until subscriptions exist; the signature is already the one that
 * will look the subscription up (async, by user), so callers do not change when it does.
 */
export async function getUserPlan(_user: { id: string }): Promise<UserPlan> {
  const plan = PLANS.find((candidate) => candidate.key === "free");
  if (!plan) throw new Error("The free plan is missing from app/content/plans.ts");
  return { plan, productId: FREE_PLAN_ID, limits: PLAN_LIMITS.free };
}
