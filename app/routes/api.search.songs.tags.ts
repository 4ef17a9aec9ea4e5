// GET /api/search/songs/tags?query= (spec 1 §7): tag suggestions for the info page's tag field.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireVerifiedUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { suggestTags, TAG_MAX } from "~/services/songs/info.server";
import { typedText } from "~/utils/input-schemas";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/search/songs/tags",
  summary: "Tag suggestions",
  description: "The user's own tags (most used first), then the catalogue's style and filter names, starting with `query` (any case); at most 10.",
  tags: ["songs"],
  request: { query: z.object({ query: typedText().max(TAG_MAX, `A tag can be at most ${TAG_MAX} characters.`).default("") }) },
  responses: {
    200: { description: "Matching tags", schema: z.object({ tags: z.array(z.string()) }) },
    400: { description: "The query is too long" },
    401: { description: "Not signed in" },
    403: { description: "Email not verified" },
  },
});

export const loader = apiRoute(operation, async ({ request, query }) => {
  const user = await requireVerifiedUser(request);
  return { tags: await suggestTags(user, query.query) };
});
