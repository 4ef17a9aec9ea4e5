import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireVerifiedUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { DollarsField, WithdrawalSchema } from "~/services/billing/api-schemas";
import { requestWithdrawal } from "~/services/withdrawals";

const operation = registerApiOperation({
  method: "POST",
  path: "/api/user/withdrawal",
  summary: "Withdraw from the available balance to a bank account (minimum $10; $1,000 or more is held for review)",
  tags: ["payments"],
  request: { body: z.object({ amount: DollarsField.describe("Dollars, up to two decimals"), externalAccountId: z.string().min(1, { message: "Choose a bank account." }) }) },
  responses: {
    201: { description: "The withdrawal: requested (sent) or held (waiting for review)", schema: WithdrawalSchema },
    400: { description: "Below the minimum, or not one of the user's bank accounts" },
    403: { description: "Account or withdrawals frozen, or identity verification required" },
    409: { description: "More than the available balance" },
  },
});

export const action = apiRoute(operation, async ({ request, body }) => {
  const user = await requireVerifiedUser(request);
  const withdrawal = await requestWithdrawal(user.id, { amountCents: body.amount, externalAccountId: body.externalAccountId });
  return { ...withdrawal, createdAt: withdrawal.createdAt.toISOString() };
});
