// POST /api/release/{id}/archive (spec 2 §4, §7).
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { IdParams, releaseJson, ReleaseSchema, releaseView, archiveRelease } from "~/services/releases/index.server";

const operation = registerApiOperation({
  method: "POST",
  path: "/api/release/{id}/archive",
  summary: "Archive a release",
  description: "Hides a Draft, Rejected or Removed release from the library and frees its songs; 409 for a release with the stores (take it down first).",
  tags: ["releases"],
  request: { params: IdParams },
  responses: {
    200: { description: "The release now", schema: z.object({ album: ReleaseSchema }) },
    401: { description: "Not signed in" },
    404: { description: "No such release of this user" },
    409: { description: "Not allowed from the release's status" },
  },
});

export const action = apiRoute(operation, async ({ request, params }) => {
  const user = await requireUser(request);
  return { album: releaseJson(await releaseView(await archiveRelease(user, params.id))) };
});
