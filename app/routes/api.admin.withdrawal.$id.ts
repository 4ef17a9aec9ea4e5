// Staff decide a held withdrawal (account:approve_transactions): approve sends it to the bank, reject
// returns the money to the user's balance. Each posts its ledger entry and an audit row.
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requirePermission } from "~/server/guards.server";
import { ApiError } from "~/server/http.server";
import { registerApiOperation } from "~/server/openapi.server";
import { WithdrawalSchema } from "~/services/billing/api-schemas";
import { approveWithdrawal, failWithdrawal, findWithdrawal } from "~/services/withdrawals";

const operation = registerApiOperation({
  method: "POST",
  path: "/api/admin/withdrawal/{id}",
  summary: "Approve or reject a withdrawal held for review (account:approve_transactions)",
  tags: ["admin", "payments"],
  request: { params: z.object({ id: z.string() }), body: z.object({ decision: z.enum(["approve", "reject"]), reason: z.string().trim().max(200).optional() }) },
  responses: {
    200: { description: "The withdrawal after the decision", schema: WithdrawalSchema },
    403: { description: "Without the permission" },
    404: { description: "No such withdrawal" },
    409: { description: "Not held" },
  },
});

export const action = apiRoute(operation, async ({ request, params, body }) => {
  const staff = await requirePermission(request, "account:approve_transactions");
  const withdrawal = await findWithdrawal(params.id);
  if (!withdrawal) throw new ApiError(404, "not_found", "No such withdrawal.");
  if (withdrawal.state !== "held") throw new ApiError(409, "not_held", `The withdrawal is ${withdrawal.state}, not held.`);
  if (body.decision === "approve") await approveWithdrawal(params.id, staff.id);
  else await failWithdrawal(params.id, body.reason || "Rejected in review", staff.id);
  const after = (await findWithdrawal(params.id))!;
  return { ...after, createdAt: after.createdAt.toISOString() };
});
