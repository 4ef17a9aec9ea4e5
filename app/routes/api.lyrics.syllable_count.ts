// POST /api/lyrics/syllable_count {line} (spec 1 §7 Lyrics): {syllable_count} of one line, as the editor
// counts it while the user types.
import { z } from "zod";
import { lineSyllables } from "~/engine/lyrics";
import { apiRoute } from "~/server/api.server";
import { requireVerifiedUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { typedText } from "~/utils/input-schemas";

const operation = registerApiOperation({
  method: "POST",
  path: "/api/lyrics/syllable_count",
  summary: "Count the syllables of a line",
  tags: ["lyrics"],
  request: { body: z.object({ line: typedText().max(500, "A line can be at most 500 characters.") }) },
  responses: {
    200: { description: "The count", schema: z.object({ syllable_count: z.number().int() }) },
    400: { description: "No line, or one over 500 characters" },
    401: { description: "Not signed in" },
  },
});

export const action = apiRoute(operation, async ({ request, body }) => {
  await requireVerifiedUser(request);
  return { syllable_count: lineSyllables(body.line) };
});
