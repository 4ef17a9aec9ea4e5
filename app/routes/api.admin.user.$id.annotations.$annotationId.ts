// DELETE /api/admin/user/{id}/annotations/{annotationId}: removes a note (its author, or a user admin).
import { z } from "zod";
import { asApi } from "~/server/admin-api.server";
import { apiRoute } from "~/server/api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { hasPermission } from "~/server/permissions.server";
import { removeAnnotation } from "~/services/admin";
import { IdSchema } from "~/utils/input-schemas";

const operation = registerApiOperation({
  method: "DELETE",
  path: "/api/admin/user/{id}/annotations/{annotationId}",
  summary: "Remove a staff note",
  tags: ["admin"],
  request: { params: z.object({ id: IdSchema, annotationId: IdSchema }) },
  responses: { 204: { description: "Removed" }, 403: { description: "Not the author and not a user admin" }, 404: { description: "No such note" } },
});

export const action = apiRoute(operation, async ({ request, params }) => {
  const user = await requirePermission(request, "user:viewer");
  await asApi(() => db.transaction((tx) => removeAnnotation(tx, params.id, params.annotationId, user.id, hasPermission(user, "user:admin"))));
  return new Response(null, { status: 204 });
});
