// GET /api/admin/user/{id}/labs (user viewer): whether the user has Songloom Labs (spec 2 §6).
// PUT (user admin): grants or revokes it; audited.
import { eq } from "drizzle-orm";
import { z } from "zod";
import { users } from "#drizzle/schema/auth";
import { apiRoute } from "~/server/api.server";
import { db } from "~/server/db.server";
import { requirePermission } from "~/server/guards.server";
import { ApiError } from "~/server/http.server";
import { registerApiOperation } from "~/server/openapi.server";
import { UserIdParams } from "~/services/admin/api-schemas";
import { hasAccessToLabs, setLabsAccess } from "~/services/labs/index.server";

const LabsAccessSchema = z.object({ hasAccessToLabs: z.boolean() }).meta({ id: "AdminUserLabsAccess" });

const getOperation = registerApiOperation({
  method: "GET",
  path: "/api/admin/user/{id}/labs",
  summary: "Whether a user has Songloom Labs",
  tags: ["admin"],
  request: { params: UserIdParams },
  responses: { 200: { description: "Labs access", schema: LabsAccessSchema }, 401: { description: "Not signed in" }, 403: { description: "Missing user viewer" }, 404: { description: "No such user" } },
});

export const loader = apiRoute(getOperation, async ({ request, params }) => {
  await requirePermission(request, "user:viewer");
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, params.id));
  if (!user) throw new ApiError(404, "not_found", "No such user.");
  return { hasAccessToLabs: await hasAccessToLabs(user.id) };
});

const putOperation = registerApiOperation({
  method: "PUT",
  path: "/api/admin/user/{id}/labs",
  summary: "Grant or revoke Songloom Labs",
  description: "The user then sees (or no longer sees) their Labs generations in the library. Recorded in the audit log and the user's events.",
  tags: ["admin"],
  request: { params: UserIdParams, body: z.object({ hasAccessToLabs: z.boolean() }) },
  responses: { 200: { description: "The new labs access", schema: LabsAccessSchema }, 400: { description: "hasAccessToLabs missing or not a boolean" }, 401: { description: "Not signed in" }, 403: { description: "Missing user admin" }, 404: { description: "No such user" } },
});

export const action = apiRoute(putOperation, async ({ request, params, body }) => {
  const admin = await requirePermission(request, "user:admin");
  return { hasAccessToLabs: await setLabsAccess(admin.id, params.id, body.hasAccessToLabs) };
});
