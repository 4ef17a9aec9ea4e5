import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireFeatureFlag, requireVerifiedUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { startInquiry } from "~/services/identity";

const operation = registerApiOperation({
  method: "POST",
  path: "/api/user/inquiry",
  summary: "Start identity verification (or resume the open one): the identity provider's page to send the user to",
  tags: ["identity"],
  responses: {
    200: { description: "The inquiry", schema: z.object({ inquiryId: z.string(), status: z.enum(["REQUESTED", "FAILED", "APPROVED"]), url: z.string() }) },
    403: { description: "Identity verification is switched off (flag enable_kyc_verification_service)" },
    409: { description: "Already verified" },
  },
});

export const action = apiRoute(operation, async ({ request }) => {
  const user = await requireVerifiedUser(request);
  await requireFeatureFlag(request, "enable_kyc_verification_service");
  return startInquiry(user.id);
});
