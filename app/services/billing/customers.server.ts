// The user's Stripe customer, made on first checkout, and the default card mirrored from Stripe.
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { billingCustomers, type BillingCustomer } from "../../../drizzle/schema/billing";
import { db } from "~/server/db.server";
import { getStripe } from "./stripe.server";

export async function findCustomer(userId: string): Promise<BillingCustomer | null> {
  const [row] = await db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId));
  return row ?? null;
}

export async function userIdOfCustomer(stripeCustomerId: string): Promise<string | null> {
  const [row] = await db.select({ userId: billingCustomers.userId }).from(billingCustomers).where(eq(billingCustomers.stripeCustomerId, stripeCustomerId));
  return row?.userId ?? null;
}

export async function ensureCustomer(user: { id: string; email: string; displayName: string }): Promise<string> {
  const existing = await findCustomer(user.id);
  if (existing) return existing.stripeCustomerId;
  const customer = await getStripe().customers.create({ email: user.email, name: user.displayName, metadata: { user_id: user.id } }, { idempotencyKey: `songloom-customer-${user.id}` });
  await db.insert(billingCustomers).values({ userId: user.id, stripeCustomerId: customer.id }).onConflictDoNothing();
  return (await findCustomer(user.id))!.stripeCustomerId;
}

/** Reads the customer's default card from Stripe into billing_customers (brand, last 4, expiry only). */
export async function syncCustomer(stripeCustomerId: string): Promise<void> {
  const stripe = getStripe();
  const customer = await stripe.customers.retrieve(stripeCustomerId);
  if (customer.deleted) return;
  const defaultId = typeof customer.invoice_settings?.default_payment_method === "string" ? customer.invoice_settings.default_payment_method : (customer.invoice_settings?.default_payment_method?.id ?? null);
  let card: Stripe.PaymentMethod.Card | null = null;
  if (defaultId) card = (await stripe.paymentMethods.retrieve(defaultId)).card ?? null;
  await db
    .update(billingCustomers)
    .set({ defaultPaymentMethodId: defaultId, cardBrand: card?.brand ?? null, cardLast4: card?.last4 ?? null, cardExpMonth: card?.exp_month ?? null, cardExpYear: card?.exp_year ?? null })
    .where(eq(billingCustomers.stripeCustomerId, stripeCustomerId));
}

export interface SavedCard {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  isDefault: boolean;
}

/** The customer's cards as Stripe lists them. */
export async function listCards(userId: string): Promise<SavedCard[]> {
  const customer = await findCustomer(userId);
  if (!customer) return [];
  const methods = await getStripe().customers.listPaymentMethods(customer.stripeCustomerId, { type: "card" });
  return methods.data
    .filter((method) => method.card)
    .map((method) => ({ id: method.id, brand: method.card!.brand, last4: method.card!.last4, expMonth: method.card!.exp_month, expYear: method.card!.exp_year, isDefault: method.id === customer.defaultPaymentMethodId }));
}
