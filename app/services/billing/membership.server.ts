// Membership changes (spec 2 §4): upgrade now with proration, downgrade at the period end (to free means
// cancel at the period end), change billing interval now with proration, cancel, renew, default card.
// Each asks Stripe, then re-reads the subscription from Stripe into our row (the webhook does the same
// again later; both write Stripe's state, so the order does not matter).
import { and, count, desc, eq, gt, inArray } from "drizzle-orm";
import Stripe from "stripe";
import { subscriptions, subscriptionUpdateAttempts, type Subscription } from "../../../drizzle/schema/billing";
import { SUPPORT_EMAIL } from "~/constants";
import { db } from "~/server/db.server";
import { ApiError } from "~/server/http.server";
import { FREE_PLAN_ID } from "~/server/plans.server";
import type { BillingUser } from "./checkout.server";
import { findCustomer, syncCustomer, type SavedCard, listCards } from "./customers.server";
import { membershipPriceId, paidProduct } from "./prices.server";
import { getStripe } from "./stripe.server";
import { syncSubscription } from "./sync.server";

/** Spec 2 §8: more subscription changes than this in the window is a 429. */
export const SUBSCRIPTION_UPDATE_LIMIT = 5;
export const SUBSCRIPTION_UPDATE_WINDOW_MS = 60 * 60 * 1000;
export const TOO_MANY_UPDATES_MESSAGE = "You have reached the maximum number of subscription updates. Please try again later.";
export const PAYMENT_ERROR_MESSAGE = `Sorry, there was an error processing your payment. Please contact ${SUPPORT_EMAIL}`;

const PLAN_RANK = { free: 0, creator: 1, pro: 2 } as const;

/** The user's live paid subscription row (active or past due, not ended), newest first. */
export async function currentSubscriptionRow(userId: string): Promise<Subscription | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ["active", "past_due"]), gt(subscriptions.currentPeriodEnd, new Date())))
    .orderBy(desc(subscriptions.currentPeriodEnd))
    .limit(1);
  return row ?? null;
}

export async function currentStripeSubscription(userId: string): Promise<string | null> {
  return (await currentSubscriptionRow(userId))?.externalId ?? null;
}

export interface MembershipView {
  productId: number;
  planKey: "free" | "creator" | "pro";
  interval: "monthly" | "annual" | null;
  active: boolean;
  status: Subscription["status"] | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  pendingProductId: number | null;
  downgradeEffectiveTimestamp: string | null;
  card: { brand: string; last4: string; expMonth: number; expYear: number; expired: boolean } | null;
  /** The default card expires before the next renewal (spec 2 §4). */
  cardExpiresBeforeRenewal: boolean;
}

export async function getMembership(userId: string): Promise<MembershipView> {
  const [row, customer] = await Promise.all([currentSubscriptionRow(userId), findCustomer(userId)]);
  const product = row ? paidProduct(row.productId) : null;
  const card =
    customer?.cardLast4 && customer.cardExpMonth && customer.cardExpYear
      ? { brand: customer.cardBrand ?? "card", last4: customer.cardLast4, expMonth: customer.cardExpMonth, expYear: customer.cardExpYear, expired: cardEnd(customer.cardExpMonth, customer.cardExpYear) <= new Date() }
      : null;
  const renews = row && !row.cancelAtPeriodEnd ? row.currentPeriodEnd : null;
  return {
    productId: product ? row!.productId : FREE_PLAN_ID,
    planKey: product?.planKey ?? "free",
    interval: product?.interval ?? null,
    active: row?.status === "active",
    status: row?.status ?? null,
    currentPeriodEnd: row?.currentPeriodEnd.toISOString() ?? null,
    cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
    pendingProductId: row?.pendingProductId ?? null,
    downgradeEffectiveTimestamp: row?.downgradeEffectiveAt?.toISOString() ?? null,
    card,
    cardExpiresBeforeRenewal: Boolean(card && renews && cardEnd(card.expMonth, card.expYear) <= renews),
  };
}

/** A card works through the last day of its expiry month. */
function cardEnd(month: number, year: number): Date {
  return new Date(Date.UTC(year, month, 1));
}

export type MembershipChange = "upgrade" | "downgrade" | "interval" | "cancel" | "renew" | "payment_method";

/** Counts a change against the window; throws the spec's 429 when the user is over the limit. */
async function countUpdate(userId: string, action: MembershipChange): Promise<void> {
  const since = new Date(Date.now() - SUBSCRIPTION_UPDATE_WINDOW_MS);
  const [{ value }] = await db
    .select({ value: count() })
    .from(subscriptionUpdateAttempts)
    .where(and(eq(subscriptionUpdateAttempts.userId, userId), gt(subscriptionUpdateAttempts.createdAt, since)));
  if (value >= SUBSCRIPTION_UPDATE_LIMIT) throw new ApiError(429, "too_many_subscription_updates", TOO_MANY_UPDATES_MESSAGE);
  await db.insert(subscriptionUpdateAttempts).values({ userId, action });
}

/** Stripe's refusals become the spec's payment message; our own ApiErrors pass through. */
async function atStripe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof Stripe.errors.StripeError) {
      console.error(`Stripe refused a membership change: ${error.type} ${error.code ?? ""} ${error.message}`);
      throw new ApiError(402, "payment_failed", PAYMENT_ERROR_MESSAGE);
    }
    throw error;
  }
}

async function requireSubscription(userId: string): Promise<Subscription & { externalId: string }> {
  const row = await currentSubscriptionRow(userId);
  if (!row?.externalId) throw new ApiError(404, "no_subscription", "You have no paid membership. Choose a plan to buy one.");
  return row as Subscription & { externalId: string };
}

async function releaseSchedule(row: Subscription): Promise<void> {
  if (row.scheduleId) await getStripe().subscriptionSchedules.release(row.scheduleId);
}

/**
 * Moves a paid member to `productId`: higher plan now (prorated), lower plan at the period end, the
 * other interval of the same plan now (prorated), free = cancel at the period end.
 */
export async function changeMembership(user: BillingUser, productId: number): Promise<MembershipChange> {
  const row = await requireSubscription(user.id);
  if (productId === FREE_PLAN_ID) {
    await cancelMembership(user);
    return "cancel";
  }
  const target = paidProduct(productId);
  const current = paidProduct(row.productId);
  if (!target || !current) throw new ApiError(400, "invalid_product", "Choose one of the membership plans.", { productId: ["Unknown product."] });
  if (productId === row.productId) {
    if (row.cancelAtPeriodEnd || row.scheduleId) {
      await renewMembership(user);
      return "renew";
    }
    throw new ApiError(409, "already_subscribed", "You are already on this plan.");
  }
  const kind: MembershipChange = PLAN_RANK[target.planKey] > PLAN_RANK[current.planKey] ? "upgrade" : PLAN_RANK[target.planKey] < PLAN_RANK[current.planKey] ? "downgrade" : "interval";
  await countUpdate(user.id, kind);
  const stripe = getStripe();
  const price = await membershipPriceId(productId);
  await atStripe(async () => {
    if (kind === "downgrade") {
      const subscription = await stripe.subscriptions.retrieve(row.externalId);
      const item = subscription.items.data[0];
      const scheduleId = row.scheduleId ?? (await stripe.subscriptionSchedules.create({ from_subscription: row.externalId })).id;
      await stripe.subscriptionSchedules.update(scheduleId, {
        end_behavior: "release",
        phases: [
          { items: [{ price: item.price.id, quantity: 1 }], start_date: item.current_period_start, end_date: item.current_period_end },
          { items: [{ price, quantity: 1 }], start_date: item.current_period_end, duration: { interval: target.interval === "annual" ? "year" : "month", interval_count: 1 } },
        ],
      });
      if (subscription.cancel_at_period_end) await stripe.subscriptions.update(row.externalId, { cancel_at_period_end: false });
    } else {
      await releaseSchedule(row);
      const subscription = await stripe.subscriptions.retrieve(row.externalId);
      await stripe.subscriptions.update(row.externalId, {
        items: [{ id: subscription.items.data[0].id, price }],
        proration_behavior: "always_invoice",
        cancel_at_period_end: false,
      });
    }
  });
  await syncSubscription(row.externalId);
  return kind;
}

export async function cancelMembership(user: BillingUser): Promise<void> {
  const row = await requireSubscription(user.id);
  await countUpdate(user.id, "cancel");
  await atStripe(async () => {
    await releaseSchedule(row);
    await getStripe().subscriptions.update(row.externalId, { cancel_at_period_end: true });
  });
  await syncSubscription(row.externalId);
}

/** Keeps the membership going: undoes a cancellation or a pending downgrade. */
export async function renewMembership(user: BillingUser): Promise<void> {
  const row = await requireSubscription(user.id);
  await countUpdate(user.id, "renew");
  await atStripe(async () => {
    await releaseSchedule(row);
    await getStripe().subscriptions.update(row.externalId, { cancel_at_period_end: false });
  });
  await syncSubscription(row.externalId);
}

export async function setDefaultCard(user: BillingUser, paymentMethodId: string): Promise<void> {
  const customer = await findCustomer(user.id);
  const cards: SavedCard[] = await listCards(user.id);
  if (!customer || !cards.some((card) => card.id === paymentMethodId)) {
    throw new ApiError(400, "invalid_payment_method", "Choose one of your saved cards.", { paymentMethodId: ["Not one of your cards."] });
  }
  await countUpdate(user.id, "payment_method");
  const row = await currentSubscriptionRow(user.id);
  await atStripe(async () => {
    await getStripe().customers.update(customer.stripeCustomerId, { invoice_settings: { default_payment_method: paymentMethodId } });
    if (row?.externalId) await getStripe().subscriptions.update(row.externalId, { default_payment_method: paymentMethodId });
  });
  await syncCustomer(customer.stripeCustomerId);
}

/** Refuses a checkout for someone who already pays: they change plans instead. */
export async function assertCanBuy(userId: string): Promise<void> {
  if (await currentSubscriptionRow(userId)) throw new ApiError(409, "already_subscribed", "You already have a membership: change your plan instead.");
}


/** What a change to `productId` would be, without making it (the upgrade/downgrade/interval calls check it). */
export async function classifyChange(userId: string, productId: number): Promise<MembershipChange | "same" | "buy"> {
  const row = await currentSubscriptionRow(userId);
  if (!row) return "buy";
  if (productId === FREE_PLAN_ID) return "cancel";
  const target = paidProduct(productId);
  const current = paidProduct(row.productId);
  if (!target || !current) throw new ApiError(400, "invalid_product", "Choose one of the membership plans.", { productId: ["Unknown product."] });
  if (productId === row.productId) return "same";
  return PLAN_RANK[target.planKey] > PLAN_RANK[current.planKey] ? "upgrade" : PLAN_RANK[target.planKey] < PLAN_RANK[current.planKey] ? "downgrade" : "interval";
}

/** spec 2 §3 "Updates": which products the member can move to, and what is pending. */
export async function membershipUpdates(userId: string) {
  const membership = await getMembership(userId);
  const paid = [1, 9, 2, 10];
  const rank = PLAN_RANK[membership.planKey];
  const otherInterval = membership.planKey === "free" ? null : paid.find((id) => id !== membership.productId && paidProduct(id)?.planKey === membership.planKey) ?? null;
  return {
    upgrades: paid.filter((id) => PLAN_RANK[paidProduct(id)!.planKey] > rank),
    downgrades: membership.planKey === "free" ? [] : [...paid.filter((id) => PLAN_RANK[paidProduct(id)!.planKey] < rank), FREE_PLAN_ID],
    downgradeEffectiveTimestamp: membership.downgradeEffectiveTimestamp,
    pendingProductId: membership.pendingProductId,
    intervalChange: otherInterval,
  };
}
