// GET /api/admin/stats/song (distro:viewer): Song stats: songs made and saved per day, saved and featured totals
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { songStats } from "~/services/admin";

const PerDay = z.array(z.object({ day: z.string(), count: z.number().int() }));

const operation = registerApiOperation({
  method: "GET",
  path: "/api/admin/stats/song",
  summary: "Song stats: songs made and saved per day, saved and featured totals",
  tags: ["admin"],
  responses: { 200: { description: "Song stats: songs made and saved per day, saved and featured totals", schema: z.object({ madePerDay: PerDay, savedPerDay: PerDay, savedTotal: z.number().int(), featured: z.number().int() }) }, 403: { description: "Missing distro:viewer" } },
});

export const loader = apiRoute(operation, async ({ request }) => {
  await requirePermission(request, "distro:viewer");
  return songStats(db);
});
