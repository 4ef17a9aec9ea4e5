// GET /api/admin/releases/submitted/users (spec 3 §7): users with submitted releases, oldest waiting first.
import { apiRoute } from "~/server/api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { QueueApiQuery, queueQueryFromApi, UserQueueResponse } from "~/services/review/api-schemas";
import { listQueue } from "~/services/review/index.server";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/admin/releases/submitted/users",
  summary: "Users with submitted releases, oldest waiting first",
  tags: ["admin"],
  request: { query: QueueApiQuery },
  responses: { 200: { description: "One page of users", schema: UserQueueResponse }, 400: { description: "Invalid search, dates or paging" }, 403: { description: "Missing distro viewer" } },
});

export const loader = apiRoute(operation, async ({ request, query }) => {
  await requirePermission(request, "distro:viewer");
  const page = await listQueue(db, queueQueryFromApi("submitted_users", query));
  return { users: page.kind === "users" ? page.rows : [], page: page.page, perPage: page.itemsPerPage, total: page.total };
});
