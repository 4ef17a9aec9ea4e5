// GET /api/v1/royalties (public API, docs/api.md): royalty revenue (all time, this month, last month) and
// the balance the ledger holds for the account, as /account/revenue shows them.
import { z } from "zod";
import { db } from "~/server/db.server";
import { registerApiOperation } from "~/server/openapi.server";
import { publicApiRoute } from "~/server/public-api.server";
import { monthRange, totals, userBalances } from "~/services/ledger";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/v1/royalties",
  summary: "Royalty revenue and balance",
  description: "Amounts in micro-dollars (1 USD = 1,000,000); `withdrawableCents` is what a withdrawal can take now.",
  tags: ["v1 stats"],
  token: { scope: "stats:read", verified: true },
  responses: {
    200: {
      description: "Revenue and balance",
      schema: z.object({
        revenue: z.object({ totalMicros: z.number().int(), thisMonthMicros: z.number().int(), lastMonthMicros: z.number().int() }),
        balance: z.object({ availableMicros: z.number().int(), heldMicros: z.number().int(), withdrawableCents: z.number().int() }),
      }),
    },
  },
});

export const loader = publicApiRoute(operation, async ({ caller }) => {
  const [all, thisMonth, lastMonth, balance] = await Promise.all([
    totals(db, caller.user.id),
    totals(db, caller.user.id, monthRange(0)),
    totals(db, caller.user.id, monthRange(-1)),
    userBalances(db, caller.user.id),
  ]);
  return { revenue: { totalMicros: all.revenueMicros, thisMonthMicros: thisMonth.revenueMicros, lastMonthMicros: lastMonth.revenueMicros }, balance };
});
