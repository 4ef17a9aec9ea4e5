// POST /api/v1/releases/{id}/cover-art (public API, docs/api.md): generated cover art from one keyword,
// set on the release when it is ready (the release form's "generate" choice).
import { z } from "zod";
import { registerApiOperation } from "~/server/openapi.server";
import { publicApiRoute } from "~/server/public-api.server";
import { GeneratedArtSchema, IdParams, requestGeneratedArt, requireOwnedRelease } from "~/services/releases/index.server";
import { typedText } from "~/utils/input-schemas";

const operation = registerApiOperation({
  method: "POST",
  path: "/api/v1/releases/{id}/cover-art",
  summary: "Generate cover art for a release",
  description:
    "One English word (`keyword`) and an optional `prompt` (200 characters). Answers at once with status `queue`; the image is set on the release when it is ready " +
    "(GET /api/v1/releases/{id} shows `coverArt`). 400 `obscure_word` or `content_policy`; 429 `daily_limit` over the plan's images per 24 hours.",
  tags: ["v1 releases"],
  token: { scope: "releases:write", verified: false },
  request: { params: IdParams, body: z.object({ keyword: typedText(), prompt: typedText().optional() }) },
  responses: {
    202: { description: "Queued", schema: z.object({ art: GeneratedArtSchema }) },
    404: { description: "No such release of this account" },
  },
});

export const action = publicApiRoute(operation, async ({ caller, params, body }) => {
  await requireOwnedRelease(caller.user.id, params.id);
  return { art: await requestGeneratedArt(caller.user, { ...body, releaseId: params.id }) };
});
