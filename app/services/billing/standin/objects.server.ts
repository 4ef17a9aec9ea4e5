// Local Stripe stand-in — used only when no Stripe keys are configured, for development and tests.
// The stand-in's business rules: subscriptions and their periods, prorations, invoices, schedules and
// Connect payouts, shared by its REST API (api.server.ts) and its hosted checkout page (checkout.server.ts).
import { makeEvent, deliverLater } from "./events.server";
import { load, nowSeconds, save, stripeId, type StripeObject } from "./store.server";

export class StandinError extends Error {
  constructor(
    public readonly status: number,
    public readonly type: string,
    message: string,
    public readonly code?: string,
    public readonly param?: string,
  ) {
    super(message);
  }
}

export async function mustLoad(id: unknown, kind: string): Promise<StripeObject> {
  const object = typeof id === "string" ? await load(id) : null;
  if (!object || object.object !== kind) throw new StandinError(404, "invalid_request_error", `No such ${kind}: '${String(id)}'`, "resource_missing", "id");
  return object;
}

/** One billing period after `from` (calendar month or year, as Stripe counts them). */
export function periodEnd(from: number, interval: string): number {
  const date = new Date(from * 1000);
  if (interval === "year") date.setUTCFullYear(date.getUTCFullYear() + 1);
  else date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
}

export function firstItem(subscription: StripeObject): StripeObject {
  return subscription.items.data[0];
}

export async function newInvoice(customer: string, amount: number, reason: string, subscription: string | null, metadata: StripeObject = {}): Promise<StripeObject> {
  return save({
    id: stripeId("in"),
    object: "invoice",
    customer,
    status: "paid",
    amount_due: amount,
    amount_paid: amount,
    currency: "usd",
    billing_reason: reason,
    created: nowSeconds(),
    metadata,
    parent: subscription ? { type: "subscription_details", subscription_details: { subscription, metadata: {} } } : null,
  });
}

export async function newSubscription(customer: StripeObject, price: StripeObject, paymentMethod: string, metadata: StripeObject): Promise<StripeObject> {
  const start = nowSeconds();
  const id = stripeId("sub");
  return save({
    id,
    object: "subscription",
    customer: customer.id,
    status: "active",
    created: start,
    start_date: start,
    currency: "usd",
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    schedule: null,
    default_payment_method: paymentMethod,
    latest_invoice: null,
    livemode: false,
    metadata,
    items: {
      object: "list",
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
      data: [{ id: stripeId("si"), object: "subscription_item", subscription: id, price, quantity: 1, current_period_start: start, current_period_end: periodEnd(start, price.recurring.interval) }],
    },
  });
}

/**
 * A price change as Stripe makes it: the same interval keeps the period and charges the prorated
 * difference now (proration_behavior=always_invoice); another interval starts a new period today and
 * credits the unused part of the old one. A downgrade's credit is kept on the customer's balance.
 */
export async function changePrice(subscription: StripeObject, price: StripeObject, prorationBehavior: string): Promise<StripeObject[]> {
  if (subscription.schedule) {
    throw new StandinError(400, "invalid_request_error", "The subscription is managed by the subscription schedule; release the schedule before changing its items.");
  }
  const item = firstItem(subscription);
  const now = nowSeconds();
  const total = item.current_period_end - item.current_period_start;
  const remaining = Math.max(0, item.current_period_end - now);
  const unusedCredit = Math.round((item.price.unit_amount * remaining) / total);
  let charge: number;
  if (item.price.recurring.interval !== price.recurring.interval) {
    charge = price.unit_amount - (prorationBehavior === "none" ? 0 : unusedCredit);
    item.current_period_start = now;
    item.current_period_end = periodEnd(now, price.recurring.interval);
  } else {
    charge = prorationBehavior === "none" ? 0 : Math.round(((price.unit_amount - item.price.unit_amount) * remaining) / total);
  }
  item.price = price;
  const events: StripeObject[] = [];
  if (charge > 0 && prorationBehavior !== "create_prorations") {
    const invoice = await newInvoice(subscription.customer, charge, "subscription_update", subscription.id, subscription.metadata);
    subscription.latest_invoice = invoice.id;
    events.push(await makeEvent("invoice.paid", invoice));
  } else if (charge < 0) {
    const customer = await mustLoad(subscription.customer, "customer");
    customer.balance = (customer.balance ?? 0) + charge;
    await save(customer);
  }
  return events;
}

/**
 * The end of a billing period, which real Stripe reaches with time (the stand-in's test helper
 * /v1/test_helpers/standin/advance reaches it at once): cancel if asked, else apply a scheduled phase and
 * renew, charging the default card (an expired card fails and the subscription goes past_due).
 */
export async function renewSubscription(subscription: StripeObject): Promise<void> {
  const events: StripeObject[] = [];
  const item = firstItem(subscription);
  const now = Math.max(nowSeconds(), item.current_period_end);
  if (subscription.cancel_at_period_end) {
    Object.assign(subscription, { status: "canceled", ended_at: now, canceled_at: now });
    await save(subscription);
    deliverLater([await makeEvent("customer.subscription.deleted", subscription)]);
    return;
  }
  if (subscription.schedule) {
    const schedule = await mustLoad(subscription.schedule, "subscription_schedule");
    const next = (schedule.phases as StripeObject[]).find((phase) => Number(phase.start_date) >= item.current_period_end);
    if (next) item.price = await mustLoad(next.items[0].price, "price");
    Object.assign(schedule, { status: "released", released_subscription: subscription.id });
    await save(schedule);
    subscription.schedule = null;
  }
  item.current_period_start = item.current_period_end;
  item.current_period_end = periodEnd(item.current_period_start, item.price.recurring.interval);
  const card = subscription.default_payment_method ? await load(subscription.default_payment_method) : null;
  const expired = !card || new Date(Date.UTC(card.card.exp_year, card.card.exp_month, 1)).getTime() / 1000 <= now;
  if (expired) {
    subscription.status = "past_due";
    const invoice = await newInvoice(subscription.customer, item.price.unit_amount, "subscription_cycle", subscription.id, subscription.metadata);
    Object.assign(invoice, { status: "open", amount_paid: 0 });
    await save(invoice);
    events.push(await makeEvent("invoice.payment_failed", invoice));
  } else {
    const invoice = await newInvoice(subscription.customer, item.price.unit_amount, "subscription_cycle", subscription.id, subscription.metadata);
    subscription.latest_invoice = invoice.id;
    events.push(await makeEvent("invoice.paid", invoice));
  }
  await save(subscription);
  events.unshift(await makeEvent("customer.subscription.updated", subscription));
  deliverLater(events);
}

/** Card numbers the hosted checkout understands (Stripe's documented test cards). */
export const TEST_CARDS: Record<string, { brand: string; outcome: "succeeds" | "declined" | "expired_card"; label: string }> = {
  "4242424242424242": { brand: "visa", outcome: "succeeds", label: "Visa: succeeds" },
  "5555555555554444": { brand: "mastercard", outcome: "succeeds", label: "Mastercard: succeeds" },
  "4000000000000002": { brand: "visa", outcome: "declined", label: "Visa: declined (card_declined)" },
  "4000000000000069": { brand: "visa", outcome: "expired_card", label: "Visa: declined as expired (expired_card)" },
};

/** Stripe's test bank account that fails payouts (no_account); any other test number is paid. */
export const FAILING_BANK_ACCOUNT = "000111111116";
