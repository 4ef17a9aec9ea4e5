// Ban and unban (spec 3 §4): banning sets account BANNED, withdrawal FROZEN, distribution label SHADOWBAN
// and bans every device the user has used; unbanning "reverses this", so the values the ban replaced and
// the devices it banned are kept in user_bans and put back exactly (a withdrawal frozen before the ban
// stays frozen, a device banned on its own stays banned). Sessions are kept on purpose: the next request
// finds the ban, signs the user out and shows the ban message, which a deleted session could not.
import { and, eq, inArray, sql } from "drizzle-orm";
import { userBans } from "#drizzle/schema/admin";
import { devices, userDevices, users } from "#drizzle/schema/auth";
import type { Db, Tx } from "~/server/db.server";
import { recordAdminAction } from "./audit";
import { AdminActionError } from "./errors";

export async function banUser(tx: Db | Tx, userId: string, actorId: string | null): Promise<void> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AdminActionError(404, "not_found", "No such user.");
  const [existing] = await tx.select({ userId: userBans.userId }).from(userBans).where(eq(userBans.userId, userId));
  if (existing) throw new AdminActionError(409, "already_banned", `${user.email} is already banned.`);
  const owned = tx.select({ id: userDevices.deviceId }).from(userDevices).where(eq(userDevices.userId, userId));
  const newlyBanned = await tx
    .update(devices)
    .set({ banned: true, bannedAt: sql`now()` })
    .where(and(inArray(devices.id, owned), eq(devices.banned, false)))
    .returning({ id: devices.id });
  const bannedDeviceIds = newlyBanned.map((device) => device.id).sort();
  await tx.insert(userBans).values({
    userId,
    previousAccountStatus: user.accountStatus,
    previousWithdrawalStatus: user.withdrawalStatus,
    previousReleaseLabel: user.releaseLabel,
    bannedDeviceIds,
    bannedBy: actorId,
  });
  await tx.update(users).set({ accountStatus: "BANNED", withdrawalStatus: "FROZEN", releaseLabel: "SHADOWBAN" }).where(eq(users.id, userId));
  await recordAdminAction(tx, {
    actorId,
    action: "ban",
    targetType: "user",
    targetId: userId,
    before: { accountStatus: user.accountStatus, withdrawalStatus: user.withdrawalStatus, releaseLabel: user.releaseLabel },
    after: { accountStatus: "BANNED", withdrawalStatus: "FROZEN", releaseLabel: "SHADOWBAN", bannedDeviceIds },
  });
}

export async function unbanUser(tx: Db | Tx, userId: string, actorId: string | null): Promise<void> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AdminActionError(404, "not_found", "No such user.");
  const [ban] = await tx.select().from(userBans).where(eq(userBans.userId, userId));
  if (!ban) throw new AdminActionError(409, "not_banned", `${user.email} is not banned.`);
  const restored = {
    accountStatus: ban.previousAccountStatus,
    withdrawalStatus: ban.previousWithdrawalStatus,
    releaseLabel: ban.previousReleaseLabel,
  };
  await tx.update(users).set(restored).where(eq(users.id, userId));
  if (ban.bannedDeviceIds.length > 0) {
    await tx.update(devices).set({ banned: false, bannedAt: null }).where(inArray(devices.id, ban.bannedDeviceIds));
  }
  await tx.delete(userBans).where(eq(userBans.userId, userId));
  await recordAdminAction(tx, {
    actorId,
    action: "unban",
    targetType: "user",
    targetId: userId,
    before: { accountStatus: user.accountStatus, withdrawalStatus: user.withdrawalStatus, releaseLabel: user.releaseLabel },
    after: { ...restored, unbannedDeviceIds: ban.bannedDeviceIds },
  });
}
