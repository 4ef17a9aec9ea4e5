// POST /api/album (spec 2 §7): creates a release from the form's fields (the first save).
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { createRelease, ReleaseBodySchema, releaseJson, ReleaseFormSchema, ReleaseSchema, releaseView } from "~/services/releases/index.server";

const operation = registerApiOperation({
  method: "POST",
  path: "/api/album",
  summary: "Create a release",
  description: "Created as a Draft (status null). Errors are per field (`title`, `artistName`, `genre`, `language`, `explicit`, `coverArtCreditUrl`, `coverArt`).",
  tags: ["releases"],
  request: { body: ReleaseBodySchema.passthrough() },
  responses: {
    201: { description: "The new release", schema: z.object({ album: ReleaseSchema }) },
    400: { description: "A field is invalid, or the artist name is restricted" },
    401: { description: "Not signed in" },
  },
});

export const action = apiRoute(operation, async ({ request, body }) => {
  const user = await requireUser(request);
  const fields = ReleaseFormSchema.parse(body);
  const release = await createRelease(user, { ...fields, coverArtId: body.coverArtId ?? undefined });
  return { album: releaseJson(await releaseView(release)) };
});
