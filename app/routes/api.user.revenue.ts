import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { db } from "~/server/db.server";
import { requireVerifiedUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { monthRange, totals } from "~/services/ledger";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/user/revenue",
  summary: "The user's royalty revenue: all time, this month and last month (micro-dollars)",
  tags: ["stats"],
  responses: {
    200: { description: "Revenue", schema: z.object({ totalMicros: z.number().int(), thisMonthMicros: z.number().int(), lastMonthMicros: z.number().int() }) },
  },
});

export const loader = apiRoute(operation, async ({ request }) => {
  const user = await requireVerifiedUser(request);
  const [all, thisMonth, lastMonth] = await Promise.all([totals(db, user.id), totals(db, user.id, monthRange(0)), totals(db, user.id, monthRange(-1))]);
  return { totalMicros: all.revenueMicros, thisMonthMicros: thisMonth.revenueMicros, lastMonthMicros: lastMonth.revenueMicros };
});
