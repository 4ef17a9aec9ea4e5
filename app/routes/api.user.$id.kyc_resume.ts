import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireFeatureFlag, requireVerifiedUser } from "~/server/guards.server";
import { ApiError } from "~/server/http.server";
import { registerApiOperation } from "~/server/openapi.server";
import { resumeInquiry } from "~/services/identity";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/user/{id}/kyc_resume",
  summary: "The user's identity verification status and, while it is open, the provider's page to resume it",
  tags: ["identity"],
  request: { params: z.object({ id: z.string() }) },
  responses: {
    200: { description: "Status", schema: z.object({ inquiryId: z.string(), status: z.enum(["REQUESTED", "FAILED", "APPROVED"]), url: z.string().nullable() }) },
    403: { description: "Another user's, or the feature is off" },
    404: { description: "No inquiry yet" },
  },
});

export const loader = apiRoute(operation, async ({ request, params }) => {
  const user = await requireVerifiedUser(request);
  await requireFeatureFlag(request, "enable_kyc_verification_service");
  if (params.id !== user.id) throw new ApiError(403, "forbidden", "You can only resume your own verification.");
  return resumeInquiry(user.id);
});
