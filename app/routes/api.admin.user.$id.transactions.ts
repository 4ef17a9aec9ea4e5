// GET /api/admin/user/{id}/transactions (account viewer; spec 3 §7): a user's ledger entries, newest
// first, with their balances and recent withdrawals: the admin transactions page's data. Held withdrawals
// and held royalty lines are approved with POST /api/admin/transaction/approve/{id}.
import { z } from "zod";
import { eq } from "drizzle-orm";
import { users } from "#drizzle/schema/auth";
import { apiRoute } from "~/server/api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { ApiError } from "~/server/http.server";
import { registerApiOperation } from "~/server/openapi.server";
import { transactionHistory, userBalances } from "~/services/ledger";
import { recentWithdrawals } from "~/services/withdrawals";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/admin/user/{id}/transactions",
  summary: "A user's transactions, balances and withdrawals (account viewer)",
  tags: ["admin", "payments"],
  request: {
    params: z.object({ id: z.string().min(1).max(64) }),
    query: z.object({
      page: z.coerce.number().int().min(1, "page starts at 1").max(10_000).default(1),
      perPage: z.coerce.number().int().refine((value) => [10, 25, 50].includes(value), { message: "perPage is 10, 25 or 50." }).default(25),
    }),
  },
  responses: {
    200: {
      description: "Balances in micro-dollars, withdrawals in cents, a page of ledger entries (amountMicros: the change to the balance)",
      schema: z.object({
        balances: z.object({ availableMicros: z.number().int(), heldMicros: z.number().int(), withdrawableCents: z.number().int() }),
        withdrawals: z.array(z.object({ id: z.string(), amountCents: z.number().int(), state: z.string(), failureReason: z.string().nullable(), createdAt: z.string() })),
        page: z.number().int(),
        perPage: z.number().int(),
        total: z.number().int(),
        transactions: z.array(z.object({ id: z.string(), postedAt: z.string(), category: z.string(), description: z.string(), amountMicros: z.number().int() })),
      }),
    },
    400: { description: "Bad page or perPage" },
    403: { description: "Without account viewer" },
    404: { description: "No such user" },
  },
});

export const loader = apiRoute(operation, async ({ request, params, query }) => {
  await requirePermission(request, "account:viewer");
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, params.id));
  if (!user) throw new ApiError(404, "not_found", "No such user.");
  const [balances, history, withdrawals] = await Promise.all([userBalances(db, user.id), transactionHistory(db, user.id, query.page, query.perPage), recentWithdrawals(user.id, 20)]);
  return {
    balances,
    withdrawals: withdrawals.map((w) => ({ id: w.id, amountCents: w.amountCents, state: w.state, failureReason: w.failureReason, createdAt: w.createdAt.toISOString() })),
    page: query.page,
    perPage: query.perPage,
    total: history.total,
    transactions: history.items.map((item) => ({ ...item, postedAt: item.postedAt.toISOString() })),
  };
});
