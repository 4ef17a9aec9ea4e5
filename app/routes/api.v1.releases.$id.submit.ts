// POST /api/v1/releases/{id}/submit (public API, docs/api.md): the owner's review, then Submitted (0)
// within the release limits, as the release page's Submit does.
import { z } from "zod";
import { registerApiOperation } from "~/server/openapi.server";
import { publicApiRoute } from "~/server/public-api.server";
import { getReleaseLimits, IdParams, limitsJson, releaseJson, ReleaseLimitsSchema, ReleaseSchema, releaseView, submitRelease } from "~/services/releases/index.server";

const operation = registerApiOperation({
  method: "POST",
  path: "/api/v1/releases/{id}/submit",
  summary: "Submit a release for distribution",
  description:
    "Moves a Draft (or a Rejected / Awaiting Corrections release) to Submitted; staff review it next (the `release.status_changed` webhook tells you the outcome). " +
    "400 lists what a store would refuse, by field (`coverArt`: Album Art Required, `songs`...); 403 `release_limit_reached` or `monthly_release_limit_reached`. No body is needed.",
  tags: ["v1 releases"],
  token: { scope: "releases:write", verified: false },
  request: { params: IdParams },
  responses: {
    200: { description: "Submitted, with the refreshed limits", schema: z.object({ release: ReleaseSchema, limits: ReleaseLimitsSchema }) },
    404: { description: "No such release of this account" },
    409: { description: "Its status cannot move to Submitted" },
  },
});

export const action = publicApiRoute(operation, async ({ caller, params }) => {
  const release = await submitRelease(caller.user, params.id);
  return { release: releaseJson(await releaseView(release)), limits: limitsJson(await getReleaseLimits(caller.user)) };
});
