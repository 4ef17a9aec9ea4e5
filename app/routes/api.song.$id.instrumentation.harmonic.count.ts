// GET /api/song/{id}/instrumentation/harmonic/count (spec 1 §7): how many instruments match the same
// filters as …/harmonic/search, for the picker's tab counts and pager.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { registerApiOperation } from "~/server/openapi.server";
import { requireEditableSong } from "~/services/songs/edit.server";
import { countInstruments, EDIT_ERROR_RESPONSES, InstrumentCountQuerySchema } from "~/services/songs/production.server";
import { IdSchema } from "~/utils/input-schemas";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/song/{id}/instrumentation/harmonic/count",
  summary: "Count instruments matching a search",
  tags: ["production"],
  request: { params: z.object({ id: IdSchema }), query: InstrumentCountQuerySchema },
  responses: { 200: { description: "The number of matches", schema: z.object({ count: z.number().int() }) }, ...EDIT_ERROR_RESPONSES },
});

export const loader = apiRoute(operation, async ({ request, params, query }) => {
  await requireEditableSong(request, params.id, { allowReadOnly: true });
  return { count: countInstruments(query) };
});
