// GET the membership; POST changes the plan (productId: up now, down at the period end, 7 = cancel);
// DELETE cancels at the period end.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireVerifiedUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { cancelMembership, changeMembership, getMembership } from "~/services/billing";
import { ChangeResultSchema, MembershipSchema, ProductIdField } from "~/services/billing/api-schemas";

const get = registerApiOperation({
  method: "GET",
  path: "/api/user/subscription",
  summary: "The signed-in user's membership (free, product 7, without an active subscription)",
  tags: ["payments"],
  responses: { 200: { description: "Current subscription", schema: MembershipSchema } },
});

const change = registerApiOperation({
  method: "POST",
  path: "/api/user/subscription",
  summary: "Change plan: a higher plan now (prorated), a lower one at the period end, 7 cancels at the period end",
  tags: ["payments"],
  request: { body: z.object({ productId: ProductIdField }) },
  responses: {
    200: { description: "The change made", schema: ChangeResultSchema },
    402: { description: "Sorry, there was an error processing your payment. Please contact {email}" },
    404: { description: "No paid membership to change" },
    429: { description: "You have reached the maximum number of subscription updates. Please try again later." },
  },
});

const cancel = registerApiOperation({
  method: "DELETE",
  path: "/api/user/subscription",
  summary: "Cancel at the end of the paid period",
  tags: ["payments"],
  responses: { 200: { description: "The membership, cancelling at currentPeriodEnd", schema: MembershipSchema }, 404: { description: "No paid membership" }, 429: { description: "Too many updates" } },
});

export const loader = apiRoute(get, async ({ request }) => getMembership((await requireVerifiedUser(request)).id));

const post = apiRoute(change, async ({ request, body }) => {
  const user = await requireVerifiedUser(request);
  const kind = await changeMembership(user, body.productId);
  return { change: kind, subscription: await getMembership(user.id) };
});
const remove = apiRoute(cancel, async ({ request }) => {
  const user = await requireVerifiedUser(request);
  await cancelMembership(user);
  return getMembership(user.id);
});

export const action = (args: Parameters<typeof post>[0]) => (args.request.method === "DELETE" ? remove(args) : post(args));
