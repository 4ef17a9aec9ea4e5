// POST /api/admin/user/account/{freeze|active|inactive} (spec 3 §7): the withdrawal status of a list of
// users (spec 3 §2 "withdrawal freeze/activate"). A confirmed action: the body carries confirmationToken
// from POST /api/admin/confirmations (action user.withdrawal_status, params.status FROZEN/ACTIVE/INACTIVE).
import { z } from "zod";
import { asApi } from "~/server/admin-api.server";
import { apiRoute } from "~/server/api.server";
import { requirePermission } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { runConfirmedAction } from "~/services/admin";
import { ConfirmedBody, confirmationResponses, OkSchema } from "~/services/admin/api-schemas";

const STATUS = { freeze: "FROZEN", active: "ACTIVE", inactive: "INACTIVE" } as const;

const operation = registerApiOperation({
  method: "POST",
  path: "/api/admin/user/account/{status}",
  summary: "Freeze, activate or inactivate the withdrawals of a list of users",
  tags: ["admin"],
  request: { params: z.object({ status: z.enum(["freeze", "active", "inactive"]) }), body: ConfirmedBody },
  responses: { 200: { description: "Done", schema: OkSchema }, ...confirmationResponses },
});

export const action = apiRoute(operation, async ({ request, params, body }) => {
  const user = await requirePermission(request, "account:admin");
  await asApi(() => runConfirmedAction(user, "user.withdrawal_status", body.userIds, { status: STATUS[params.status] }, body.confirmationToken));
  return { ok: true as const };
});
