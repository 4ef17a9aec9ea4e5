// GET /api/user/limits/releases (spec 2 §3 Limits, §7).
import { apiRoute } from "~/server/api.server";
import { requireUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { getReleaseLimits, limitsJson, ReleaseLimitsSchema } from "~/services/releases/index.server";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/user/limits/releases",
  summary: "The user's release limits",
  description: "`monthlyReleaseLimit` is null while the flag enable_monthly_release_limit is off; null limits are unlimited.",
  tags: ["releases"],
  responses: { 200: { description: "Limits", schema: ReleaseLimitsSchema }, 401: { description: "Not signed in" } },
});

export const loader = apiRoute(operation, async ({ request }) => {
  const user = await requireUser(request);
  return limitsJson(await getReleaseLimits(user));
});
