// POST /api/admin/user/release_labels: Set the distribution label of a list of users (confirmed action user.release_label; the body carries confirmationToken from POST /api/admin/confirmations).
import { z } from "zod";
import { asApi } from "~/server/admin-api.server";
import { apiRoute } from "~/server/api.server";
import { requirePermission } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { runConfirmedAction } from "~/services/admin";
import { ConfirmedBody, confirmationResponses, OkSchema } from "~/services/admin/api-schemas";

const operation = registerApiOperation({
  method: "POST",
  path: "/api/admin/user/release_labels",
  summary: "Set the distribution label of a list of users",
  tags: ["admin"],
  request: { body: ConfirmedBody.extend({ releaseLabel: z.string().max(40) }) },
  responses: { 200: { description: "Done", schema: OkSchema }, ...confirmationResponses },
});

export const action = apiRoute(operation, async ({ request, body }) => {
  const user = await requirePermission(request, "distro:admin");
  await asApi(() => runConfirmedAction(user, "user.release_label", body.userIds, { label: body.releaseLabel }, body.confirmationToken));
  return { ok: true as const };
});
