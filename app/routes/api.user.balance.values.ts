import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireVerifiedUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { db } from "~/server/db.server";
import { userBalances } from "~/services/ledger";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/user/balance/values",
  summary: "Balances from the ledger: available, held for review, and what a withdrawal can take",
  tags: ["payments"],
  responses: {
    200: {
      description: "Amounts in micro-dollars (1 USD = 1,000,000) and the withdrawable whole cents",
      schema: z.object({ availableMicros: z.number().int(), heldMicros: z.number().int(), withdrawableCents: z.number().int() }).meta({ id: "BalanceValues" }),
    },
  },
});

export const loader = apiRoute(operation, async ({ request }) => userBalances(db, (await requireVerifiedUser(request)).id));
