// GET /api/album/{id}/songs and POST /api/album/{id}/songs {songIds} (spec 2 §7): a release's tracks, and
// adding songs after them (saved, unlocked, at most songsPerRelease, not on another live release).
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { addReleaseSongs, IdParams, ReleaseTrackSchema, releaseView, requireOwnedRelease, SongIdsBodySchema } from "~/services/releases/index.server";

const SongsAnswer = z.object({ songs: z.array(ReleaseTrackSchema) });

const getOperation = registerApiOperation({
  method: "GET",
  path: "/api/album/{id}/songs",
  summary: "A release's tracks, in order",
  tags: ["releases"],
  request: { params: IdParams },
  responses: { 200: { description: "The tracks", schema: SongsAnswer }, 401: { description: "Not signed in" }, 404: { description: "No such release of this user" } },
});

export const loader = apiRoute(getOperation, async ({ request, params }) => {
  const user = await requireUser(request);
  return { songs: (await releaseView(await requireOwnedRelease(user.id, params.id))).songs };
});

const postOperation = registerApiOperation({
  method: "POST",
  path: "/api/album/{id}/songs",
  summary: "Add songs to a release",
  description: "Appends `songIds` after the current tracks. Too many songs is a 400 on `songs` with the spec's message.",
  tags: ["releases"],
  request: { params: IdParams, body: SongIdsBodySchema },
  responses: {
    200: { description: "The tracks now", schema: SongsAnswer },
    400: { description: "Too many songs, or a song that cannot be released (on `songs`)" },
    401: { description: "Not signed in" },
    404: { description: "No such release of this user" },
    409: { description: "The release can no longer be changed" },
  },
});

export const action = apiRoute(postOperation, async ({ request, params, body }) => {
  const user = await requireUser(request);
  await addReleaseSongs(user, params.id, body.songIds);
  return { songs: (await releaseView(await requireOwnedRelease(user.id, params.id))).songs };
});
