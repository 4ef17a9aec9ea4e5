// GET /api/song/{id}/releases (spec 2 §7): the releases (not archived) the user's song is on.
import { z } from "zod";
import { findOwnedSong } from "~/models/song.server";
import { apiRoute } from "~/server/api.server";
import { requireVerifiedUser } from "~/server/guards.server";
import { ApiError } from "~/server/http.server";
import { registerApiOperation } from "~/server/openapi.server";
import { releasesOfSongs } from "~/services/library/library-page.server";
import { IdSchema } from "~/utils/input-schemas";
import { releaseStatusLabel } from "~/utils/release-display";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/song/{id}/releases",
  summary: "The releases a song is on",
  tags: ["library"],
  request: { params: z.object({ id: IdSchema }) },
  responses: {
    200: { description: "Releases", schema: z.object({ releases: z.array(z.object({ id: z.string(), title: z.string(), status: z.number().int().nullable(), releaseStatus: z.string() })) }) },
    401: { description: "Not signed in" },
    403: { description: "Email not verified" },
    404: { description: "Not this user's song" },
  },
});

export const loader = apiRoute(operation, async ({ request, params }) => {
  const user = await requireVerifiedUser(request);
  if (!(await findOwnedSong(user.id, params.id))) throw new ApiError(404, "not_found", "This song does not exist.");
  const list = (await releasesOfSongs([params.id])).get(params.id) ?? [];
  return { releases: list.map((release) => ({ ...release, releaseStatus: releaseStatusLabel(release.status) })) };
});
