// POST /api/admin/releases/bulk: approve or reject many releases at once, with the token from
// POST /api/admin/releases/bulk/confirmations (428 without it). All of them move, or none.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requirePermission } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { runBulkReview } from "~/services/review/index.server";
import { BulkBody } from "~/services/review/api-schemas";

const operation = registerApiOperation({
  method: "POST",
  path: "/api/admin/releases/bulk",
  summary: "Bulk approve or reject (needs a confirmation)",
  tags: ["admin"],
  request: { body: BulkBody.extend({ confirmationToken: z.string().max(200).optional() }) },
  responses: {
    200: { description: "How many releases moved", schema: z.object({ moved: z.number().int() }) },
    400: { description: "Invalid releases or message" },
    403: { description: "Missing distro actions" },
    409: { description: "A release's status does not allow the action (none moved)" },
    423: { description: "Another admin is reviewing one of the users (none moved)" },
    428: { description: "No valid confirmation token for this action, these releases and message" },
  },
});

export const action = apiRoute(operation, async ({ request, body }) => {
  const admin = await requirePermission(request, "distro:actions");
  return { moved: await runBulkReview(admin, body.action, body.releaseIds, { message: body.message ?? "" }, body.confirmationToken) };
});
