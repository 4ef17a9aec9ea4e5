// POST /api/admin/releases/bulk/confirmations: step one of a bulk approve or reject. Checks that every
// release can move and issues a single-use confirmation token for exactly this action, these releases and
// this message (spec 3 §2: bulk actions ask for confirmation).
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requirePermission } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { BulkBody } from "~/services/review/api-schemas";
import { prepareBulkReview } from "~/services/review/index.server";


const operation = registerApiOperation({
  method: "POST",
  path: "/api/admin/releases/bulk/confirmations",
  summary: "Confirm a bulk approve or reject (issues the token)",
  tags: ["admin"],
  request: { body: BulkBody },
  responses: {
    200: { description: "The token and what it will do", schema: z.object({ confirmationToken: z.string(), expiresAt: z.string(), releases: z.array(z.object({ id: z.string(), title: z.string(), artistName: z.string() })) }) },
    400: { description: "Invalid releases or message" },
    403: { description: "Missing distro actions" },
    404: { description: "A release does not exist" },
    409: { description: "A release's status does not allow the action" },
  },
});

export const action = apiRoute(operation, async ({ request, body }) => {
  const admin = await requirePermission(request, "distro:actions");
  const prepared = await prepareBulkReview(admin, body.action, body.releaseIds, { message: body.message ?? "" });
  return { confirmationToken: prepared.token, expiresAt: prepared.expiresAt.toISOString(), releases: prepared.releases };
});
