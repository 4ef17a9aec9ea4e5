// GET /api/admin/user/{id}/tags (tag viewer): the user's staff tags. POST (tag actions): adds one, by
// tag_id or, for a new tag, by name. DELETE is /api/admin/user/{id}/tags/{tagId}; bulk is
// POST /api/admin/user/tags/bulk (confirmed).
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { findUserById } from "~/models/user.server";
import { asApi } from "~/server/admin-api.server";
import { apiRoute } from "~/server/api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { ApiError } from "~/server/http.server";
import { registerApiOperation } from "~/server/openapi.server";
import { ensureUserTag, tagsOfUser, tagUsers, UserTagNameSchema } from "~/services/admin";
import { UserIdParams } from "~/services/admin/api-schemas";

const TagsSchema = z.object({ tags: z.array(z.object({ id: z.string(), name: z.string() })) });

async function requireTarget(id: string) {
  if (!(await findUserById(id))) throw new ApiError(404, "not_found", "No such user.");
}

const listOperation = registerApiOperation({
  method: "GET",
  path: "/api/admin/user/{id}/tags",
  summary: "A user's staff tags",
  tags: ["admin"],
  request: { params: UserIdParams },
  responses: { 200: { description: "Tags by name", schema: TagsSchema }, 403: { description: "Missing tag viewer" }, 404: { description: "No such user" } },
});

export const loader = apiRoute(listOperation, async ({ request, params }) => {
  await requirePermission(request, "tag:viewer");
  await requireTarget(params.id);
  return { tags: (await tagsOfUser(db, params.id)).map(({ id, name }) => ({ id, name })) };
});

const addOperation = registerApiOperation({
  method: "POST",
  path: "/api/admin/user/{id}/tags",
  summary: "Tag a user",
  tags: ["admin"],
  request: {
    params: UserIdParams,
    body: z.object({ tag_id: z.string().max(64).optional(), name: UserTagNameSchema.optional() }).refine((body) => body.tag_id || body.name, { message: "Send tag_id or name." }),
  },
  responses: { 200: { description: "The user's tags", schema: TagsSchema }, 400: { description: "Neither tag_id nor a valid name" }, 403: { description: "Missing tag actions" }, 404: { description: "No such user or tag" } },
});

const add = apiRoute(addOperation, async ({ request, params, body }) => {
  const user = await requirePermission(request, "tag:actions");
  await requireTarget(params.id);
  await asApi(() => db.transaction(async (tx) => tagUsers(tx, [params.id], body.tag_id ?? (await ensureUserTag(tx, body.name!)).id, user.id)));
  return { tags: (await tagsOfUser(db, params.id)).map(({ id, name }) => ({ id, name })) };
});

export const action = (args: ActionFunctionArgs) => add(args);
