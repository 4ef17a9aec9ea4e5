// GET /api/admin/releases/submitted, /approved, /live, /on_hold_users, /paid_users, /free_users (spec 3 §7):
// the review queues, searchable, by submission date, paged (start_date, end_date, page, perPage).
// /submitted/users has its own route file.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { QueueApiQuery, queueQueryFromApi, ReleaseQueueResponse, UserQueueResponse } from "~/services/review/api-schemas";
import { listQueue } from "~/services/review/index.server";

const PATH_QUEUES = ["submitted", "approved", "live", "on_hold_users", "paid_users", "free_users"] as const;

const operation = registerApiOperation({
  method: "GET",
  path: "/api/admin/releases/{queue}",
  summary: "A review queue: releases (submitted, approved, live) or users (on_hold_users, paid_users, free_users)",
  tags: ["admin"],
  request: { params: z.object({ queue: z.enum(PATH_QUEUES, { message: `The queue is one of ${PATH_QUEUES.join(", ")}.` }) }), query: QueueApiQuery },
  responses: {
    200: { description: "One page: `releases` for release queues, `users` for user queues", schema: z.union([ReleaseQueueResponse, UserQueueResponse]) },
    400: { description: "Invalid search, dates or paging" },
    403: { description: "Missing distro viewer" },
  },
});

export const loader = apiRoute(operation, async ({ request, params, query }) => {
  await requirePermission(request, "distro:viewer");
  const page = await listQueue(db, queueQueryFromApi(params.queue, query));
  const paging = { page: page.page, perPage: page.itemsPerPage, total: page.total };
  return page.kind === "releases" ? { releases: page.rows, ...paging } : { users: page.rows, ...paging };
});
