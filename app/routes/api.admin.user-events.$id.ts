// GET /api/admin/user-events/{id} (user viewer): the user's events, newest first (at most 200).
import { z } from "zod";
import { findUserById } from "~/models/user.server";
import { apiRoute } from "~/server/api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { ApiError } from "~/server/http.server";
import { registerApiOperation } from "~/server/openapi.server";
import { listUserEvents } from "~/services/admin";
import { UserIdParams } from "~/services/admin/api-schemas";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/admin/user-events/{id}",
  summary: "A user's events",
  tags: ["admin"],
  request: { params: UserIdParams },
  responses: {
    200: {
      description: "Events, newest first",
      schema: z.object({ events: z.array(z.object({ id: z.string(), type: z.string(), data: z.record(z.string(), z.unknown()), createdAt: z.date().transform((d) => d.toISOString()) })) }),
    },
    403: { description: "Missing user viewer" },
    404: { description: "No such user" },
  },
});

export const loader = apiRoute(operation, async ({ request, params }) => {
  await requirePermission(request, "user:viewer");
  if (!(await findUserById(params.id))) throw new ApiError(404, "not_found", "No such user.");
  return { events: await listUserEvents(db, params.id) };
});
