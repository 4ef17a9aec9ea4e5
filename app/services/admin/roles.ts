// Roles and permissions for staff (/admin/roles): each role with the permissions it grants (the
// role_permissions rows, seeded from ROLE_PERMISSIONS), the staff holding each, and granting or revoking a
// role (roles admin), audited. Only admin accounts can hold roles; an admin cannot change their own.
import { asc, eq } from "drizzle-orm";
import { rolePermissions, roles, userRoles } from "#drizzle/schema/access";
import { users } from "#drizzle/schema/auth";
import { grantRole, normalizeEmail, revokeRole } from "~/models/user.server";
import type { Db } from "~/server/db.server";
import { isRole } from "~/server/permissions.server";
import { recordAdminAction } from "./audit";
import { AdminActionError } from "./errors";

export async function listRolesForStaff(db: Db) {
  const [roleRows, grants, holders] = await Promise.all([
    db.select().from(roles).orderBy(asc(roles.name)),
    db.select().from(rolePermissions).orderBy(asc(rolePermissions.permissionId)),
    db.select({ roleId: userRoles.roleId, userId: users.id, email: users.email }).from(userRoles).innerJoin(users, eq(users.id, userRoles.userId)).orderBy(asc(users.email)),
  ]);
  return roleRows.map((role) => ({
    id: role.id,
    name: role.name,
    permissions: grants.filter((grant) => grant.roleId === role.id).map((grant) => grant.permissionId),
    staff: holders.filter((holder) => holder.roleId === role.id).map(({ userId, email }) => ({ userId, email })),
  }));
}

export async function changeStaffRole(db: Db, input: { email: string; role: string; grant: boolean }, actorId: string): Promise<void> {
  if (!isRole(input.role)) throw new AdminActionError(400, "invalid_input", "Choose a role.");
  const role = input.role;
  await db.transaction(async (tx) => {
    const [staff] = await tx.select().from(users).where(eq(users.email, normalizeEmail(input.email)));
    if (!staff) throw new AdminActionError(404, "not_found", "No user has this email address.");
    if (!staff.isAdmin) throw new AdminActionError(409, "not_staff", "Only staff (admin) accounts can hold roles.");
    if (staff.id === actorId) throw new AdminActionError(400, "own_account", "You cannot change your own roles.");
    const before = (await tx.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, staff.id))).map((row) => row.roleId).sort();
    if (input.grant) await grantRole(tx, staff.id, role);
    else await revokeRole(tx, staff.id, role);
    const after = input.grant ? [...new Set([...before, role])].sort() : before.filter((id) => id !== role);
    await recordAdminAction(tx, { actorId, action: input.grant ? "role_granted" : "role_revoked", targetType: "user", targetId: staff.id, before: { roles: before }, after: { roles: after } });
  });
}
