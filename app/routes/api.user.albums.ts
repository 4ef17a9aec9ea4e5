// GET /api/user/albums?query&sort&page&perPage (spec 2 §7): the user's releases, searchable and paged.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { listUserReleases, RELEASE_SORTS, releaseJson, ReleaseSchema } from "~/services/releases/index.server";
import { typedText } from "~/utils/input-schemas";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/user/albums",
  summary: "The user's releases",
  description: "Archived releases are left out. `query` matches the title or artist name.",
  tags: ["releases"],
  request: {
    query: z.object({
      query: typedText().max(100).default(""),
      sort: z.enum(RELEASE_SORTS).default("newest"),
      page: z.coerce.number().int().min(1).default(1),
      perPage: z.coerce.number().int().min(1).max(100).default(20),
    }),
  },
  responses: {
    200: { description: "A page of releases", schema: z.object({ albums: z.array(ReleaseSchema), total: z.number().int(), page: z.number().int(), perPage: z.number().int() }) },
    400: { description: "A bad query parameter" },
    401: { description: "Not signed in" },
  },
});

export const loader = apiRoute(operation, async ({ request, query }) => {
  const user = await requireUser(request);
  const page = await listUserReleases(user, query);
  return { albums: page.releases.map(releaseJson), total: page.total, page: page.page, perPage: page.perPage };
});
