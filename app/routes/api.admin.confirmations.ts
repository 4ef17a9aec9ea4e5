// POST /api/admin/confirmations: step one of a confirmed admin action (spec 3 §7 "each need a prior
// confirmation"). Issues a single-use token for this admin, the action, exactly these users and params;
// it lapses after CONFIRMATION_TTL_MINUTES. Step two is the action's own call with confirmationToken.
import { z } from "zod";
import { asApi } from "~/server/admin-api.server";
import { apiRoute } from "~/server/api.server";
import { requireAdmin } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { CONFIRMED_ACTION_NAMES, prepareConfirmedAction, type ConfirmedAction } from "~/services/admin";
import { ConfirmedBody } from "~/services/admin/api-schemas";

const operation = registerApiOperation({
  method: "POST",
  path: "/api/admin/confirmations",
  summary: "Ask for a confirmation token for an admin action",
  description: "Actions: user.ban, user.unban, user.account_status (params.status), user.withdrawal_status (params.status), user.release_label (params.label), user.bulk_tag (params.tagId).",
  tags: ["admin"],
  request: {
    body: ConfirmedBody.pick({ userIds: true }).extend({
      action: z.enum(CONFIRMED_ACTION_NAMES as [ConfirmedAction, ...ConfirmedAction[]]),
      params: z.record(z.string(), z.string()).default({}),
    }),
  },
  responses: {
    201: {
      description: "What the action will do, and its token",
      schema: z.object({ confirmationToken: z.string(), expiresAt: z.date().transform((d) => d.toISOString()), action: z.string(), description: z.string(), userIds: z.array(z.string()) }),
    },
    400: { description: "Invalid users or parameters" },
    403: { description: "Missing the action's permission" },
    404: { description: "A user or tag does not exist" },
  },
});

export const action = apiRoute(operation, async ({ request, body }) => {
  const user = await requireAdmin(request);
  const prepared = await asApi(() => prepareConfirmedAction(user, body.action, body.userIds, body.params));
  return { confirmationToken: prepared.token, expiresAt: prepared.expiresAt, action: prepared.action, description: prepared.description, userIds: prepared.targets };
});
