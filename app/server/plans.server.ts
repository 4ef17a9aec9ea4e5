// What a user's membership allows (spec 2 §6, §9). The plan comes from the user's active, unexpired row in
// `subscriptions` (written by billing; see drizzle/schema/billing.ts); without one the user is on the free
// plan (product id 7), which spec 2 §4 makes the default whenever no active subscription exists. Prices and names live in app/content/plans.ts; limits live here because only
// the server enforces them.
import { and, desc, eq, gt } from "drizzle-orm";
import { subscriptions } from "../../drizzle/schema/billing";
import { PLANS, type Plan, type PlanKey } from "~/content/plans";
import { membershipLevel, productFeatures, type MembershipFeature } from "~/services/billing/membership-level";
import { db, type Db, type Tx } from "./db.server";

export type PlanFeature = MembershipFeature;

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
  /** What the plan's products grant (app/services/billing/membership-level.ts); the level is read from these. */
  features: PlanFeature[];
  /** WAV downloads a month (spec 2 §9: Creator 25, Pro 250); 0 without the wav_downloads feature. */
  monthlyWavDownloads: number;
}

export const PLAN_LIMITS: Record<PlanKey, PlanLimits> = {
  free: { songLimit: 25, limitEnforced: true, dailySongCreations: 60, features: [], monthlyWavDownloads: 0 },
  creator: { songLimit: 500, limitEnforced: true, dailySongCreations: 300, features: productFeatures(1), monthlyWavDownloads: 25 },
  pro: { songLimit: null, limitEnforced: true, dailySongCreations: 1_000, features: productFeatures(2), monthlyWavDownloads: 250 },
};

export const FREE_PLAN_ID = 7;

export interface UserPlan {
  plan: Plan;
  /** The subscription product id (7 for free). */
  productId: number;
  limits: PlanLimits;
}

/** The plan a product id belongs to (monthly or annual price), or null for an unknown product. */
export function planForProduct(productId: number): Plan | null {
  return PLANS.find((plan) => plan.prices.monthly.productId === productId || plan.prices.annual.productId === productId) ?? null;
}

/** The user's plan: their newest active subscription that has not run out, else free. Inside a transaction pass its `tx`. */
export async function getUserPlan(user: { id: string }, database: Db | Tx = db): Promise<UserPlan> {
  const [subscription] = await database
    .select({ productId: subscriptions.productId })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, user.id), eq(subscriptions.status, "active"), gt(subscriptions.currentPeriodEnd, new Date())))
    .orderBy(desc(subscriptions.currentPeriodEnd))
    .limit(1);
  const productId = subscription && planForProduct(subscription.productId) ? subscription.productId : FREE_PLAN_ID;
  // The level is what the product's features make it (spec 3 §6), not a name stored beside them.
  const level = membershipLevel(productFeatures(productId));
  const plan = PLANS.find((candidate) => candidate.key === level);
  if (!plan) throw new Error(`The ${level} plan is missing from app/content/plans.ts`);
  return { plan, productId, limits: PLAN_LIMITS[level] };
}

/** Paid plans (Creator, Pro): what spec 1 §6 calls a paid user. */
export function isPaidPlan(plan: UserPlan): boolean {
  return plan.plan.key !== "free";
}
