// GET /api/user/{id}/balance/values (account viewer; spec 3 §7): a user's balances from the ledger, for
// the admin user view: available, held for review, and what a withdrawal could take.
import { z } from "zod";
import { users } from "#drizzle/schema/auth";
import { eq } from "drizzle-orm";
import { apiRoute } from "~/server/api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { ApiError } from "~/server/http.server";
import { registerApiOperation } from "~/server/openapi.server";
import { userBalances } from "~/services/ledger";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/user/{id}/balance/values",
  summary: "A user's balances, for staff (account viewer)",
  tags: ["admin", "payments"],
  request: { params: z.object({ id: z.string().min(1).max(64) }) },
  responses: {
    200: {
      description: "Amounts in micro-dollars (1 USD = 1,000,000) and the withdrawable whole cents",
      schema: z.object({ availableMicros: z.number().int(), heldMicros: z.number().int(), withdrawableCents: z.number().int() }),
    },
    403: { description: "Without account viewer" },
    404: { description: "No such user" },
  },
});

export const loader = apiRoute(operation, async ({ request, params }) => {
  await requirePermission(request, "account:viewer");
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, params.id));
  if (!user) throw new ApiError(404, "not_found", "No such user.");
  return userBalances(db, user.id);
});
