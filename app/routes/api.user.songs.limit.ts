// GET /api/user/songs/limit (spec 2 §7): limit, limit_enforced, remaining_monthly_downloads, unlocked_songs.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { songLimit } from "~/services/library/index.server";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/user/songs/limit",
  summary: "Song limit",
  description: "`limit` null is unlimited; `unlocked_songs` are the ids of the saved songs that are not locked.",
  tags: ["library"],
  responses: {
    200: {
      description: "The limit",
      schema: z.object({ limit: z.number().int().nullable(), limit_enforced: z.boolean(), remaining_monthly_downloads: z.number().int(), unlocked_songs: z.array(z.string()) }),
    },
    401: { description: "Not signed in" },
  },
});

export const loader = apiRoute(operation, async ({ request }) => songLimit(await requireUser(request)));
