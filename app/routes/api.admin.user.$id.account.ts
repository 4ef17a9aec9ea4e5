// GET /api/admin/user/{id}/account (user viewer): the account and withdrawal status.
// PUT (account admin): sets the account status (ACTIVE, FROZEN, INACTIVE; BANNED only through a ban), a
// confirmed action: confirmationToken from POST /api/admin/confirmations (user.account_status).
import type { ActionFunctionArgs } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { users } from "#drizzle/schema/auth";
import { asApi } from "~/server/admin-api.server";
import { apiRoute } from "~/server/api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { ApiError } from "~/server/http.server";
import { registerApiOperation } from "~/server/openapi.server";
import { runConfirmedAction, SETTABLE_ACCOUNT_STATUSES } from "~/services/admin";
import { confirmationResponses, UserIdParams } from "~/services/admin/api-schemas";

const AccountSchema = z.object({ account: z.enum(["ACTIVE", "BANNED", "FROZEN", "INACTIVE"]), withdrawal: z.enum(["ACTIVE", "INACTIVE", "FROZEN"]) }).meta({ id: "AdminUserAccount" });

async function readAccount(id: string) {
  const [row] = await db.select({ account: users.accountStatus, withdrawal: users.withdrawalStatus }).from(users).where(eq(users.id, id));
  if (!row) throw new ApiError(404, "not_found", "No such user.");
  return row;
}

const getOperation = registerApiOperation({
  method: "GET",
  path: "/api/admin/user/{id}/account",
  summary: "A user's account and withdrawal status",
  tags: ["admin"],
  request: { params: UserIdParams },
  responses: { 200: { description: "The statuses", schema: AccountSchema }, 403: { description: "Missing user viewer" }, 404: { description: "No such user" } },
});

export const loader = apiRoute(getOperation, async ({ request, params }) => {
  await requirePermission(request, "user:viewer");
  return readAccount(params.id);
});

const putOperation = registerApiOperation({
  method: "PUT",
  path: "/api/admin/user/{id}/account",
  summary: "Set a user's account status",
  tags: ["admin"],
  request: { params: UserIdParams, body: z.object({ status: z.enum(SETTABLE_ACCOUNT_STATUSES), confirmationToken: z.string().max(200).optional() }) },
  responses: { 200: { description: "The new statuses", schema: AccountSchema }, ...confirmationResponses },
});

const put = apiRoute(putOperation, async ({ request, params, body }) => {
  const user = await requirePermission(request, "account:admin");
  await asApi(() => runConfirmedAction(user, "user.account_status", [params.id], { status: body.status }, body.confirmationToken));
  return readAccount(params.id);
});

export const action = (args: ActionFunctionArgs) => put(args);
