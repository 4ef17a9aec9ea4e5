// GET /api/admin/royalties/held_transactions (royalty viewer; spec 3 §7): report lines that matched no
// live song or could not be read, held with their money until approved (POST /api/admin/transaction/approve/{id}).
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { heldLines, PAGE_SIZES } from "~/services/royalties";
import { HeldLineSchema } from "~/services/royalties/api-schemas";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/admin/royalties/held_transactions",
  summary: "Held royalty lines (royalty viewer)",
  tags: ["admin", "royalties"],
  request: {
    query: z.object({
      status: z.enum(["held", "approved"]).default("held"),
      page: z.coerce.number().int().min(1, "page starts at 1").max(100_000).default(1),
      itemsPerPage: z.coerce
        .number()
        .int()
        .refine((value) => (PAGE_SIZES as readonly number[]).includes(value), "itemsPerPage must be 10, 25 or 50")
        .default(25),
    }),
  },
  responses: {
    200: { description: "One page of held (or approved) lines", schema: z.object({ total: z.number().int(), page: z.number().int(), itemsPerPage: z.number().int(), held: z.array(HeldLineSchema) }) },
    400: { description: "Bad status, page or itemsPerPage" },
    403: { description: "Without royalty viewer" },
  },
});

export const loader = apiRoute(operation, async ({ request, query }) => {
  await requirePermission(request, "royalty:viewer");
  return heldLines(db, query);
});
