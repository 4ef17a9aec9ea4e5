// POST /api/song/archive/{id} (spec 2 §7): takes a saved song out of the library (see archiveSong).
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireVerifiedUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { archiveSong } from "~/services/library/index.server";
import { IdSchema } from "~/utils/input-schemas";

const operation = registerApiOperation({
  method: "POST",
  path: "/api/song/archive/{id}",
  summary: "Archive a song",
  description: "Removes the song from the library and frees its place under the song limit; its share link keeps working. 409 while it is on a release.",
  tags: ["library"],
  request: { params: z.object({ id: IdSchema }) },
  responses: {
    200: { description: "Archived", schema: z.object({ archived: z.literal(true) }) },
    401: { description: "Not signed in" },
    403: { description: "Email not verified" },
    404: { description: "Not a song in this user's library" },
    409: { description: "The song is on a release" },
  },
});

export const action = apiRoute(operation, async ({ request, params }) => {
  const user = await requireVerifiedUser(request);
  await archiveSong(user, params.id);
  return { archived: true as const };
});
