// GET /api/admin/permissions (any admin): the signed-in admin's roles and permissions (spec 3 §6 "roles
// and permissions are loaded from the server"), and whether they are a super admin (passes every check).
import { z } from "zod";
import { apiRoute } from "~/server/api.server";
import { requireAdmin } from "~/server/guards.server";
import { registerApiOperation } from "~/server/openapi.server";
import { PERMISSIONS, hasPermission } from "~/server/permissions.server";

const operation = registerApiOperation({
  method: "GET",
  path: "/api/admin/permissions",
  summary: "The signed-in admin's roles and permissions",
  tags: ["admin"],
  responses: {
    200: { description: "Roles, and every permission they pass", schema: z.object({ roles: z.array(z.string()), permissions: z.array(z.string()), superAdmin: z.boolean() }) },
    403: { description: "Not an admin, or no second factor" },
  },
});

export const loader = apiRoute(operation, async ({ request }) => {
  const user = await requireAdmin(request);
  return { roles: user.roles, permissions: PERMISSIONS.filter((permission) => hasPermission(user, permission)), superAdmin: user.roles.includes("super_admin") };
});
