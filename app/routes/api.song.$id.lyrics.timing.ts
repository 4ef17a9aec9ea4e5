// GET /api/song/{id}/lyrics/timing (spec 1 §7 Lyrics): when each line is sung, and the phrase plan of the
// composition the song plays now (each phrase's syllable target and limit), for lines still to be written.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { registerApiOperation } from "~/server/openapi.server";
import { LyricsTimingSchema } from "~/services/lyrics/api-schemas";
import { requireEditableSong } from "~/services/songs/edit.server";
import { lyricsTiming } from "~/services/lyrics/song-lyrics.server";
import { IdSchema } from "~/utils/input-schemas";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/song/{id}/lyrics/timing",
  summary: "Line timings and the song's vocal phrases",
  description: "lines is empty when the song has no lyrics; plan is always the song's current phrases.",
  tags: ["lyrics"],
  request: { params: z.object({ id: IdSchema }) },
  responses: {
    200: { description: "Timings", schema: LyricsTimingSchema },
    401: { description: "Not signed in" },
    404: { description: "Not one of the user's songs" },
    409: { description: "The song is still being created" },
  },
});

export const loader = apiRoute(operation, async ({ request, params }) => {
  const { song } = await requireEditableSong(request, params.id, { allowReadOnly: true });
  return lyricsTiming(song);
});
