import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireVerifiedUser } from "~/server/guards.server";
import { ApiError } from "~/server/http.server";
import { registerApiOperation } from "~/server/openapi.server";
import { assertCanBuy, createMembershipCheckout } from "~/services/billing";
import { CheckoutSchema, ProductIdField } from "~/services/billing/api-schemas";

const operation = registerApiOperation({
  method: "POST",
  path: "/api/buy_subscription",
  summary: "Buy a membership: starts Stripe Checkout (the card is taken on Stripe's page, never here)",
  tags: ["payments"],
  request: { body: z.object({ productId: ProductIdField, email: z.string().optional(), stripeToken: z.string().optional() }) },
  responses: {
    200: { description: "Send the browser to the checkout page", schema: CheckoutSchema },
    400: { description: "Unknown product, or the free plan" },
    409: { description: "Already a member: change the plan instead" },
  },
});

export const action = apiRoute(operation, async ({ request, body }) => {
  const user = await requireVerifiedUser(request);
  if (body.productId === 7) throw new ApiError(400, "invalid_product", "The free plan needs no purchase.", { productId: ["Choose a paid plan."] });
  await assertCanBuy(user.id);
  return { url: await createMembershipCheckout(user, body.productId) };
});
