// GET /api/instrumentation/drums/search (spec 1 §7): the drum picker's paged search by drum kind and
// words. drum_kind takes ids (open_hat) or the spec's display names (Open hi-hat). 20 per page by
// default; the drum tab search asks for 50 (the most allowed).
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireVerifiedUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { DrumSearchQuerySchema, DrumSoundSchema, findDrums } from "~/services/songs/production.server";

const ResultSchema = z.object({
  drums: z.array(DrumSoundSchema),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int().describe("Matches across all pages"),
});

const operation = registerApiOperation({
  method: "GET",
  path: "/api/instrumentation/drums/search",
  summary: "Search drum sounds",
  tags: ["production"],
  request: { query: DrumSearchQuerySchema },
  responses: {
    200: { description: "One page of drum sounds", schema: ResultSchema },
    400: { description: "A field is invalid (fields says which)" },
    401: { description: "Not signed in" },
    403: { description: "Email not verified" },
  },
});

export const loader = apiRoute(operation, async ({ request, query }) => {
  await requireVerifiedUser(request);
  return findDrums(query);
});
