// POST /api/song/{id}/copy (spec 1 §6, §7): a copy of the owner's song in their library, editable even
// when the original is mastered. The options page's Copy button calls the same service.
import { z } from "zod";
import { toSongSummary } from "~/models/song.server";
import { apiRoute } from "~/server/api.server";
import { registerApiOperation } from "~/server/openapi.server";
import { SongResponseSchema } from "~/services/songs/api-schemas";
import { copySong, requireEditableSong } from "~/services/songs/edit.server";
import { IdSchema } from "~/utils/input-schemas";

const operation = registerApiOperation({
  method: "POST",
  path: "/api/song/{id}/copy",
  summary: "Copy a song",
  description: "A new saved song with the same notes, sounds and audio, and its own files. Counts against the plan's song limit.",
  tags: ["songs"],
  request: { params: z.object({ id: IdSchema }) },
  responses: {
    201: { description: "The copy", schema: SongResponseSchema },
    401: { description: "Not signed in" },
    403: { description: "Email not verified, or the plan's song limit is reached" },
    404: { description: "Not one of the user's songs" },
    409: { description: "The song is still being generated" },
  },
});

export const action = apiRoute(operation, async ({ request, params }) => {
  const { user, song } = await requireEditableSong(request, params.id, { allowReadOnly: true });
  const copy = await copySong(user, song);
  return { song: toSongSummary(copy) };
});
