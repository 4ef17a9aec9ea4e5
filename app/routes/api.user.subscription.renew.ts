import { apiRoute } from "~/server/api.server";
import { requireVerifiedUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { getMembership, renewMembership } from "~/services/billing";
import { MembershipSchema } from "~/services/billing/api-schemas";

const operation = registerApiOperation({
  method: "PUT",
  path: "/api/user/subscription/renew",
  summary: "Keep the membership: undo a cancellation or a pending downgrade",
  tags: ["payments"],
  responses: { 200: { description: "The membership, renewing", schema: MembershipSchema }, 404: { description: "No paid membership" }, 429: { description: "Too many updates" } },
});

export const action = apiRoute(operation, async ({ request }) => {
  const user = await requireVerifiedUser(request);
  await renewMembership(user);
  return getMembership(user.id);
});
