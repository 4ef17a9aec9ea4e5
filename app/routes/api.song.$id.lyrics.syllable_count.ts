// GET /api/song/{id}/lyrics/syllable_count (spec 1 §3 Lyrics, §7): lyrics_with_syllable_count, each line
// with its syllable count, its phrase's target and limit (a line over its limit cannot be sung).
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { registerApiOperation } from "~/server/openapi.server";
import { LyricsWithSyllableCountSchema } from "~/services/lyrics/api-schemas";
import { requireEditableSong } from "~/services/songs/edit.server";
import { lyricsWithCounts } from "~/services/lyrics/song-lyrics.server";
import { IdSchema } from "~/utils/input-schemas";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/song/{id}/lyrics/syllable_count",
  summary: "The song's lyrics with syllable counts",
  tags: ["lyrics"],
  request: { params: z.object({ id: IdSchema }) },
  responses: {
    200: { description: "Lyrics with counts", schema: z.object({ lyrics_with_syllable_count: LyricsWithSyllableCountSchema }) },
    401: { description: "Not signed in" },
    404: { description: "Not one of the user's songs, or no lyrics yet" },
    409: { description: "The song is still being created" },
  },
});

export const loader = apiRoute(operation, async ({ request, params }) => {
  const { song } = await requireEditableSong(request, params.id, { allowReadOnly: true });
  return { lyrics_with_syllable_count: await lyricsWithCounts(song) };
});
