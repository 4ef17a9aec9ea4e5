import { z } from "zod";
import { PLANS } from "~/content/plans";
import { apiRoute } from "~/server/api.server";
import { registerApiOperation } from "~/server/openapi.server";
import { PLAN_LIMITS } from "~/server/plans.server";

const PlanSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    billing_interval: z.enum(["MONTHLY", "ANNUAL"]),
    amount: z.number().int().describe("Cents per billing period"),
    retail_price: z.number().int(),
    limits: z.object({ songsLimit: z.number().int().nullable(), monetizedReleaseLimit: z.number().int().nullable() }),
    features: z.array(z.string()),
    intervals: z.array(z.object({ interval: z.enum(["MONTHLY", "ANNUAL"]), price: z.number().int(), interval_id: z.number().int(), retail_price: z.number().int() })),
  })
  .meta({ id: "SubscriptionProduct" });

const RELEASES = { free: 1, creator: 10, pro: null } as const;

const operation = registerApiOperation({
  method: "GET",
  path: "/api/membership_plans",
  summary: "Membership plans (subscription products) with prices and limits",
  tags: ["payments"],
  responses: { 200: { description: "One entry per product id", schema: z.object({ plans: z.array(PlanSchema) }) } },
});

export const loader = apiRoute(operation, async () => ({
  plans: PLANS.flatMap((plan) => {
    const intervals = (["monthly", "annual"] as const).map((interval) => ({
      interval: interval === "monthly" ? ("MONTHLY" as const) : ("ANNUAL" as const),
      price: plan.prices[interval].amountCents,
      interval_id: plan.prices[interval].productId,
      retail_price: plan.prices.monthly.amountCents * (interval === "annual" ? 12 : 1),
    }));
    const products = plan.key === "free" ? intervals.slice(0, 1) : intervals;
    return products.map((price) => ({
      id: price.interval_id,
      name: plan.name,
      billing_interval: price.interval,
      amount: price.price,
      retail_price: price.retail_price,
      limits: { songsLimit: PLAN_LIMITS[plan.key].songLimit, monetizedReleaseLimit: RELEASES[plan.key] },
      features: PLAN_LIMITS[plan.key].features,
      intervals,
    }));
  }),
}));
