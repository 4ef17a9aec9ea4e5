// GET /api/v1/songs/{id} (public API, docs/api.md): one of the account's songs with its generation status.
import { z } from "zod";
import { findOwnedSong, toSongSummary } from "~/models/song.server";
import { ApiError } from "~/server/http.server";
import { registerApiOperation } from "~/server/openapi.server";
import { publicApiRoute } from "~/server/public-api.server";
import { SongSummarySchema } from "~/services/songs/api-schemas";
import { IdSchema } from "~/utils/input-schemas";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/v1/songs/{id}",
  summary: "One of the account's songs, with its status",
  description: "`status` moves forward only: queue, composing_instrumental, recording_instrumental, then complete (or failed). Another account's song is a 404, public or not.",
  tags: ["v1 songs"],
  token: { scope: "songs:read", verified: false },
  request: { params: z.object({ id: IdSchema }) },
  responses: {
    200: { description: "The song", schema: z.object({ song: SongSummarySchema }) },
    404: { description: "No such song of this account" },
  },
});

export const loader = publicApiRoute(operation, async ({ caller, params }) => {
  const song = await findOwnedSong(caller.user.id, params.id);
  if (!song) throw new ApiError(404, "not_found", "You have no song with this id.");
  return { song: toSongSummary(song) };
});
