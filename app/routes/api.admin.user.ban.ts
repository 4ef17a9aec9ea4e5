// POST /api/admin/user/ban: Ban users (account Banned, withdrawal Frozen, label Shadowban, devices banned) (confirmed action user.ban; the body carries confirmationToken from POST /api/admin/confirmations).
import { asApi } from "~/server/admin-api.server";
import { apiRoute } from "~/server/api.server";
import { requirePermission } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { runConfirmedAction } from "~/services/admin";
import { ConfirmedBody, confirmationResponses, OkSchema } from "~/services/admin/api-schemas";

const operation = registerApiOperation({
  method: "POST",
  path: "/api/admin/user/ban",
  summary: "Ban users (account Banned, withdrawal Frozen, label Shadowban, devices banned)",
  tags: ["admin"],
  request: { body: ConfirmedBody },
  responses: { 200: { description: "Done", schema: OkSchema }, ...confirmationResponses },
});

export const action = apiRoute(operation, async ({ request, body }) => {
  const user = await requirePermission(request, "user:admin");
  await asApi(() => runConfirmedAction(user, "user.ban", body.userIds, {}, body.confirmationToken));
  return { ok: true as const };
});
