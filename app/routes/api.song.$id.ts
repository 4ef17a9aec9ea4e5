// GET /api/song/{id} (spec 1 §7): one song, for its owner, or for anyone when it is not private.
import { z } from "zod";
import { findVisibleSong, toSongSummary } from "~/models/song.server";
import { apiRoute } from "~/server/api.server";
import { getOptionalUser } from "~/server/guards.server";
import { ApiError } from "~/server/http.server";
import { registerApiOperation } from "~/server/openapi.server";
import { SongResponseSchema } from "~/services/song-api-schemas";
import { IdSchema } from "~/utils/input-schemas";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/song/{id}",
  summary: "One song",
  tags: ["songs"],
  request: { params: z.object({ id: IdSchema }) },
  responses: {
    200: { description: "The song", schema: SongResponseSchema },
    404: { description: "No such song, or a private song of someone else" },
  },
});

export const loader = apiRoute(operation, async ({ request, params }) => {
  const user = await getOptionalUser(request);
  const song = await findVisibleSong(user?.id ?? null, params.id);
  if (!song) throw new ApiError(404, "not_found", "This song does not exist.");
  return { song: toSongSummary(song) };
});
