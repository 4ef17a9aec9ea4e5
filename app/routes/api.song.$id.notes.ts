// POST /api/song/{id}/notes: replaces the notes of parts in segments (the notes editor's Save). The edit
// becomes the song's next version, rendered by the song.rerender job with the same production.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { registerApiOperation } from "~/server/openapi.server";
import { currentParts, editNotes, requireEditableSong } from "~/services/songs/edit.server";
import { checkNoteChanges, NotesEditSchema } from "~/services/songs/edit-notes.server";
import { VersionAcceptedSchema } from "~/services/songs/production.server";
import { IdSchema } from "~/utils/input-schemas";

const operation = registerApiOperation({
  method: "POST",
  path: "/api/song/{id}/notes",
  summary: "Edit a song's notes",
  description:
    "Each change replaces all notes of one part in one segment (step 0..31, length 0.25..32, pitch 0..127, velocity 1..127, " +
    "micro -0.5..0.5, at most 512 notes; drum notes name their drum kind). Renders a new version.",
  tags: ["edit"],
  request: { params: z.object({ id: IdSchema }), body: NotesEditSchema },
  responses: {
    202: { description: "The new version, queued for rendering", schema: VersionAcceptedSchema },
    400: { description: "Invalid notes, segment or part (fields name each one)" },
    401: { description: "Not signed in" },
    403: { description: "The song is read-only (mastered or locked)" },
    404: { description: "No such song, or someone else's" },
    409: { description: "The song is still being created" },
  },
});

export const action = apiRoute(operation, async ({ request, params, body }) => {
  const { song } = await requireEditableSong(request, params.id);
  const { composition } = await currentParts(song);
  const version = await editNotes(song, checkNoteChanges(composition, body.changes));
  return { version: version.version, status: version.status };
});
