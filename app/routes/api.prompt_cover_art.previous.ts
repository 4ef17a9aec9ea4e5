// GET /api/prompt_cover_art/previous (spec 2 §7): the user's generated art, newest first.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { GeneratedArtSchema, previousGeneratedArt } from "~/services/releases/index.server";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/prompt_cover_art/previous",
  summary: "Generated art history",
  description: "Failed generations carry the generic message \"Oops, not so fast... something is awry\".",
  tags: ["releases"],
  responses: { 200: { description: "Newest first, at most 24", schema: z.object({ previous: z.array(GeneratedArtSchema) }) }, 401: { description: "Not signed in" } },
});

export const loader = apiRoute(operation, async ({ request }) => {
  const user = await requireUser(request);
  return { previous: await previousGeneratedArt(user) };
});
