// GET /api/user_level_counts (user:viewer): Users per membership level (free, creator, pro)
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { userLevelCounts } from "~/services/admin";

const Levels = z.array(z.object({ level: z.string(), count: z.number().int() }));

const operation = registerApiOperation({
  method: "GET",
  path: "/api/user_level_counts",
  summary: "Users per membership level (free, creator, pro)",
  tags: ["admin"],
  responses: { 200: { description: "Users per membership level (free, creator, pro)", schema: z.object({ levels: Levels }) }, 403: { description: "Missing user:viewer" } },
});

export const loader = apiRoute(operation, async ({ request }) => {
  await requirePermission(request, "user:viewer");
  return { levels: await userLevelCounts(db) };
});
