import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireVerifiedUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { db } from "~/server/db.server";
import { transactionHistory } from "~/services/ledger";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/user/transaction/history",
  summary: "The user's ledger entries, newest first (royalties, payments, withdrawals)",
  tags: ["payments"],
  request: {
    query: z.object({
      page: z.coerce.number().int().min(1).default(1),
      perPage: z.coerce.number().int().refine((value) => [10, 25, 50].includes(value), { message: "perPage is 10, 25 or 50." }).default(25),
    }),
  },
  responses: {
    200: {
      description: "A page of transactions; amountMicros is the change to the balance (a payment made shows as minus what was paid)",
      schema: z.object({
        page: z.number().int(),
        perPage: z.number().int(),
        total: z.number().int(),
        transactions: z.array(z.object({ id: z.string(), postedAt: z.string(), category: z.string(), description: z.string(), amountMicros: z.number().int() })),
      }),
    },
  },
});

export const loader = apiRoute(operation, async ({ request, query }) => {
  const user = await requireVerifiedUser(request);
  const { items, total } = await transactionHistory(db, user.id, query.page, query.perPage);
  return { page: query.page, perPage: query.perPage, total, transactions: items.map((item) => ({ ...item, postedAt: item.postedAt.toISOString() })) };
});
