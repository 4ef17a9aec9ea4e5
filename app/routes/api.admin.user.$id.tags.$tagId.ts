// DELETE /api/admin/user/{id}/tags/{tagId} (tag actions): untags the user.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { untagUser } from "~/services/admin";
import { IdSchema } from "~/utils/input-schemas";

const operation = registerApiOperation({
  method: "DELETE",
  path: "/api/admin/user/{id}/tags/{tagId}",
  summary: "Untag a user",
  tags: ["admin"],
  request: { params: z.object({ id: IdSchema, tagId: IdSchema }) },
  responses: { 204: { description: "Untagged (or was not tagged)" }, 403: { description: "Missing tag actions" } },
});

export const action = apiRoute(operation, async ({ request, params }) => {
  const user = await requirePermission(request, "tag:actions");
  await db.transaction((tx) => untagUser(tx, params.id, params.tagId, user.id));
  return new Response(null, { status: 204 });
});
