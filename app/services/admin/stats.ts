// Numbers for the admin dashboard and GET /api/admin/stats/user, /api/admin/stats/song and
// /api/user_level_counts: users by membership level, new users and songs per day, saves per day, and what
// needs attention. Days are UTC; DAYS of them, oldest first, zero-filled.
import { and, count, eq, gt, gte, isNotNull, sql } from "drizzle-orm";
import { userBans } from "#drizzle/schema/admin";
import { users } from "#drizzle/schema/auth";
import { subscriptions } from "#drizzle/schema/billing";
import { songs } from "#drizzle/schema/songs";
import { PLANS } from "~/content/plans";
import type { Db } from "~/server/db.server";
import { planForProduct } from "~/server/plans.server";
import { membershipLevel, productFeatures } from "~/services/billing/membership-level";

export const STATS_DAYS = 14;

function lastDays(days: number): string[] {
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  return Array.from({ length: days }, (_, index) => new Date(today - (days - 1 - index) * 86_400_000).toISOString().slice(0, 10));
}

function perDay(rows: { day: string; count: number }[], days = STATS_DAYS) {
  const byDay = new Map(rows.map((row) => [row.day, row.count]));
  return lastDays(days).map((day) => ({ day, count: byDay.get(day) ?? 0 }));
}

const since = () => new Date(Date.now() - STATS_DAYS * 86_400_000);

/** Users per membership level (spec 3 §6 "membership levels": free, creator, pro). */
export async function userLevelCounts(db: Db): Promise<{ level: string; count: number }[]> {
  const paid = await db
    .selectDistinctOn([subscriptions.userId], { userId: subscriptions.userId, productId: subscriptions.productId })
    .from(subscriptions)
    .where(and(eq(subscriptions.status, "active"), gt(subscriptions.currentPeriodEnd, new Date())));
  const [{ total }] = await db.select({ total: count() }).from(users);
  const counts = new Map<string, number>(PLANS.map((plan) => [plan.key, 0]));
  for (const row of paid) {
    if (!planForProduct(row.productId)) continue;
    const level = membershipLevel(productFeatures(row.productId));
    counts.set(level, (counts.get(level) ?? 0) + 1);
  }
  const paying = [...counts.values()].reduce((sum, value) => sum + value, 0);
  counts.set("free", total - paying + (counts.get("free") ?? 0));
  return PLANS.map((plan) => ({ level: plan.key, count: counts.get(plan.key) ?? 0 }));
}

const day = (column: typeof users.createdAt | typeof songs.createdAt | typeof songs.savedAt) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

export async function userStats(db: Db) {
  const newUsers = await db.select({ day: day(users.createdAt), count: count() }).from(users).where(gte(users.createdAt, since())).groupBy(sql`1`);
  const [attention] = await db
    .select({
      newToday: sql<number>`count(*) filter (where ${users.createdAt} > now() - interval '24 hours')`.mapWith(Number),
      frozenWithdrawals: sql<number>`count(*) filter (where ${users.withdrawalStatus} = 'FROZEN')`.mapWith(Number),
      frozenAccounts: sql<number>`count(*) filter (where ${users.accountStatus} = 'FROZEN')`.mapWith(Number),
      total: count(),
    })
    .from(users);
  const [{ banned }] = await db.select({ banned: count() }).from(userBans);
  return { total: attention.total, newPerDay: perDay(newUsers), newToday: attention.newToday, frozenWithdrawals: attention.frozenWithdrawals, frozenAccounts: attention.frozenAccounts, banned, levels: await userLevelCounts(db) };
}

export async function songStats(db: Db) {
  const made = await db.select({ day: day(songs.createdAt), count: count() }).from(songs).where(and(gte(songs.createdAt, since()), eq(songs.pooled, false))).groupBy(sql`1`);
  const saved = await db.select({ day: day(songs.savedAt), count: count() }).from(songs).where(and(isNotNull(songs.savedAt), gte(songs.savedAt, since()))).groupBy(sql`1`);
  const [{ total, featured }] = await db
    .select({ total: sql<number>`count(*) filter (where ${songs.saved})`.mapWith(Number), featured: sql<number>`count(*) filter (where ${songs.featuredAt} is not null)`.mapWith(Number) })
    .from(songs);
  return { madePerDay: perDay(made), savedPerDay: perDay(saved), savedTotal: total, featured };
}
