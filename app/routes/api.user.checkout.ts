import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireVerifiedUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { assertCanBuy, createCardSetupCheckout, createMembershipCheckout } from "~/services/billing";
import { CheckoutSchema, ProductIdField } from "~/services/billing/api-schemas";

const operation = registerApiOperation({
  method: "POST",
  path: "/api/user/checkout",
  summary: "Start Stripe Checkout: a membership (productId) or, without one, saving a new card",
  tags: ["payments"],
  request: { body: z.object({ productId: ProductIdField.refine((id) => id !== 7, { message: "Choose a paid plan." }).optional() }) },
  responses: {
    200: { description: "Send the browser to the checkout page", schema: CheckoutSchema },
    409: { description: "Already a member: change the plan instead" },
  },
});

export const action = apiRoute(operation, async ({ request, body }) => {
  const user = await requireVerifiedUser(request);
  if (body.productId === undefined) return { url: await createCardSetupCheckout(user) };
  await assertCanBuy(user.id);
  return { url: await createMembershipCheckout(user, body.productId) };
});
