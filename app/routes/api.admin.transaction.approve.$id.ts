// POST /api/admin/transaction/approve/{id} (approve transactions; spec 3 §7): releases a held transaction:
// a held royalty line (credited to the song its ISRC/UPC now matches, or to `songId`) or a withdrawal held
// for review (sent to the bank). Both post their ledger entries and an audit row.
import { z } from "zod";
import { eq } from "drizzle-orm";
import { royaltyHeldLines } from "#drizzle/schema/royalties";
import { apiRoute } from "~/server/api.server";
import { asApi } from "~/server/admin-api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { ApiError } from "~/server/http.server";
import { registerApiOperation } from "~/server/openapi.server";
import { approveHeldLine } from "~/services/royalties";
import { approveWithdrawal, findWithdrawal } from "~/services/withdrawals";

const operation = registerApiOperation({
  method: "POST",
  path: "/api/admin/transaction/approve/{id}",
  summary: "Approve a held transaction: a royalty line or a withdrawal (approve transactions)",
  tags: ["admin", "royalties", "payments"],
  request: { params: z.object({ id: z.string().min(1).max(64) }), body: z.object({ songId: z.string().trim().max(64).optional() }) },
  responses: {
    200: { description: "Approved", schema: z.object({ id: z.string(), kind: z.enum(["royalty", "withdrawal"]), status: z.string() }) },
    403: { description: "Without approve transactions" },
    404: { description: "No such held transaction" },
    409: { description: "Not held any more, or a royalty line that still matches no song" },
  },
});

export const action = apiRoute(operation, async ({ request, params, body }) => {
  const staff = await requirePermission(request, "account:approve_transactions");
  const [held] = await db.select({ id: royaltyHeldLines.id }).from(royaltyHeldLines).where(eq(royaltyHeldLines.id, params.id));
  if (held) {
    await asApi(() => approveHeldLine(params.id, staff.id, body.songId || undefined));
    return { id: params.id, kind: "royalty" as const, status: "approved" };
  }
  if (!(await findWithdrawal(params.id))) throw new ApiError(404, "not_found", "No held transaction has this id.");
  const withdrawal = await approveWithdrawal(params.id, staff.id);
  return { id: params.id, kind: "withdrawal" as const, status: withdrawal.state };
});
