import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireVerifiedUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { directedChange } from "~/services/billing/directed-change.server";
import { ChangeResultSchema, ProductIdField } from "~/services/billing/api-schemas";

const operation = registerApiOperation({
  method: "POST",
  path: "/api/user/subscription/interval",
  summary: "Switch between monthly and annual billing of the same plan, now and prorated",
  tags: ["payments"],
  request: { body: z.object({ productId: ProductIdField.optional() }) },
  responses: {
    200: { description: "The change made", schema: ChangeResultSchema },
    400: { description: "That product is not a interval from the current plan" },
    402: { description: "Sorry, there was an error processing your payment. Please contact {email}" },
    404: { description: "No paid membership" },
    429: { description: "You have reached the maximum number of subscription updates. Please try again later." },
  },
});

export const action = apiRoute(operation, async ({ request, body }) => directedChange(await requireVerifiedUser(request), "interval", body.productId));
