// Bank accounts for withdrawals, held by Stripe Connect. The numbers go straight to Stripe; Songloom
// keeps neither (only Stripe's id and what it shows back: bank name and last four digits).
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireVerifiedUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { BankAccountBody, ExternalAccountSchema } from "~/services/billing/api-schemas";
import { addExternalAccount, listExternalAccounts } from "~/services/withdrawals";

const list = registerApiOperation({
  method: "GET",
  path: "/api/user/external_accounts",
  summary: "The user's bank accounts for withdrawals",
  tags: ["payments"],
  responses: { 200: { description: "Bank accounts", schema: z.object({ externalAccounts: z.array(ExternalAccountSchema) }) } },
});
const add = registerApiOperation({
  method: "POST",
  path: "/api/user/external_accounts",
  summary: "Add a US bank account (passed to Stripe Connect, never stored by Songloom)",
  tags: ["payments"],
  request: { body: BankAccountBody },
  responses: { 201: { description: "The bank account as Stripe shows it", schema: ExternalAccountSchema }, 400: { description: "Invalid numbers" } },
});

export const loader = apiRoute(list, async ({ request }) => ({ externalAccounts: await listExternalAccounts((await requireVerifiedUser(request)).id) }));
export const action = apiRoute(add, async ({ request, body }) => addExternalAccount(await requireVerifiedUser(request), body));
