// PUT /api/admin/tags/{id} (tag admin): renames the tag, and every song carrying it with it.
// DELETE: deletes the tag and takes it off every song.
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { asApi } from "~/server/admin-api.server";
import { apiRoute } from "~/server/api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { deleteTag, renameTag, TagNameSchema } from "~/services/admin";
import { AdminTagSchema } from "~/services/admin/api-schemas";
import { IdSchema } from "~/utils/input-schemas";

const Params = z.object({ id: IdSchema });

const renameOperation = registerApiOperation({
  method: "PUT",
  path: "/api/admin/tags/{id}",
  summary: "Rename a song tag (on every song that carries it)",
  tags: ["admin"],
  request: { params: Params, body: TagNameSchema },
  responses: { 200: { description: "The renamed tag", schema: AdminTagSchema }, 400: { description: "Invalid name" }, 403: { description: "Missing tag admin" }, 404: { description: "No such tag" }, 409: { description: "A tag with this name exists" } },
});

const rename = apiRoute(renameOperation, async ({ request, params, body }) => {
  const user = await requirePermission(request, "tag:admin");
  return asApi(() => renameTag(db, params.id, body.name, user.id));
});

const deleteOperation = registerApiOperation({
  method: "DELETE",
  path: "/api/admin/tags/{id}",
  summary: "Delete a song tag (and take it off every song)",
  tags: ["admin"],
  request: { params: Params },
  responses: { 204: { description: "Deleted" }, 403: { description: "Missing tag admin" }, 404: { description: "No such tag" } },
});

const remove = apiRoute(deleteOperation, async ({ request, params }) => {
  const user = await requirePermission(request, "tag:admin");
  await asApi(() => deleteTag(db, params.id, user.id));
  return new Response(null, { status: 204 });
});

export function action(args: ActionFunctionArgs) {
  return args.request.method === "DELETE" ? remove(args) : rename(args);
}
