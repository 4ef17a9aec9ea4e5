// GET /api/products/dolby (spec 2 §7): the mastering product and its per-song price (config:
// MASTERING_PRICE_CENTS). 503 ERROR_LOADING_PRODUCT when mastering is not on sale.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireVerifiedUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { masteringProduct, NON_REFUNDABLE_NOTICE } from "~/services/mastering/index.server";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/products/dolby",
  summary: "The mastering product and its price",
  tags: ["mastering"],
  responses: {
    200: {
      description: "The product",
      schema: z.object({
        product: z.object({ id: z.string(), name: z.string(), description: z.string(), amountCents: z.number(), currency: z.string(), price: z.string(), refundable: z.boolean() }),
        notice: z.string(),
      }),
    },
    401: { description: "Not signed in" },
    403: { description: "Email not verified" },
    503: { description: "ERROR_LOADING_PRODUCT: mastering is not on sale" },
  },
});

export const loader = apiRoute(operation, async ({ request }) => {
  await requireVerifiedUser(request);
  return { product: masteringProduct(), notice: NON_REFUNDABLE_NOTICE };
});
