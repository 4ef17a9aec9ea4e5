// Granting and revoking Songloom Labs (spec 2 §6 "A user with labs access sees labs generations"): staff
// with user admin do it from the user's admin page or PUT /api/admin/user/{id}/labs. Each change is audited
// in the same transaction (app/services/admin/audit.ts).
import { eq } from "drizzle-orm";
import { labsAccess } from "../../../drizzle/schema/labs";
import { users } from "../../../drizzle/schema/auth";
import { db } from "~/server/db.server";
import { ApiError } from "~/server/http.server";
import { recordAdminAction } from "~/services/admin/audit";

/** Sets a user's labs access; returns the new value. Setting what is already set writes nothing. */
export async function setLabsAccess(actorId: string, userId: string, access: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) throw new ApiError(404, "not_found", "No such user.");
    const [row] = await tx.select({ userId: labsAccess.userId }).from(labsAccess).where(eq(labsAccess.userId, userId)).for("update");
    const before = row !== undefined;
    if (before === access) return access;
    if (access) await tx.insert(labsAccess).values({ userId }).onConflictDoNothing();
    else await tx.delete(labsAccess).where(eq(labsAccess.userId, userId));
    await recordAdminAction(tx, { actorId, action: access ? "labs_access_granted" : "labs_access_revoked", targetType: "user", targetId: userId, before: { hasAccessToLabs: before }, after: { hasAccessToLabs: access } });
    return access;
  });
}
