// GET /api/lyrics/prompt (spec 1 §7 Lyrics): prompt ideas for the lyrics editor, a different handful each
// call. Signed-in, verified users only, like the editor that shows them.
import { z } from "zod";
import { promptIdeas } from "~/engine/lyrics";
import { apiRoute } from "~/server/api.server";
import { requireVerifiedUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";

export const PROMPT_IDEA_COUNT = 6;

const operation = registerApiOperation({
  method: "GET",
  path: "/api/lyrics/prompt",
  summary: "Lyrics prompt ideas",
  tags: ["lyrics"],
  responses: {
    200: { description: "Ideas", schema: z.object({ prompts: z.array(z.string()) }) },
    401: { description: "Not signed in" },
  },
});

export const loader = apiRoute(operation, async ({ request }) => {
  await requireVerifiedUser(request);
  return { prompts: promptIdeas(PROMPT_IDEA_COUNT, Math.floor(Math.random() * 2 ** 31)) };
});
