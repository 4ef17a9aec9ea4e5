import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireUser } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { destroyRequestSession } from "~/server/session.server";
import { deleteAccount, DELETE_CONFIRMATION } from "~/services/account-deletion";

const operation = registerApiOperation({
  method: "DELETE",
  path: "/api/user/account",
  summary: "Delete the account: signs out everywhere, erases personal data and songs; keeps what the ledger and others' owned songs need",
  tags: ["user"],
  request: { body: z.object({ confirmation: z.string().describe(`Must be "${DELETE_CONFIRMATION}"`) }) },
  responses: { 204: { description: "Deleted and signed out" }, 400: { description: "Not confirmed" } },
});

export const action = apiRoute(operation, async ({ request, body }) => {
  const user = await requireUser(request);
  await deleteAccount(user.id, body.confirmation);
  return new Response(null, { status: 204, headers: { "Set-Cookie": await destroyRequestSession(request), "Cache-Control": "no-store" } });
});
