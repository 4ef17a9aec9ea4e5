// Membership prices at Stripe, found by lookup_key (songloom_membership_<product id>) and created the first
// time they are needed from app/content/plans.ts, so a fresh Stripe account needs no dashboard setup.
// A price's product id travels in its metadata, so any subscription item tells which plan it is.
import type Stripe from "stripe";
import { PLANS, type BillingInterval } from "~/content/plans";
import { membershipLevel, productFeatures } from "./membership-level";
import { getStripe } from "./stripe.server";

// Per client: tests (and a key change) point the app at another Stripe account with other price ids.
const caches = new WeakMap<Stripe, Map<number, string>>();

export function lookupKey(productId: number): string {
  return `songloom_membership_${productId}`;
}

export function paidProduct(productId: number): { planKey: "creator" | "pro"; planName: string; interval: BillingInterval; amountCents: number } | null {
  for (const plan of PLANS) {
    if (plan.key === "free") continue;
    for (const interval of ["monthly", "annual"] as const) {
      if (plan.prices[interval].productId !== productId) continue;
      // The level the product's features make it (spec 3 §6): what upgrade and downgrade compare.
      const level = membershipLevel(productFeatures(productId));
      if (level === "free") continue;
      return { planKey: level, planName: PLANS.find((candidate) => candidate.key === level)!.name, interval, amountCents: plan.prices[interval].amountCents };
    }
  }
  return null;
}

export async function membershipPriceId(productId: number): Promise<string> {
  const stripe = getStripe();
  let cache = caches.get(stripe);
  if (!cache) caches.set(stripe, (cache = new Map()));
  const cached = cache.get(productId);
  if (cached) return cached;
  const product = paidProduct(productId);
  if (!product) throw new Error(`Product ${productId} is not a paid membership`);
  const found = await stripe.prices.list({ lookup_keys: [lookupKey(productId)], limit: 1 });
  const price =
    found.data[0] ??
    (await stripe.prices.create({
      currency: "usd",
      unit_amount: product.amountCents,
      recurring: { interval: product.interval === "annual" ? "year" : "month" },
      lookup_key: lookupKey(productId),
      product_data: { name: `Songloom ${product.planName} (${product.interval})`, metadata: { product_id: String(productId) } },
      metadata: { product_id: String(productId) },
    }));
  cache.set(productId, price.id);
  return price.id;
}

/** The membership product id a Stripe price stands for, or null for a price that is not ours. */
export function productIdOfPrice(price: Pick<Stripe.Price, "metadata" | "lookup_key">): number | null {
  const fromMetadata = Number(price.metadata?.product_id);
  if (Number.isInteger(fromMetadata) && fromMetadata > 0) return fromMetadata;
  const match = /^songloom_membership_(\d+)$/.exec(price.lookup_key ?? "");
  return match ? Number(match[1]) : null;
}
