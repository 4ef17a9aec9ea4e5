// GET /api/instrumentation/drums/count (spec 1 §7): how many drum sounds match the same filters as
// /api/instrumentation/drums/search.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireVerifiedUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { countDrums, DrumCountQuerySchema } from "~/services/songs/production.server";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/instrumentation/drums/count",
  summary: "Count drum sounds matching a search",
  tags: ["production"],
  request: { query: DrumCountQuerySchema },
  responses: {
    200: { description: "The number of matches", schema: z.object({ count: z.number().int() }) },
    400: { description: "A field is invalid (fields says which)" },
    401: { description: "Not signed in" },
    403: { description: "Email not verified" },
  },
});

export const loader = apiRoute(operation, async ({ request, query }) => {
  await requireVerifiedUser(request);
  return { count: countDrums(query) };
});
