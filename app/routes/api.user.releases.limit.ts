// GET /api/user/releases/limit (spec 2 §7): release_limit, songs_per_release, monetized_releases,
// remaining_monthly_releases, can_submit_new_release.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { getReleaseLimits, releasesLimitSnakeJson } from "~/services/releases/index.server";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/user/releases/limit",
  summary: "Release limit",
  tags: ["releases"],
  responses: {
    200: {
      description: "The limit and what is left",
      schema: z.object({
        release_limit: z.number().int().nullable(),
        songs_per_release: z.number().int(),
        monetized_releases: z.number().int(),
        remaining_monthly_releases: z.number().int().nullable(),
        can_submit_new_release: z.boolean(),
      }),
    },
    401: { description: "Not signed in" },
  },
});

export const loader = apiRoute(operation, async ({ request }) => {
  const user = await requireUser(request);
  return releasesLimitSnakeJson(await getReleaseLimits(user));
});
