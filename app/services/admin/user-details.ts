// One user as staff see it (GET /api/admin/user/{id}/details, /admin/users/{id}/view): statuses, plan and
// its limits, verification, tags, label, song counts and whether a ban is in force.
import { and, count, desc, eq, isNotNull, sql } from "drizzle-orm";
import { userBans } from "#drizzle/schema/admin";
import { devices, identities, userDevices, userEvents, users } from "#drizzle/schema/auth";
import { songs } from "#drizzle/schema/songs";
import type { Db } from "~/server/db.server";
import { getUserPlan } from "~/server/plans.server";
import { tagsOfUser } from "./user-tags";

export async function getUserDetails(db: Db, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  const [plan, tags, providers, [songCounts], [ban]] = await Promise.all([
    getUserPlan(user),
    tagsOfUser(db, userId),
    db.select({ provider: identities.provider }).from(identities).where(eq(identities.userId, userId)),
    db
      .select({ made: count(), saved: sql<number>`count(*) filter (where ${songs.saved})`.mapWith(Number) })
      .from(songs)
      .where(eq(songs.userId, userId)),
    db.select().from(userBans).where(eq(userBans.userId, userId)),
  ]);
  return {
    id: user.id,
    email: user.email,
    displayName: user.displayName,
    admin: user.isAdmin,
    emailVerified: user.emailVerifiedAt !== null,
    createdAt: user.createdAt,
    statuses: { account: user.accountStatus, withdrawal: user.withdrawalStatus },
    releaseLabel: user.releaseLabel,
    termsOfUseStatus: user.termsOfUseStatus,
    signInProviders: providers.map((row) => row.provider),
    plan: { key: plan.plan.key, name: plan.plan.name, productId: plan.productId, limits: plan.limits },
    songs: { made: songCounts?.made ?? 0, saved: songCounts?.saved ?? 0 },
    tags: tags.map((tag) => ({ id: tag.id, name: tag.name })),
    ban: ban ? { since: ban.createdAt, previous: { account: ban.previousAccountStatus, withdrawal: ban.previousWithdrawalStatus, releaseLabel: ban.previousReleaseLabel } } : null,
  };
}
export type UserDetails = NonNullable<Awaited<ReturnType<typeof getUserDetails>>>;

export function listUserEvents(db: Db, userId: string, limit = 200) {
  return db
    .select({ id: userEvents.id, type: userEvents.type, data: userEvents.data, createdAt: userEvents.createdAt })
    .from(userEvents)
    .where(eq(userEvents.userId, userId))
    .orderBy(desc(userEvents.createdAt), desc(userEvents.id))
    .limit(limit);
}

/** The user's devices with how many users signed in on each (spec 3 §3 Device). */
export function listUserDeviceRows(db: Db, userId: string) {
  return db
    .select({
      deviceId: devices.id,
      browser: devices.browser,
      os: devices.os,
      ip: devices.ip,
      country: devices.country,
      city: devices.city,
      continent: devices.continent,
      banned: devices.banned,
      createdAt: devices.createdAt,
      lastLogin: devices.lastLoginAt,
      numberOfUsers: sql<number>`(select count(*) from ${userDevices} other where other.device_id = ${devices.id})`.mapWith(Number),
    })
    .from(userDevices)
    .innerJoin(devices, eq(devices.id, userDevices.deviceId))
    .where(and(eq(userDevices.userId, userId), isNotNull(devices.id)))
    .orderBy(desc(devices.lastLoginAt));
}
