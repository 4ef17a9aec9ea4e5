// Banning or unbanning one device from a user's devices view (device admin), audited. Everyone signed in
// on a banned device is signed out on their next request with the ban message.
import { eq, sql } from "drizzle-orm";
import { devices } from "#drizzle/schema/auth";
import type { Db } from "~/server/db.server";
import { recordAdminAction } from "./audit";
import { AdminActionError } from "./errors";

export async function setDeviceBannedByAdmin(db: Db, deviceId: string, banned: boolean, actorId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [device] = await tx.select({ banned: devices.banned }).from(devices).where(eq(devices.id, deviceId));
    if (!device) throw new AdminActionError(404, "not_found", "No such device.");
    if (device.banned === banned) return;
    await tx.update(devices).set({ banned, bannedAt: banned ? sql`now()` : null }).where(eq(devices.id, deviceId));
    await recordAdminAction(tx, { actorId, action: banned ? "device_banned" : "device_unbanned", targetType: "device", targetId: deviceId, before: { banned: device.banned }, after: { banned } });
  });
}
