// POST /api/admin/user/tags/bulk: Tag a list of users (confirmed action user.bulk_tag; the body carries confirmationToken from POST /api/admin/confirmations).
import { z } from "zod";
import { asApi } from "~/server/admin-api.server";
import { apiRoute } from "~/server/api.server";
import { requirePermission } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { runConfirmedAction } from "~/services/admin";
import { ConfirmedBody, confirmationResponses, OkSchema } from "~/services/admin/api-schemas";

const operation = registerApiOperation({
  method: "POST",
  path: "/api/admin/user/tags/bulk",
  summary: "Tag a list of users",
  tags: ["admin"],
  request: { body: ConfirmedBody.extend({ tag_id: z.string().max(64) }) },
  responses: { 200: { description: "Done", schema: OkSchema }, ...confirmationResponses },
});

export const action = apiRoute(operation, async ({ request, body }) => {
  const user = await requirePermission(request, "tag:actions");
  await asApi(() => runConfirmedAction(user, "user.bulk_tag", body.userIds, { tagId: body.tag_id }, body.confirmationToken));
  return { ok: true as const };
});
