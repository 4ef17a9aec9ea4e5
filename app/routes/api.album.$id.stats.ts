// GET /api/album/{id}/stats?start_date&end_date (spec 2 §7): streams by day between 2019-01-01 and today.
import { apiRoute } from "~/server/api.server";
import { requireUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { IdParams, releaseStats, requireOwnedRelease, StatsRangeSchema, StatsSchema } from "~/services/releases/index.server";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/album/{id}/stats",
  summary: "A release's streams by day",
  description: "Dates as YYYY-MM-DD, from 2019-01-01 to today; default the last 28 days. Zero until stores report streams.",
  tags: ["releases"],
  request: { params: IdParams, query: StatsRangeSchema },
  responses: { 200: { description: "Streams", schema: StatsSchema }, 400: { description: "A date outside the range" }, 401: { description: "Not signed in" }, 404: { description: "No such release of this user" } },
});

export const loader = apiRoute(operation, async ({ request, params, query }) => {
  const user = await requireUser(request);
  await requireOwnedRelease(user.id, params.id);
  return releaseStats(query);
});
