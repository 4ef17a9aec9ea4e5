// Local Stripe stand-in — used only when no Stripe keys are configured, for development and tests.
// Events as Stripe sends them: an `event` object POSTed to the app's webhook URL with a Stripe-Signature
// header made by the SDK's own generateTestHeaderString (the same HMAC-SHA256 scheme as Stripe's:
// `t=<unix time>,v1=<hex HMAC of "t.payload" with the webhook secret>`). Delivery is in order, one at a
// time, after the API answer that caused it (as with Stripe, the webhook may land after the response).
import Stripe from "stripe";
import { standinWebhookUrl, webhookSecret } from "../stripe.server";
import { nowSeconds, publicView, save, stripeId, type StripeObject } from "./store.server";

const signer = new Stripe("sk_test_signing_only");
let queue: Promise<void> = Promise.resolve();

export async function makeEvent(type: string, object: StripeObject, extra: { account?: string; previous?: StripeObject } = {}): Promise<StripeObject> {
  const event = {
    id: stripeId("evt"),
    object: "event",
    api_version: "standin",
    created: nowSeconds(),
    livemode: false,
    pending_webhooks: 1,
    type,
    ...(extra.account ? { account: extra.account } : {}),
    data: { object: publicView(object), ...(extra.previous ? { previous_attributes: extra.previous } : {}) },
  };
  return save(event);
}

/** Signs and POSTs one event; true on a 2xx answer. Exported so tests can replay events. */
export async function deliver(event: StripeObject, url = standinWebhookUrl()): Promise<boolean> {
  const payload = JSON.stringify(event);
  const header = signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret() });
  try {
    const response = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json", "Stripe-Signature": header }, body: payload });
    if (!response.ok) console.warn(`[stripe stand-in] webhook ${event.type} ${event.id} answered ${response.status}`);
    return response.ok;
  } catch (error) {
    console.warn(`[stripe stand-in] webhook ${event.type} ${event.id} could not be delivered`, error);
    return false;
  }
}

/** Delivers now, in order after anything already queued (the hosted checkout waits for this). */
export function deliverNow(events: StripeObject[]): Promise<void> {
  queue = queue.then(async () => {
    for (const event of events) await deliver(event);
  });
  return queue;
}

const pending = new Set<Promise<void>>();

/** Runs `work` after `ms`, as Stripe does things a moment later (a bank settling a payout). */
export function after(ms: number, work: () => Promise<void>): void {
  const done: Promise<void> = new Promise<void>((resolve) => setTimeout(resolve, ms))
    .then(work)
    .catch((error: unknown) => console.warn("[stripe stand-in] delayed work failed", error))
    .finally(() => pending.delete(done));
  pending.add(done);
}

/** Resolves once everything the stand-in has started has happened and been delivered (tests). */
export async function deliveriesSettled(): Promise<void> {
  const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
  do {
    await tick();
    await Promise.all(pending);
    // Work that just finished may have queued deliveries a tick later (deliverLater).
    await tick();
    await queue;
  } while (pending.size > 0);
}

/** Delivers after the current API answer has gone out. */
export function deliverLater(events: StripeObject[]): void {
  setTimeout(() => void deliverNow(events), 0);
}
