// Local Stripe stand-in — used only when no Stripe keys are configured, for development and tests.
// Stripe's REST API paths (/v1/...) as the official SDK calls them when pointed at this app
// (app/services/billing/stripe.server.ts). 404 with real keys or in production.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { isStripeStandin } from "~/services/billing/stripe.server";
import { handleStandinRequest } from "~/services/billing/standin/api.server";

async function serve({ request }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (!isStripeStandin()) return new Response("Not found", { status: 404 });
  return handleStandinRequest(request);
}

export const loader = serve;
export const action = serve;
