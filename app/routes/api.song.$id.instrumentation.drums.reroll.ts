// POST /api/song/{id}/instrumentation/drums/reroll: new drums drawn with a new production seed, the
// instruments kept as they are. The spec names the re-roll but not its path; this one sits beside the
// drums ensemble choice (docs/edit-flow.md, Production). Queues a new version; 202.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { registerApiOperation } from "~/server/openapi.server";
import { editProduction, requireEditableSong } from "~/services/songs/edit.server";
import { EDIT_ERROR_RESPONSES, VersionAcceptedSchema, versionAccepted } from "~/services/songs/production.server";
import { IdSchema } from "~/utils/input-schemas";

const operation = registerApiOperation({
  method: "POST",
  path: "/api/song/{id}/instrumentation/drums/reroll",
  summary: "Re-roll the drums",
  description: "Draws new drums from the current ensemble with a new seed and keeps the instruments; the notes are kept.",
  tags: ["production"],
  request: { params: z.object({ id: IdSchema }) },
  responses: { 202: { description: "The new version, queued for rendering", schema: VersionAcceptedSchema }, ...EDIT_ERROR_RESPONSES },
});

export const action = apiRoute(operation, async ({ request, params }) => {
  const { song } = await requireEditableSong(request, params.id);
  return versionAccepted(await editProduction(song, { reroll: "drums" }));
});
