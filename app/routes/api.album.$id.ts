// GET and PUT /api/album/{id} (spec 2 §7): one of the user's releases; updating its fields while it can
// still change (Draft, Rejected, Awaiting Corrections). Another user's release is a 404.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { IdParams, ReleaseBodySchema, releaseJson, ReleaseFormSchema, ReleaseSchema, releaseView, requireOwnedRelease, updateRelease } from "~/services/releases/index.server";

const getOperation = registerApiOperation({
  method: "GET",
  path: "/api/album/{id}",
  summary: "A release",
  tags: ["releases"],
  request: { params: IdParams },
  responses: {
    200: { description: "The release", schema: z.object({ album: ReleaseSchema }) },
    401: { description: "Not signed in" },
    404: { description: "No such release of this user" },
  },
});

export const loader = apiRoute(getOperation, async ({ request, params }) => {
  const user = await requireUser(request);
  return { album: releaseJson(await releaseView(await requireOwnedRelease(user.id, params.id))) };
});

const putOperation = registerApiOperation({
  method: "PUT",
  path: "/api/album/{id}",
  summary: "Update a release",
  description: "All form fields at once, as for POST /api/album. 409 once the release is with review or the stores.",
  tags: ["releases"],
  request: { params: IdParams, body: ReleaseBodySchema.passthrough() },
  responses: {
    200: { description: "The updated release", schema: z.object({ album: ReleaseSchema }) },
    400: { description: "A field is invalid" },
    401: { description: "Not signed in" },
    404: { description: "No such release of this user" },
    409: { description: "The release can no longer be changed" },
  },
});

export const action = apiRoute(putOperation, async ({ request, params, body }) => {
  const user = await requireUser(request);
  const fields = ReleaseFormSchema.parse(body);
  const release = await updateRelease(user, params.id, { ...fields, coverArtId: body.coverArtId });
  return { album: releaseJson(await releaseView(release)) };
});
