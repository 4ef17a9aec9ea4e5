// GET /api/song/edit/{id} (spec 1 §7): the song's editable composition for its owner: tempo, key, swing,
// sections, segments (with start and end seconds, chords, energy and each part's notes) and the parts
// present. `removeNotes=true` answers with the structure only. A read-only song can still be viewed.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { registerApiOperation } from "~/server/openapi.server";
import { requireEditableSong } from "~/services/songs/edit.server";
import { editableComposition, EditableCompositionSchema } from "~/services/songs/edit-notes.server";
import { IdSchema } from "~/utils/input-schemas";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/song/edit/{id}",
  summary: "A song's editable composition",
  description: "Notes per segment and part on a 32-step grid; `removeNotes=true` leaves the notes out.",
  tags: ["edit"],
  request: {
    params: z.object({ id: IdSchema }),
    query: z.object({
      removeNotes: z
        .enum(["true", "false", "1", "0"], { message: "removeNotes is true or false." })
        .optional()
        .transform((value) => value === "true" || value === "1"),
    }),
  },
  responses: {
    200: { description: "The composition", schema: EditableCompositionSchema },
    401: { description: "Not signed in" },
    404: { description: "No such song, or someone else's" },
    409: { description: "The song is still being created" },
  },
});

export const loader = apiRoute(operation, async ({ request, params, query }) => {
  const { song } = await requireEditableSong(request, params.id, { allowReadOnly: true });
  return editableComposition(song, { removeNotes: query.removeNotes });
});
