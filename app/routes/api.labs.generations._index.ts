// GET /api/labs/generations?query&page&perPage&sort (spec 2 §7): the user's Songloom Labs generations,
// for users with labs access (spec 2 §6), 20 a page by default.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireVerifiedUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { LABS_PAGE_SIZE, LABS_SORTS, LabsGenerationSchema, listLabsGenerations } from "~/services/labs/index.server";
import { typedText } from "~/utils/input-schemas";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/labs/generations",
  summary: "The user's Labs generations",
  description: "`query` matches the name, artist name or prompt. Only for users with labs access (`hasAccessToLabs` on GET /api/user).",
  tags: ["library"],
  request: {
    query: z.object({
      query: typedText().max(100).default(""),
      page: z.coerce.number().int().min(1).max(10_000).default(1),
      perPage: z.coerce.number().int().min(1).max(50).default(LABS_PAGE_SIZE),
      sort: z.enum(LABS_SORTS).default("newest"),
    }),
  },
  responses: {
    200: {
      description: "A page of generations",
      schema: z.object({ generations: z.array(LabsGenerationSchema), total: z.number().int(), page: z.number().int(), perPage: z.number().int() }),
    },
    400: { description: "A bad parameter" },
    401: { description: "Not signed in" },
    403: { description: "Email not verified, or no labs access" },
  },
});

export const loader = apiRoute(operation, async ({ request, query }) => {
  const user = await requireVerifiedUser(request);
  return listLabsGenerations(user, query);
});
