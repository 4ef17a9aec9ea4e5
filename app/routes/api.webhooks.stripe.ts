// Stripe's webhooks. Authenticated by the Stripe-Signature header (not by a session or an Origin), so it
// must stay exempt from any same-origin check on POSTs. 400 on a bad signature; 200 once stored, whether
// or not this delivery applied it (a replay changes nothing).
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { registerApiOperation } from "~/server/openapi.server";
import { receiveStripeWebhook } from "~/services/billing";

const operation = registerApiOperation({
  method: "POST",
  path: "/api/webhooks/stripe",
  summary: "Stripe webhook events",
  description: "Signed by Stripe (Stripe-Signature, HMAC-SHA256 with the webhook secret). Stored by event id and applied once.",
  tags: ["payments"],
  security: [{ stripeSignature: [] }],
  responses: {
    200: { description: "Received (applied now, or already applied before)", schema: z.object({ received: z.literal(true), applied: z.boolean() }) },
    400: { description: "Missing or wrong signature" },
  },
});

export const action = apiRoute(operation, async ({ request }) => {
  const { applied } = await receiveStripeWebhook(await request.text(), request.headers.get("stripe-signature"));
  return { received: true as const, applied };
});
