// POST /api/admin/release/{id}/takedown/confirmations: step one of a staff takedown (spec 3 §2: it asks for
// confirmation), as POST /api/admin/releases/bulk/confirmations is for bulk decisions. Checks the release can
// be taken down and issues a single-use token for this admin and this release; step two is
// POST /api/admin/release/{id}/takedown with `confirmationToken`.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requirePermission } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { prepareTakedown, REVIEW_ACTION_PERMISSIONS } from "~/services/review/index.server";
import { IdSchema } from "~/utils/input-schemas";

const operation = registerApiOperation({
  method: "POST",
  path: "/api/admin/release/{id}/takedown/confirmations",
  summary: "Confirm a staff takedown (issues the token)",
  tags: ["admin"],
  request: { params: z.object({ id: IdSchema }) },
  responses: {
    200: {
      description: "The token and the release it is for",
      schema: z.object({ confirmationToken: z.string(), expiresAt: z.string(), release: z.object({ id: z.string(), title: z.string(), artistName: z.string() }) }),
    },
    403: { description: "Missing distro admin" },
    404: { description: "No such release" },
    409: { description: "The release's status does not allow a takedown" },
  },
});

export const action = apiRoute(operation, async ({ request, params }) => {
  const admin = await requirePermission(request, REVIEW_ACTION_PERMISSIONS.takedown);
  const prepared = await prepareTakedown(admin, params.id);
  return { confirmationToken: prepared.token, expiresAt: prepared.expiresAt.toISOString(), release: prepared.release };
});
