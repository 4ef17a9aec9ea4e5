// POST /api/song/{id}/production: the production page's single choices in one call: an instrument per
// part, a drum sound per drum kind, the mix style, the ambient effect and per-part levels (spec 1 §3
// user_edit). Every id is checked against the catalogue; queues a new version and answers 202.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { registerApiOperation } from "~/server/openapi.server";
import { editProduction, requireEditableSong } from "~/services/songs/edit.server";
import { EDIT_ERROR_RESPONSES, ProductionBodySchema, productionBodyToEdit, VersionAcceptedSchema, versionAccepted } from "~/services/songs/production.server";
import { IdSchema } from "~/utils/input-schemas";

const operation = registerApiOperation({
  method: "POST",
  path: "/api/song/{id}/production",
  summary: "Change instruments, drums, mix, ambient effect or levels",
  description:
    "instruments: {part: instrument id} for bass, chords, lead, pad, arp; drums: {kind: drum sound id} for kick, snare, open_hat, " +
    "closed_hat, auxiliary (the sound must be of that kind); mix: a mix style id; sfx: an ambient effect id; levels: {part: 0..2} " +
    "(1 = as produced). Send at least one.",
  tags: ["production"],
  request: { params: z.object({ id: IdSchema }), body: ProductionBodySchema },
  responses: { 202: { description: "The new version, queued for rendering", schema: VersionAcceptedSchema }, ...EDIT_ERROR_RESPONSES },
});

export const action = apiRoute(operation, async ({ request, params, body }) => {
  const { song } = await requireEditableSong(request, params.id);
  return versionAccepted(await editProduction(song, productionBodyToEdit(body)));
});
