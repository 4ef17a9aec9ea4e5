import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireVerifiedUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { directedChange } from "~/services/billing/directed-change.server";
import { ChangeResultSchema, ProductIdField } from "~/services/billing/api-schemas";

const operation = registerApiOperation({
  method: "POST",
  path: "/api/user/subscription/downgrade",
  summary: "Downgrade at the end of the period (to 7, free: cancel at the period end)",
  tags: ["payments"],
  request: { body: z.object({ productId: ProductIdField }) },
  responses: {
    200: { description: "The change made", schema: ChangeResultSchema },
    400: { description: "That product is not a downgrade from the current plan" },
    402: { description: "Sorry, there was an error processing your payment. Please contact {email}" },
    404: { description: "No paid membership" },
    429: { description: "You have reached the maximum number of subscription updates. Please try again later." },
  },
});

export const action = apiRoute(operation, async ({ request, body }) => directedChange(await requireVerifiedUser(request), "downgrade", body.productId));
