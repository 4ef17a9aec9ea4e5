// GET /api/song/{id}/lyrics/status (spec 1 §4 Lyrics generation, §8): polled every 500 ms, at most 60
// times, after POST /api/song/{id}/lyrics. 404 with a message when the song has no lyrics yet.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { registerApiOperation } from "~/server/openapi.server";
import { LyricsStatusSchema } from "~/services/lyrics/api-schemas";
import { requireEditableSong } from "~/services/songs/edit.server";
import { lyricsStatus } from "~/services/lyrics/song-lyrics.server";
import { IdSchema } from "~/utils/input-schemas";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/song/{id}/lyrics/status",
  summary: "Status of the song's lyrics generation",
  description: "pending → generating → completed, or error with a message.",
  tags: ["lyrics"],
  request: { params: z.object({ id: IdSchema }) },
  responses: {
    200: { description: "The status", schema: LyricsStatusSchema },
    401: { description: "Not signed in" },
    404: { description: "Not one of the user's songs, or no lyrics yet (the message says which)" },
  },
});

export const loader = apiRoute(operation, async ({ request, params }) => {
  const { song } = await requireEditableSong(request, params.id, { allowReadOnly: true });
  return lyricsStatus(song.id);
});
