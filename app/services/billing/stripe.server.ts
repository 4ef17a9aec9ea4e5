// The one Stripe client. With STRIPE_SECRET_KEY it talks to Stripe; without it, outside production, the
// same SDK talks to the labelled local Stripe stand-in served by this app at /v1/* (standin/), through
// the SDK's host/port/protocol options. Every caller goes through getStripe(), so the production path
// and the stand-in path are the same code. In production without keys, payments are unavailable (503).
import { createHmac } from "node:crypto";
import Stripe from "stripe";
import { env } from "~/server/env.server";
import { ApiError } from "~/server/http.server";

/** The API key the stand-in accepts; it is not a real key and works nowhere else. */
export const STANDIN_SECRET_KEY = "sk_test_local_stripe_standin";

export function isStripeStandin(): boolean {
  return !env.STRIPE_SECRET_KEY && env.NODE_ENV !== "production";
}

export function paymentsAvailable(): boolean {
  return Boolean(env.STRIPE_SECRET_KEY) || isStripeStandin();
}

interface StripeOverride {
  client: Stripe;
  webhookSecret: string;
  /** Where the stand-in POSTs webhooks (tests that serve the app on their own port). */
  webhookUrl?: string;
  /** Where the stand-in's hosted pages live (tests). */
  appUrl?: string;
}

const globalStore = globalThis as typeof globalThis & { __songloomStripe?: Stripe; __songloomStripeOverride?: StripeOverride };

/** Tests point the app at a stand-in they serve themselves. */
export function useStripe(override: StripeOverride | undefined): void {
  globalStore.__songloomStripeOverride = override;
}

export function standinClient(host: URL): Stripe {
  return new Stripe(STANDIN_SECRET_KEY, {
    host: host.hostname,
    port: host.port || (host.protocol === "https:" ? 443 : 80),
    protocol: host.protocol === "https:" ? "https" : "http",
    maxNetworkRetries: 0,
    telemetry: false,
  });
}

export function getStripe(): Stripe {
  const override = globalStore.__songloomStripeOverride;
  if (override) return override.client;
  if (!globalStore.__songloomStripe) {
    if (env.STRIPE_SECRET_KEY) {
      globalStore.__songloomStripe = new Stripe(env.STRIPE_SECRET_KEY, { maxNetworkRetries: 2, appInfo: { name: "Songloom" } });
    } else if (isStripeStandin()) {
      globalStore.__songloomStripe = standinClient(new URL(env.APP_URL));
    } else {
      throw new ApiError(503, "payments_unavailable", "Payments are not available right now. Please try again later.");
    }
  }
  return globalStore.__songloomStripe;
}

/** The secret webhooks are signed with: STRIPE_WEBHOOK_SECRET, or the stand-in's own, derived from SESSION_SECRET. */
export function webhookSecret(): string {
  const override = globalStore.__songloomStripeOverride;
  if (override) return override.webhookSecret;
  if (env.STRIPE_WEBHOOK_SECRET) return env.STRIPE_WEBHOOK_SECRET;
  if (isStripeStandin()) return `whsec_standin_${createHmac("sha256", env.SESSION_SECRET).update("stripe-standin-webhooks").digest("hex").slice(0, 32)}`;
  throw new ApiError(503, "payments_unavailable", "Webhooks are not configured (STRIPE_WEBHOOK_SECRET).");
}

/** The app's public base URL for Stripe's redirects and the stand-in's pages. */
export function appUrl(): string {
  return globalStore.__songloomStripeOverride?.appUrl ?? env.APP_URL;
}

export function standinWebhookUrl(): string {
  return globalStore.__songloomStripeOverride?.webhookUrl ?? new URL("/api/webhooks/stripe", env.APP_URL).toString();
}

export type { Stripe };
