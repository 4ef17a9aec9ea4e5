import { z } from "zod";
import { users } from "../../drizzle/schema/auth";
import { eq } from "drizzle-orm";
import { apiRoute } from "~/server/api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { ApiError } from "~/server/http.server";
import { registerApiOperation } from "~/server/openapi.server";
import { setVerificationStatus } from "~/services/identity";

const operation = registerApiOperation({
  method: "POST",
  path: "/api/admin/user/{id}/verification",
  summary: "Staff set a user's identity verification status (kyc:actions)",
  tags: ["admin", "identity"],
  request: { params: z.object({ id: z.string() }), body: z.object({ status: z.enum(["REQUESTED", "FAILED", "APPROVED"]) }) },
  responses: {
    200: { description: "The status now", schema: z.object({ userId: z.string(), verificationStatus: z.enum(["REQUESTED", "FAILED", "APPROVED"]) }) },
    403: { description: "Without the kyc:actions permission" },
    404: { description: "No such user" },
  },
});

export const action = apiRoute(operation, async ({ request, params, body }) => {
  const staff = await requirePermission(request, "kyc:actions");
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, params.id));
  if (!user) throw new ApiError(404, "not_found", "No such user.");
  await setVerificationStatus(user.id, body.status, staff.id);
  return { userId: user.id, verificationStatus: body.status };
});
