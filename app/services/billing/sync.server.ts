// The subscription row follows Stripe: every webhook about a subscription (and every change we ask
// Stripe for) ends here, re-reading the subscription and its schedule from Stripe and writing what Stripe
// says. Because it writes Stripe's current state rather than the event's snapshot, events that arrive
// twice or out of order leave the same row.
import { eq, sql } from "drizzle-orm";
import Stripe from "stripe";
import { subscriptions } from "../../../drizzle/schema/billing";
import { db } from "~/server/db.server";
import { FREE_PLAN_ID } from "~/server/plans.server";
import { userIdOfCustomer } from "./customers.server";
import { productIdOfPrice } from "./prices.server";
import { getStripe } from "./stripe.server";

const STATUS: Record<Stripe.Subscription.Status, "active" | "past_due" | "canceled"> = {
  active: "active",
  trialing: "active",
  past_due: "past_due",
  unpaid: "past_due",
  incomplete: "past_due",
  paused: "past_due",
  canceled: "canceled",
  incomplete_expired: "canceled",
};

const date = (seconds: number) => new Date(seconds * 1000);

export async function syncSubscription(stripeSubscriptionId: string): Promise<void> {
  const stripe = getStripe();
  let subscription: Stripe.Subscription;
  try {
    subscription = await stripe.subscriptions.retrieve(stripeSubscriptionId);
  } catch (error) {
    // An event about a subscription Stripe does not have (another account's, or a test event): nothing to follow.
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing") {
      console.warn(`Stripe has no subscription ${stripeSubscriptionId}; event ignored`);
      return;
    }
    throw error;
  }
  const customerId = typeof subscription.customer === "string" ? subscription.customer : subscription.customer.id;
  const userId = (await userIdOfCustomer(customerId)) ?? subscription.metadata?.user_id ?? null;
  if (!userId) {
    console.warn(`Stripe subscription ${subscription.id} belongs to no Songloom user (customer ${customerId})`);
    return;
  }
  const item = subscription.items.data[0];
  const productId = item ? productIdOfPrice(item.price) : null;
  if (!item || productId === null) {
    console.warn(`Stripe subscription ${subscription.id} is not a Songloom membership`);
    return;
  }
  let pendingProductId: number | null = null;
  let downgradeEffectiveAt: Date | null = null;
  const scheduleId = typeof subscription.schedule === "string" ? subscription.schedule : (subscription.schedule?.id ?? null);
  if (subscription.cancel_at_period_end) {
    pendingProductId = FREE_PLAN_ID;
    downgradeEffectiveAt = date(subscription.cancel_at ?? item.current_period_end);
  } else if (scheduleId) {
    const schedule = await stripe.subscriptionSchedules.retrieve(scheduleId);
    const next = schedule.phases.find((phase) => phase.start_date >= item.current_period_end);
    const nextPrice = next?.items[0]?.price;
    if (next && nextPrice) {
      const price = typeof nextPrice === "string" ? await stripe.prices.retrieve(nextPrice) : nextPrice;
      if (!("deleted" in price && price.deleted)) {
        pendingProductId = productIdOfPrice(price as Stripe.Price);
        downgradeEffectiveAt = date(next.start_date);
      }
    }
  }
  const values = {
    userId,
    productId,
    status: STATUS[subscription.status],
    currentPeriodStart: date(item.current_period_start),
    currentPeriodEnd: date(subscription.status === "canceled" ? (subscription.ended_at ?? item.current_period_end) : item.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    pendingProductId,
    downgradeEffectiveAt,
    scheduleId,
    externalId: subscription.id,
  };
  const [existing] = await db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.externalId, subscription.id));
  if (existing) await db.update(subscriptions).set(values).where(eq(subscriptions.id, existing.id));
  else await db.insert(subscriptions).values(values).onConflictDoUpdate({ target: subscriptions.externalId, targetWhere: sql`${subscriptions.externalId} is not null`, set: values });
}
