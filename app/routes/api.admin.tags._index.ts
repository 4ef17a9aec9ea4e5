// GET /api/admin/tags (tag admin): the song tags with their usage, paged (page 1, perPage 50 by default,
// spec 3 §7). POST creates one. The same rows the library and /tag/{id} use.
import type { ActionFunctionArgs } from "@remix-run/node";
import { asApi } from "~/server/admin-api.server";
import { apiRoute } from "~/server/api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { createTag, listTags, TagNameSchema, TagPageSchema } from "~/services/admin";
import { AdminTagSchema, TagPageResponseSchema } from "~/services/admin/api-schemas";

const listOperation = registerApiOperation({
  method: "GET",
  path: "/api/admin/tags",
  summary: "Song tags with how many songs carry each, paged",
  tags: ["admin"],
  request: { query: TagPageSchema },
  responses: { 200: { description: "One page of tags, by name", schema: TagPageResponseSchema }, 400: { description: "Invalid paging" }, 403: { description: "Missing tag admin" } },
});

export const loader = apiRoute(listOperation, async ({ request, query }) => {
  await requirePermission(request, "tag:admin");
  return listTags(db, query);
});

const createOperation = registerApiOperation({
  method: "POST",
  path: "/api/admin/tags",
  summary: "Create a song tag",
  tags: ["admin"],
  request: { body: TagNameSchema },
  responses: { 201: { description: "The new tag", schema: AdminTagSchema }, 400: { description: "Invalid name" }, 403: { description: "Missing tag admin" }, 409: { description: "A tag with this name exists" } },
});

const create = apiRoute(createOperation, async ({ request, body }) => {
  const user = await requirePermission(request, "tag:admin");
  return asApi(() => createTag(db, body.name, user.id));
});

export const action = (args: ActionFunctionArgs) => create(args);
