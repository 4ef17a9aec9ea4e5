// GET /api/admin/stats/user (user:viewer): User stats: totals, new users per day, users by plan, what needs attention
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { userStats } from "~/services/admin";

const PerDay = z.array(z.object({ day: z.string(), count: z.number().int() }));
const Levels = z.array(z.object({ level: z.string(), count: z.number().int() }));

const operation = registerApiOperation({
  method: "GET",
  path: "/api/admin/stats/user",
  summary: "User stats: totals, new users per day, users by plan, what needs attention",
  tags: ["admin"],
  responses: { 200: { description: "User stats: totals, new users per day, users by plan, what needs attention", schema: z.object({ total: z.number().int(), newPerDay: PerDay, newToday: z.number().int(), frozenWithdrawals: z.number().int(), frozenAccounts: z.number().int(), banned: z.number().int(), levels: Levels }) }, 403: { description: "Missing user:viewer" } },
});

export const loader = apiRoute(operation, async ({ request }) => {
  await requirePermission(request, "user:viewer");
  return userStats(db);
});
