// POST /api/v1/songs/{id}/save (public API, docs/api.md): keeps a song in the library, within the plan's
// song limit (the library's service); only saved songs can go on a release.
import { z } from "zod";
import { registerApiOperation } from "~/server/openapi.server";
import { publicApiRoute } from "~/server/public-api.server";
import { saveSong } from "~/services/library/song-library.server";
import { SongSummarySchema } from "~/services/songs/api-schemas";
import { SaveSongSchema } from "~/services/songs/save-schema";
import { IdSchema } from "~/utils/input-schemas";

const operation = registerApiOperation({
  method: "POST",
  path: "/api/v1/songs/{id}/save",
  summary: "Save a song to the library",
  description: 'Optional `songName` and `artistName`. 403 `song_limit_reached` ("You have reached your song limit of N") when the library is full; 409 while the song is still being generated.',
  tags: ["v1 songs"],
  token: { scope: "songs:write", verified: true },
  request: { params: z.object({ id: IdSchema }), body: SaveSongSchema },
  responses: {
    200: { description: "The saved song", schema: z.object({ song: SongSummarySchema }) },
    404: { description: "No such song of this account" },
    409: { description: "The song is still being generated" },
  },
});

export const action = publicApiRoute(operation, async ({ caller, params, body }) => ({ song: await saveSong(caller.user, params.id, body) }));
