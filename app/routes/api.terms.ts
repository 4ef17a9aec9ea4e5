// GET /api/terms?terms_type= (spec 3 §7): the current version of the terms of use or the privacy policy,
// for anyone (the sign-up page links them before there is an account).
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { ApiError } from "~/server/http.server";
import { registerApiOperation } from "~/server/openapi.server";
import { getCurrentTerms, TERMS_TYPES } from "~/server/terms.server";
import { TermsSchema } from "~/services/user-api/schemas";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/terms",
  summary: "The current terms of a type",
  tags: ["user"],
  request: { query: z.object({ terms_type: z.enum(TERMS_TYPES, { message: `terms_type must be one of ${TERMS_TYPES.join(", ")}.` }) }) },
  responses: {
    200: { description: "The highest published version; accept it with POST /api/user/terms/accept", schema: TermsSchema },
    400: { description: "terms_type is missing or unknown" },
    404: { description: "Nothing of this type is published yet" },
  },
});

export const loader = apiRoute(operation, async ({ query }) => {
  const current = await getCurrentTerms(query.terms_type);
  if (!current) throw new ApiError(404, "not_found", "No terms of this type are published yet.");
  return { id: current.id, type: query.terms_type, version: current.version, body: current.body, publishedAt: current.createdAt.toISOString() };
});
