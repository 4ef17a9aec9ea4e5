// The membership plans as the pricing page presents them. Plan ids and limits come from the spec
// (spec 2 §6, §9; spec 3 §9); the prices are ours and are explained in docs/pricing.md. Which features
// each plan grants, and so its level, is app/services/billing/membership-level.ts.
// Money is integer cents in USD.

export type BillingInterval = "monthly" | "annual";
export type PlanKey = "free" | "creator" | "pro";

export interface PlanPrice {
  /** The subscription product id this price is bought as. */
  productId: number;
  /** What one billing period costs. */
  amountCents: number;
}

export interface Plan {
  key: PlanKey;
  name: string;
  tagline: string;
  /** Free has one product (7) for both intervals. */
  prices: Record<BillingInterval, PlanPrice>;
  highlighted: boolean;
}

export const PLANS: Plan[] = [
  {
    key: "free",
    name: "Free",
    tagline: "Make songs and keep your favourites.",
    prices: { monthly: { productId: 7, amountCents: 0 }, annual: { productId: 7, amountCents: 0 } },
    highlighted: false,
  },
  {
    key: "creator",
    name: "Creator",
    tagline: "Download your songs and use them in your projects.",
    prices: { monthly: { productId: 1, amountCents: 999 }, annual: { productId: 9, amountCents: 9_588 } },
    highlighted: true,
  },
  {
    key: "pro",
    name: "Pro",
    tagline: "No limits on songs, every format, for working artists.",
    prices: { monthly: { productId: 2, amountCents: 1_999 }, annual: { productId: 10, amountCents: 19_188 } },
    highlighted: false,
  },
];

/** One row of the comparison: what each plan gets. `true`/`false` are a tick or a dash. */
export interface PlanFeature {
  label: string;
  values: Record<PlanKey, string | boolean>;
}

export const PLAN_FEATURES: PlanFeature[] = [
  { label: "Songs saved to your library", values: { free: "25", creator: "500", pro: "Unlimited" } },
  { label: "Generate and listen to songs", values: { free: "Unlimited", creator: "Unlimited", pro: "Unlimited" } },
  { label: "Edit instruments, drums, mix, notes and arrangement", values: { free: true, creator: true, pro: true } },
  { label: "Lyrics and sung vocals", values: { free: true, creator: true, pro: true } },
  { label: "Share links", values: { free: true, creator: true, pro: true } },
  { label: "MP3 downloads", values: { free: false, creator: true, pro: true } },
  { label: "WAV downloads", values: { free: false, creator: "25 a month", pro: "250 a month" } },
  { label: "MIDI downloads", values: { free: false, creator: false, pro: true } },
  { label: "Stem downloads (one WAV per part)", values: { free: false, creator: false, pro: true } },
  { label: "Commercial use of your songs", values: { free: false, creator: true, pro: true } },
  { label: "Releases to streaming services", values: { free: "1", creator: "10", pro: "Unlimited" } },
  { label: "Mastering add-on, per song", values: { free: true, creator: true, pro: true } },
];

/** The handful of lines a plan card shows; the table above has the rest. */
export const PLAN_HIGHLIGHTS: Record<PlanKey, string[]> = {
  free: ["25 saved songs", "Edit, add vocals and share", "1 release to streaming services", "Personal use only"],
  creator: ["500 saved songs", "MP3 downloads and 25 WAV downloads a month", "10 releases to streaming services", "Commercial use"],
  pro: [
    "Unlimited saved songs",
    "MP3, MIDI, stems and 250 WAV downloads a month",
    "Unlimited releases to streaming services",
    "Commercial use",
  ],
};

export function formatUsd(cents: number): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);
}

/** The monthly equivalent shown on a card, e.g. an annual price spread over 12 months. */
export function monthlyEquivalentCents(price: PlanPrice, interval: BillingInterval): number {
  return interval === "annual" ? Math.round(price.amountCents / 12) : price.amountCents;
}

/** How much cheaper annual billing is than twelve monthly payments, in whole percent. */
export function annualSavingPercent(plan: Plan): number {
  const yearOfMonths = plan.prices.monthly.amountCents * 12;
  if (yearOfMonths === 0) return 0;
  return Math.round((1 - plan.prices.annual.amountCents / yearOfMonths) * 100);
}
