// Local Stripe stand-in — used only when no Stripe keys are configured, for development and tests.
// The hosted checkout page's work: take a test card, then do what Stripe does when a Checkout Session
// completes (attach the card, start the subscription or take the payment, save the card for setup
// mode), send the webhooks and only then send the buyer to success_url.
import { deliverNow, makeEvent } from "./events.server";
import { mustLoad, newInvoice, newSubscription, StandinError, TEST_CARDS } from "./objects.server";
import { load, nowSeconds, publicView, save, stripeId, type StripeObject } from "./store.server";

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name: string;
}

export interface SessionSummary {
  id: string;
  mode: string;
  status: string;
  amountTotal: number;
  currency: string;
  email: string | null;
  lines: { name: string; amount: number; interval: string | null }[];
  cancelUrl: string;
}

export async function sessionSummary(id: string): Promise<SessionSummary> {
  const session = await mustLoad(id, "checkout.session");
  const customer = session.customer ? await load(session.customer) : null;
  return {
    id: session.id,
    mode: session.mode,
    status: session.status,
    amountTotal: session.amount_total ?? 0,
    currency: session.currency ?? "usd",
    email: customer?.email ?? session.customer_email ?? null,
    lines: (session._lines as StripeObject[]).map((line) => ({ name: line.name, amount: line.price.unit_amount ?? 0, interval: line.price.recurring?.interval ?? null })),
    cancelUrl: session.cancel_url,
  };
}

/** The card's refusal as Stripe words it, or null when it may be charged. */
function cardRefusal(card: CardInput): { code: string; message: string } | null {
  const known = TEST_CARDS[card.number];
  if (!known) return { code: "card_declined", message: "Your card was declined. Use a Stripe test card, such as 4242 4242 4242 4242." };
  const now = new Date();
  if (card.expYear < now.getUTCFullYear() || (card.expYear === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1)) {
    return { code: "invalid_expiry", message: "Your card's expiration date is in the past." };
  }
  if (known.outcome === "declined") return { code: "card_declined", message: "Your card was declined." };
  if (known.outcome === "expired_card") return { code: "expired_card", message: "Your card has expired." };
  return null;
}

/** Completes the session with the card; returns where to send the browser, or the card's refusal. */
export async function payCheckoutSession(id: string, card: CardInput): Promise<{ ok: true; redirectTo: string } | { ok: false; message: string }> {
  const session = await mustLoad(id, "checkout.session");
  if (session.status !== "open") throw new StandinError(400, "invalid_request_error", "This Checkout Session is no longer open.");
  const refusal = cardRefusal(card);
  if (refusal) {
    session._last_error = refusal.code;
    await save(session);
    return { ok: false, message: refusal.message };
  }
  const customer = session.customer ? await mustLoad(session.customer, "customer") : null;
  const paymentMethod = await save({
    id: stripeId("pm"),
    object: "payment_method",
    type: "card",
    created: nowSeconds(),
    customer: customer?.id ?? null,
    billing_details: { name: card.name || null },
    card: { brand: TEST_CARDS[card.number].brand, last4: card.number.slice(-4), exp_month: card.expMonth, exp_year: card.expYear, funding: "credit", country: "US" },
  });
  const events: StripeObject[] = [];
  if (customer && !customer.invoice_settings?.default_payment_method) {
    customer.invoice_settings = { ...customer.invoice_settings, default_payment_method: paymentMethod.id };
    await save(customer);
    events.push(await makeEvent("customer.updated", customer));
  }
  const line = (session._lines as StripeObject[])[0];
  if (session.mode === "subscription") {
    if (!customer) throw new StandinError(400, "invalid_request_error", "Subscription mode needs a customer.");
    const subscription = await newSubscription(customer, line.price, paymentMethod.id, session._subscription_metadata ?? {});
    const invoice = await newInvoice(customer.id, line.price.unit_amount, "subscription_create", subscription.id, subscription.metadata);
    subscription.latest_invoice = invoice.id;
    await save(subscription);
    session.subscription = subscription.id;
    session.invoice = invoice.id;
    events.push(await makeEvent("customer.subscription.created", subscription), await makeEvent("invoice.paid", invoice));
  } else if (session.mode === "payment") {
    const intent = await save({
      id: stripeId("pi"),
      object: "payment_intent",
      amount: session.amount_total,
      amount_received: session.amount_total,
      currency: session.currency,
      customer: customer?.id ?? null,
      payment_method: paymentMethod.id,
      status: "succeeded",
      created: nowSeconds(),
      metadata: session._payment_metadata ?? {},
    });
    session.payment_intent = intent.id;
  } else {
    const setupIntent = await save({ id: stripeId("seti"), object: "setup_intent", customer: customer?.id ?? null, payment_method: paymentMethod.id, status: "succeeded", created: nowSeconds(), usage: "off_session" });
    session.setup_intent = setupIntent.id;
  }
  Object.assign(session, { status: "complete", payment_status: session.mode === "setup" ? "no_payment_required" : "paid" });
  await save(session);
  events.push(await makeEvent("checkout.session.completed", publicView(session)));
  // Stripe sends these asynchronously; the stand-in waits for them so the success page finds them applied.
  await deliverNow(events);
  return { ok: true, redirectTo: String(session.success_url).replace("{CHECKOUT_SESSION_ID}", session.id) };
}
