// POST /api/prompt_cover_art {keyword, prompt?, releaseId?} (spec 2 §5, §7, §8): queues generated cover art.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { GeneratedArtSchema, requestGeneratedArt } from "~/services/releases/index.server";
import { IdSchema, typedText } from "~/utils/input-schemas";

const operation = registerApiOperation({
  method: "POST",
  path: "/api/prompt_cover_art",
  summary: "Generate cover art",
  description:
    "One English word (`keyword`) and an optional `prompt` (200 characters). Answers at once with status `queue`; poll GET /api/prompt_cover_art/previous until it is `complete`. With `releaseId` the image is set on that release when it is ready. Errors: 400 `obscure_word` (\"Sorry, there was an error processing your request. This might happen if you picked an obscure word. Try again.\"), 400 `content_policy`, 429 `daily_limit` (\"Slow down Picasso! Only N images can be generated every 24 hours\").",
  tags: ["releases"],
  request: { body: z.object({ keyword: typedText(), prompt: typedText().optional(), releaseId: IdSchema.optional() }) },
  responses: {
    202: { description: "Queued", schema: z.object({ art: GeneratedArtSchema }) },
    400: { description: "Not one dictionary word, a prompt too long, or the content policy" },
    401: { description: "Not signed in" },
    404: { description: "No such release of this user" },
    429: { description: "The plan's daily limit is reached" },
  },
});

export const action = apiRoute(operation, async ({ request, body }) => {
  const user = await requireUser(request);
  return { art: await requestGeneratedArt(user, body) };
});
