// GET /api/provider_languages (spec 2 §7): ISO 639-1 languages (app/content/release-languages.ts); None is
// sent as null and means no lyrics.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { registerApiOperation } from "~/server/openapi.server";
import { RELEASE_LANGUAGES } from "~/content/release-languages";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/provider_languages",
  summary: "Languages a release can be in",
  tags: ["releases"],
  responses: { 200: { description: "Languages", schema: z.object({ languages: z.array(z.object({ code: z.string(), name: z.string() })) }) } },
});

export const loader = apiRoute(operation, async () => ({ languages: RELEASE_LANGUAGES.map(({ code, name }) => ({ code, name })) }));
