// Stripe Checkout: the hosted page takes the card (no JavaScript of ours), Stripe starts the
// subscription or takes the payment, and the webhook tells us. Three kinds: a membership
// (subscription mode), a one-time purchase other domains use (payment mode; mastering, songs), and a
// new card (setup mode).
import type { Tx } from "~/server/db.server";
import { ensureCustomer } from "./customers.server";
import { membershipPriceId } from "./prices.server";
import { appUrl, getStripe } from "./stripe.server";

export interface BillingUser {
  id: string;
  email: string;
  displayName: string;
}

function absolute(path: string): string {
  return new URL(path, appUrl()).toString();
}

export async function createMembershipCheckout(user: BillingUser, productId: number): Promise<string> {
  const customer = await ensureCustomer(user);
  const session = await getStripe().checkout.sessions.create({
    mode: "subscription",
    customer,
    client_reference_id: user.id,
    line_items: [{ price: await membershipPriceId(productId), quantity: 1 }],
    subscription_data: { metadata: { user_id: user.id } },
    metadata: { user_id: user.id, songloom_product: "membership" },
    success_url: absolute("/account/membership?checkout=success&session_id={CHECKOUT_SESSION_ID}"),
    cancel_url: absolute("/account/membership?checkout=canceled"),
  });
  return session.url!;
}

export async function createCardSetupCheckout(user: BillingUser): Promise<string> {
  const customer = await ensureCustomer(user);
  const session = await getStripe().checkout.sessions.create({
    mode: "setup",
    customer,
    currency: "usd",
    client_reference_id: user.id,
    metadata: { user_id: user.id, songloom_product: "card" },
    success_url: absolute("/account/membership?card=added"),
    cancel_url: absolute("/account/membership"),
  });
  return session.url!;
}

export interface OneTimeCheckout {
  user: BillingUser;
  /** Names the product and the handler its payment goes to (registerOneTimePaymentHandler). */
  product: string;
  /** What the buyer sees on the checkout page, e.g. "Dolby mastering: My Song". */
  description: string;
  amountCents: number;
  /** Strings only (Stripe metadata); echoed to the handler. */
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
}

/** A one-time payment (Checkout in payment mode); returns the hosted page's URL. */
export async function createOneTimeCheckout(input: OneTimeCheckout): Promise<string> {
  if (!Number.isInteger(input.amountCents) || input.amountCents < 50) throw new Error("A one-time payment is whole cents, at least 50 (Stripe's minimum)");
  const customer = await ensureCustomer(input.user);
  const metadata = { ...input.metadata, user_id: input.user.id, songloom_product: input.product };
  const session = await getStripe().checkout.sessions.create({
    mode: "payment",
    customer,
    client_reference_id: input.user.id,
    line_items: [{ price_data: { currency: "usd", unit_amount: input.amountCents, product_data: { name: input.description } }, quantity: 1 }],
    payment_intent_data: { metadata },
    metadata,
    success_url: absolute(input.successUrl),
    cancel_url: absolute(input.cancelUrl),
  });
  return session.url!;
}

export interface OneTimePayment {
  userId: string;
  checkoutSessionId: string;
  amountCents: number;
  metadata: Record<string, string>;
}

/**
 * Runs inside the webhook's transaction, after the payment is in the ledger; applied once per checkout
 * session. Use only `tx` in it.
 */
export type OneTimePaymentHandler = (tx: Tx, payment: OneTimePayment) => Promise<void>;

const handlers = new Map<string, OneTimePaymentHandler>();

/** Other domains call this at module load: `registerOneTimePaymentHandler("mastering", async (tx, p) => ...)`. */
export function registerOneTimePaymentHandler(product: string, handler: OneTimePaymentHandler): void {
  handlers.set(product, handler);
}

export function oneTimePaymentHandler(product: string): OneTimePaymentHandler | undefined {
  return handlers.get(product);
}
