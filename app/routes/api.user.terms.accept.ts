// POST /api/user/terms/accept (spec 3 §7): the signed-in user accepts the current terms of a type, by id
// (from GET /api/terms). The terms dialog's form does the same for pages (app/routes/terms.accept.tsx).
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireUser } from "~/server/guards.server";
import { ApiError } from "~/server/http.server";
import { registerApiOperation } from "~/server/openapi.server";
import { acceptTerms, StaleTermsError, UnknownTermsError } from "~/server/terms.server";

const operation = registerApiOperation({
  method: "POST",
  path: "/api/user/terms/accept",
  summary: "Accept the current terms",
  description: "Accepting the terms of use sets the user's termsOfUseStatus to ACCEPTED; accepting again is harmless.",
  tags: ["user"],
  request: { body: z.object({ terms_id: z.string({ message: "terms_id is required." }).min(1, { message: "terms_id is required." }) }) },
  responses: {
    200: { description: "Accepted", schema: z.object({ accepted: z.object({ id: z.string(), type: z.string(), version: z.number().int() }), termsOfUseStatus: z.enum(["PENDING", "ACCEPTED"]) }) },
    400: { description: "terms_id is missing" },
    401: { description: "Not signed in" },
    404: { description: "No terms have this id" },
    409: { description: "Newer terms of this type were published: fetch and accept those" },
  },
});

export const action = apiRoute(operation, async ({ request, body }) => {
  const user = await requireUser(request);
  try {
    const accepted = await acceptTerms(user.id, body.terms_id);
    const termsOfUseStatus = accepted.type === "terms_of_use" ? "ACCEPTED" : user.termsOfUseStatus;
    return { accepted: { id: accepted.id, type: accepted.type, version: accepted.version }, termsOfUseStatus };
  } catch (error) {
    if (error instanceof UnknownTermsError) throw new ApiError(404, "not_found", error.message, { terms_id: [error.message] });
    if (error instanceof StaleTermsError) throw new ApiError(409, "stale_terms", error.message, { terms_id: [error.message] });
    throw error;
  }
});
