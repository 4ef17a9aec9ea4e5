// GET /api/song/{id}/instrumentation/harmonic/search (spec 1 §7): the instrument picker's paged search,
// by group (the picker's tabs), type, subtype and words. 20 per page unless per_page says (at most 50).
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { registerApiOperation } from "~/server/openapi.server";
import { requireEditableSong } from "~/services/songs/edit.server";
import { EDIT_ERROR_RESPONSES, findInstruments, InstrumentSchema, InstrumentSearchQuerySchema } from "~/services/songs/production.server";
import { IdSchema } from "~/utils/input-schemas";

const ResultSchema = z.object({
  instruments: z.array(InstrumentSchema),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int().describe("Matches across all pages"),
});

const operation = registerApiOperation({
  method: "GET",
  path: "/api/song/{id}/instrumentation/harmonic/search",
  summary: "Search instruments for the song's parts",
  tags: ["production"],
  request: { params: z.object({ id: IdSchema }), query: InstrumentSearchQuerySchema },
  responses: { 200: { description: "One page of instruments", schema: ResultSchema }, ...EDIT_ERROR_RESPONSES },
});

export const loader = apiRoute(operation, async ({ request, params, query }) => {
  // Searching changes nothing, so a read-only song's owner may browse too.
  await requireEditableSong(request, params.id, { allowReadOnly: true });
  return findInstruments(query);
});
