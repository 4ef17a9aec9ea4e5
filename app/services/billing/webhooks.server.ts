// Stripe webhooks (POST /api/webhooks/stripe). The signature is checked with the SDK's constructEvent
// (400 when it fails); the event is stored by its id and applied once; a replay finds it applied and
// changes nothing. Subscription events re-read Stripe (sync.server.ts), so their order does not matter;
// money events post to the ledger under a reference unique to the Stripe object, so they count once.
import { eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { stripeEvents } from "../../../drizzle/schema/billing";
import { db } from "~/server/db.server";
import { ApiError } from "~/server/http.server";
import { debitCredit, MICROS_PER_CENT, PLATFORM_REVENUE, postEntry, PROCESSOR_CLEARING } from "~/services/ledger";
import { settlePayout } from "~/services/withdrawals/payouts.server";
import { oneTimePaymentHandler } from "./checkout.server";
import { syncCustomer, userIdOfCustomer } from "./customers.server";
import { currentStripeSubscription } from "./membership.server";
import { paidProduct, productIdOfPrice } from "./prices.server";
import { getStripe, webhookSecret } from "./stripe.server";
import { syncSubscription } from "./sync.server";

export function verifyStripeEvent(payload: string, signature: string | null): Stripe.Event {
  if (!signature) throw new ApiError(400, "invalid_signature", "The Stripe-Signature header is missing.");
  try {
    return getStripe().webhooks.constructEvent(payload, signature, webhookSecret());
  } catch {
    throw new ApiError(400, "invalid_signature", "The webhook signature does not match.");
  }
}

export async function receiveStripeWebhook(payload: string, signature: string | null): Promise<{ applied: boolean }> {
  const event = verifyStripeEvent(payload, signature);
  await db
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type, stripeCreatedAt: new Date(event.created * 1000), payload: event as unknown as Record<string, unknown> })
    .onConflictDoNothing();
  const [stored] = await db.select({ appliedAt: stripeEvents.appliedAt }).from(stripeEvents).where(eq(stripeEvents.id, event.id));
  if (stored.appliedAt) return { applied: false };
  await applyEvent(event);
  await db.update(stripeEvents).set({ appliedAt: sql`now()` }).where(eq(stripeEvents.id, event.id));
  return { applied: true };
}

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === "string" ? value : (value?.id ?? null));

async function applyEvent(event: Stripe.Event): Promise<void> {
  switch (event.type) {
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return syncSubscription(event.data.object.id);
    case "subscription_schedule.created":
    case "subscription_schedule.updated":
    case "subscription_schedule.released":
    case "subscription_schedule.canceled": {
      const subscription = idOf(event.data.object.subscription) ?? event.data.object.released_subscription;
      if (subscription) await syncSubscription(subscription);
      return;
    }
    case "customer.updated":
      return syncCustomer(event.data.object.id);
    case "invoice.paid":
      return recordInvoicePayment(event.data.object);
    case "invoice.payment_failed": {
      const subscription = idOf(event.data.object.parent?.subscription_details?.subscription);
      if (subscription) await syncSubscription(subscription);
      return;
    }
    case "checkout.session.completed":
      return completeCheckout(event.data.object);
    case "payout.paid":
    case "payout.failed":
      return settlePayout(event.data.object);
    default:
      return;
  }
}

/** A paid membership invoice is Songloom's revenue: the money arrives on our processor account. */
async function recordInvoicePayment(invoice: Stripe.Invoice): Promise<void> {
  if (invoice.amount_paid <= 0) return;
  const customer = idOf(invoice.customer);
  const userId = customer ? await userIdOfCustomer(customer) : null;
  const subscription = idOf(invoice.parent?.subscription_details?.subscription);
  let description = "Membership payment";
  if (subscription) {
    const item = (await getStripe().subscriptions.retrieve(subscription)).items.data[0];
    const product = item ? paidProduct(productIdOfPrice(item.price) ?? 0) : null;
    if (product) description = `${product.planName} membership (${product.interval})${invoice.billing_reason === "subscription_update" ? ", prorated change" : ""}`;
  }
  await db.transaction(async (tx) => {
    await postEntry(tx, {
      reference: `stripe:invoice:${invoice.id}`,
      description,
      category: "membership",
      userId,
      lines: debitCredit(PROCESSOR_CLEARING, PLATFORM_REVENUE, invoice.amount_paid * MICROS_PER_CENT),
    });
  });
}

async function completeCheckout(session: Stripe.Checkout.Session): Promise<void> {
  const customer = idOf(session.customer);
  if (session.mode === "subscription") {
    if (customer) await syncCustomer(customer);
    const subscription = idOf(session.subscription);
    if (subscription) await syncSubscription(subscription);
    return;
  }
  if (session.mode === "setup") {
    // A card added through checkout becomes the default, for the subscription too.
    const setupIntent = idOf(session.setup_intent);
    if (!setupIntent || !customer) return;
    const stripe = getStripe();
    const paymentMethod = idOf((await stripe.setupIntents.retrieve(setupIntent)).payment_method);
    if (!paymentMethod) return;
    await stripe.customers.update(customer, { invoice_settings: { default_payment_method: paymentMethod } });
    const userId = await userIdOfCustomer(customer);
    if (userId) {
      const subscriptionId = await currentStripeSubscription(userId);
      if (subscriptionId) await stripe.subscriptions.update(subscriptionId, { default_payment_method: paymentMethod });
    }
    await syncCustomer(customer);
    return;
  }
  // Payment mode: a one-time purchase for another domain.
  if (session.payment_status !== "paid" || !session.amount_total) return;
  const metadata = (session.metadata ?? {}) as Record<string, string>;
  const userId = (customer ? await userIdOfCustomer(customer) : null) ?? metadata.user_id ?? null;
  const product = metadata.songloom_product ?? "purchase";
  const handler = oneTimePaymentHandler(product);
  await db.transaction(async (tx) => {
    const { posted } = await postEntry(tx, {
      reference: `stripe:checkout:${session.id}`,
      description: `Purchase: ${product}`,
      category: "purchase",
      userId,
      lines: debitCredit(PROCESSOR_CLEARING, PLATFORM_REVENUE, session.amount_total! * MICROS_PER_CENT),
    });
    if (posted && handler && userId) await handler(tx, { userId, checkoutSessionId: session.id, amountCents: session.amount_total!, metadata });
  });
}
