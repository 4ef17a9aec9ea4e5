// POST /api/song/{id}/instrumentation/harmonic (spec 1 §7): a new harmonic ensemble for the song's notes.
// Queues a new version (docs/edit-flow.md) and answers 202 with it.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { registerApiOperation } from "~/server/openapi.server";
import { editProduction, requireEditableSong } from "~/services/songs/edit.server";
import { EDIT_ERROR_RESPONSES, HarmonicBodySchema, VersionAcceptedSchema, versionAccepted } from "~/services/songs/production.server";
import { IdSchema } from "~/utils/input-schemas";

const operation = registerApiOperation({
  method: "POST",
  path: "/api/song/{id}/instrumentation/harmonic",
  summary: "Choose the harmonic instrument ensemble",
  description: "Per-part instrument choices are cleared so the ensemble's own instruments play; the notes are kept.",
  tags: ["production"],
  request: { params: z.object({ id: IdSchema }), body: HarmonicBodySchema },
  responses: { 202: { description: "The new version, queued for rendering", schema: VersionAcceptedSchema }, ...EDIT_ERROR_RESPONSES },
});

export const action = apiRoute(operation, async ({ request, params, body }) => {
  const { song } = await requireEditableSong(request, params.id);
  return versionAccepted(await editProduction(song, { ensemble: body.instrument_ensemble }));
});
