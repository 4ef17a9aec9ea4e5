// POST /api/song/{id}/arrangement: the segments in a new order (indexes of the current segments: a repeat
// duplicates, an omission deletes). Renders a new version with the same production.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { registerApiOperation } from "~/server/openapi.server";
import { currentParts, editArrangement, requireEditableSong } from "~/services/songs/edit.server";
import { ArrangementEditSchema, checkOrder } from "~/services/songs/edit-notes.server";
import { VersionAcceptedSchema } from "~/services/songs/production.server";
import { IdSchema } from "~/utils/input-schemas";

const operation = registerApiOperation({
  method: "POST",
  path: "/api/song/{id}/arrangement",
  summary: "Reorder, duplicate or delete a song's segments",
  description: "`order` lists 1 to 64 indexes of the song's current segments. Renders a new version.",
  tags: ["edit"],
  request: { params: z.object({ id: IdSchema }), body: ArrangementEditSchema },
  responses: {
    202: { description: "The new version, queued for rendering", schema: VersionAcceptedSchema },
    400: { description: "An invalid order (fields name each bad entry)" },
    401: { description: "Not signed in" },
    403: { description: "The song is read-only (mastered or locked)" },
    404: { description: "No such song, or someone else's" },
    409: { description: "The song is still being created" },
  },
});

export const action = apiRoute(operation, async ({ request, params, body }) => {
  const { song } = await requireEditableSong(request, params.id);
  const { composition } = await currentParts(song);
  const version = await editArrangement(song, checkOrder(composition, body.order));
  return { version: version.version, status: version.status };
});
