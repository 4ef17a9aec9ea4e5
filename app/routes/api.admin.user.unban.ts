// POST /api/admin/user/unban: Unban users (restores what the ban changed) (confirmed action user.unban; the body carries confirmationToken from POST /api/admin/confirmations).
import { asApi } from "~/server/admin-api.server";
import { apiRoute } from "~/server/api.server";
import { requirePermission } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { runConfirmedAction } from "~/services/admin";
import { ConfirmedBody, confirmationResponses, OkSchema } from "~/services/admin/api-schemas";

const operation = registerApiOperation({
  method: "POST",
  path: "/api/admin/user/unban",
  summary: "Unban users (restores what the ban changed)",
  tags: ["admin"],
  request: { body: ConfirmedBody },
  responses: { 200: { description: "Done", schema: OkSchema }, ...confirmationResponses },
});

export const action = apiRoute(operation, async ({ request, body }) => {
  const user = await requirePermission(request, "user:admin");
  await asApi(() => runConfirmedAction(user, "user.unban", body.userIds, {}, body.confirmationToken));
  return { ok: true as const };
});
