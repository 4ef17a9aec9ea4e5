// GET /api/song/{id}/dolby/is_in_sync (spec 2 §7): whether the song's master is of the version the song
// plays now. An edit since mastering (a new version) makes it out of sync: the song then plays its own
// files again until it is mastered anew. A song never mastered is not in sync.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { registerApiOperation } from "~/server/openapi.server";
import { masteringSync, requireMasteringSong } from "~/services/mastering/index.server";
import { IdSchema } from "~/utils/input-schemas";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/song/{id}/dolby/is_in_sync",
  summary: "Whether a song's master is of its current version",
  tags: ["mastering"],
  request: { params: z.object({ id: IdSchema }) },
  responses: {
    200: {
      description: "Sync state",
      schema: z.object({ mastered: z.boolean(), inSync: z.boolean(), masteredVersion: z.number().nullable(), songVersion: z.number() }),
    },
    401: { description: "Not signed in" },
    403: { description: "Email not verified" },
    404: { description: "Not one of the user's songs" },
  },
});

export const loader = apiRoute(operation, async ({ request, params }) => {
  const { song } = await requireMasteringSong(request, params.id);
  return masteringSync(song);
});
