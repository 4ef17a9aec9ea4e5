// POST /api/user/save/{songId} (spec 1 §7, spec 2 §7): keeps a song in the library, within the song limit.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireVerifiedUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { SongResponseSchema } from "~/services/songs/api-schemas";
import { saveSong } from "~/services/library/song-library.server";
import { SaveSongSchema } from "~/services/songs/save-schema";
import { IdSchema } from "~/utils/input-schemas";

const operation = registerApiOperation({
  method: "POST",
  path: "/api/user/save/{songId}",
  summary: "Save a song to the library",
  description: 'Optional songName and artistName; "New Song" counts as unnamed. Refused with "You have reached your song limit of N" when the library is full.',
  tags: ["songs"],
  request: { params: z.object({ songId: IdSchema }), body: SaveSongSchema },
  responses: {
    200: { description: "The saved song", schema: SongResponseSchema },
    401: { description: "Not signed in" },
    403: { description: "Email not verified, or the plan's song limit is reached" },
    404: { description: "Not one of the user's songs" },
    409: { description: "The song is still being generated" },
  },
});

export const action = apiRoute(operation, async ({ request, params, body }) => {
  const user = await requireVerifiedUser(request);
  return { song: await saveSong(user, params.songId, body) };
});
