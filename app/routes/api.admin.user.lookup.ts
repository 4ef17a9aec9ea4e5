// GET /api/admin/user/lookup (user viewer): users by email (part), id, artist name or device id, paged
// (page, itemsPerPage 10/25/50, default 25), as on /admin/users.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { LookupQuerySchema, lookUpUsers } from "~/services/admin";
import { AdminUserSummarySchema } from "~/services/admin/api-schemas";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/admin/user/lookup",
  summary: "Find users",
  tags: ["admin"],
  request: { query: LookupQuerySchema },
  responses: {
    200: { description: "One page of users, by email", schema: z.object({ total: z.number().int(), page: z.number().int(), itemsPerPage: z.number().int(), users: z.array(AdminUserSummarySchema) }) },
    400: { description: "Bad page or itemsPerPage" },
    403: { description: "Missing user viewer" },
  },
});

export const loader = apiRoute(operation, async ({ request, query }) => {
  await requirePermission(request, "user:viewer");
  if (query.q === "") return { total: 0, page: query.page, itemsPerPage: query.itemsPerPage, users: [] };
  return lookUpUsers(db, query);
});
