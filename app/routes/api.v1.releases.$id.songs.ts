// POST /api/v1/releases/{id}/songs (public API, docs/api.md): adds saved songs after the release's tracks.
import { z } from "zod";
import { registerApiOperation } from "~/server/openapi.server";
import { publicApiRoute } from "~/server/public-api.server";
import { addReleaseSongs, IdParams, ReleaseTrackSchema, releaseView, requireOwnedRelease, SongIdsBodySchema } from "~/services/releases/index.server";

const operation = registerApiOperation({
  method: "POST",
  path: "/api/v1/releases/{id}/songs",
  summary: "Add songs to a release",
  description: "Appends `songIds` (saved, complete songs of this account, not on another live release) after the current tracks. Too many songs, or a song that cannot be released, is a 400 on `songs` saying why.",
  tags: ["v1 releases"],
  token: { scope: "releases:write", verified: false },
  request: { params: IdParams, body: SongIdsBodySchema },
  responses: {
    200: { description: "The tracks now", schema: z.object({ songs: z.array(ReleaseTrackSchema) }) },
    404: { description: "No such release of this account" },
    409: { description: "The release can no longer be changed" },
  },
});

export const action = publicApiRoute(operation, async ({ caller, params, body }) => {
  await addReleaseSongs(caller.user, params.id, body.songIds);
  return { songs: (await releaseView(await requireOwnedRelease(caller.user.id, params.id))).songs };
});
