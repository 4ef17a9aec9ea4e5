import { apiRoute } from "~/server/api.server";
import { requireVerifiedUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { membershipUpdates } from "~/services/billing";
import { UpdatesSchema } from "~/services/billing/api-schemas";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/user/subscription/updates",
  summary: "Plans the member can move to, and a pending downgrade (downgradeEffectiveTimestamp)",
  tags: ["payments"],
  responses: { 200: { description: "Updates", schema: UpdatesSchema } },
});

export const loader = apiRoute(operation, async ({ request }) => membershipUpdates((await requireVerifiedUser(request)).id));
