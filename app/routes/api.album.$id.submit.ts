// POST /api/album/{id}/submit (spec 2 §4, §7): review, then Submitted (0) within the release limits.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { getReleaseLimits, IdParams, limitsJson, releaseJson, ReleaseLimitsSchema, ReleaseSchema, releaseView, submitRelease } from "~/services/releases/index.server";


const operation = registerApiOperation({
  method: "POST",
  path: "/api/album/{id}/submit",
  summary: "Submit a release for distribution",
  description:
    "Moves a Draft (or a Rejected / Awaiting Corrections release) to Submitted. 400 lists what a store would refuse, by field (`coverArt`: Album Art Required, `songs`...); 403 `release_limit_reached` or `monthly_release_limit_reached` with the spec's messages. Answers with the refreshed limits.",
  tags: ["releases"],
  request: { params: IdParams },
  responses: {
    200: { description: "Submitted", schema: z.object({ album: ReleaseSchema, limits: ReleaseLimitsSchema }) },
    400: { description: "The release is not ready (per field)" },
    401: { description: "Not signed in" },
    403: { description: "Release limit or monthly release limit reached" },
    404: { description: "No such release of this user" },
    409: { description: "Its status cannot move to Submitted" },
  },
});

export const action = apiRoute(operation, async ({ request, params }) => {
  const user = await requireUser(request);
  const release = await submitRelease(user, params.id);
  return { album: releaseJson(await releaseView(release)), limits: limitsJson(await getReleaseLimits(user)) };
});
