// Streams and revenue for the account pages and the stats calls, read from the rollups royalty imports
// fill, never from raw report lines: stream_monthly for all-time figures and whole months (the overview,
// top songs), stream_daily for other ranges and per-day charts.
import { and, desc, eq, gte, lte, sql } from "drizzle-orm";
import { songs } from "../../../drizzle/schema/songs";
import { streamDaily, streamMonthly } from "../../../drizzle/schema/money";
import type { Db, Tx } from "~/server/db.server";
import { REVENUE_STORES } from "./royalties.server";

export interface DateRange {
  start: string;
  end: string;
}

const inRange = (userId: string, range: DateRange) => and(eq(streamDaily.userId, userId), gte(streamDaily.day, range.start), lte(streamDaily.day, range.end));

/** The range covers whole calendar months (first day to last day), so the monthly rollup answers it. */
function wholeMonths(range: DateRange): boolean {
  const end = new Date(`${range.end}T00:00:00Z`);
  const nextDay = new Date(end.getTime() + 86_400_000);
  return range.start.endsWith("-01") && nextDay.getUTCDate() === 1 && range.start <= range.end;
}

export async function totals(database: Db | Tx, userId: string, range?: DateRange): Promise<{ streams: number; revenueMicros: number }> {
  if (!range || wholeMonths(range)) {
    const [row] = await database
      .select({ streams: sql<string>`coalesce(sum(${streamMonthly.streams}), 0)::bigint`, revenue: sql<string>`coalesce(sum(${streamMonthly.revenueMicros}), 0)::bigint` })
      .from(streamMonthly)
      .where(range ? and(eq(streamMonthly.userId, userId), gte(streamMonthly.month, range.start), lte(streamMonthly.month, range.end)) : eq(streamMonthly.userId, userId));
    return { streams: Number(row.streams), revenueMicros: Number(row.revenue) };
  }
  const [row] = await database
    .select({ streams: sql<string>`coalesce(sum(${streamDaily.streams}), 0)::bigint`, revenue: sql<string>`coalesce(sum(${streamDaily.revenueMicros}), 0)::bigint` })
    .from(streamDaily)
    .where(range ? inRange(userId, range) : eq(streamDaily.userId, userId));
  return { streams: Number(row.streams), revenueMicros: Number(row.revenue) };
}

export async function byDay(database: Db | Tx, userId: string, range: DateRange): Promise<{ day: string; streams: number; revenueMicros: number }[]> {
  const rows = await database
    .select({ day: streamDaily.day, streams: sql<string>`sum(${streamDaily.streams})::bigint`, revenue: sql<string>`sum(${streamDaily.revenueMicros})::bigint` })
    .from(streamDaily)
    .where(inRange(userId, range))
    .groupBy(streamDaily.day)
    .orderBy(streamDaily.day);
  return rows.map((row) => ({ day: row.day, streams: Number(row.streams), revenueMicros: Number(row.revenue) }));
}

export async function byStore(database: Db | Tx, userId: string, range: DateRange): Promise<{ store: string; streams: number; revenueMicros: number }[]> {
  const rows = await database
    .select({ store: streamDaily.store, streams: sql<string>`sum(${streamDaily.streams})::bigint`, revenue: sql<string>`sum(${streamDaily.revenueMicros})::bigint` })
    .from(streamDaily)
    .where(inRange(userId, range))
    .groupBy(streamDaily.store);
  return REVENUE_STORES.map((store) => {
    const row = rows.find((candidate) => candidate.store === store);
    return { store, streams: Number(row?.streams ?? 0), revenueMicros: Number(row?.revenue ?? 0) };
  });
}

export async function topSongs(database: Db | Tx, userId: string, limit = 5): Promise<{ songId: string; name: string; streams: number; revenueMicros: number }[]> {
  const rows = await database
    .select({
      songId: streamMonthly.songId,
      name: sql<string | null>`max(${songs.songName})`,
      streams: sql<string>`sum(${streamMonthly.streams})::bigint`,
      revenue: sql<string>`sum(${streamMonthly.revenueMicros})::bigint`,
    })
    .from(streamMonthly)
    .leftJoin(songs, eq(songs.id, streamMonthly.songId))
    .where(eq(streamMonthly.userId, userId))
    .groupBy(streamMonthly.songId)
    .orderBy(desc(sql`sum(${streamMonthly.streams})`))
    .limit(limit);
  return rows.map((row) => ({ songId: row.songId, name: row.name ?? "Untitled song", streams: Number(row.streams), revenueMicros: Number(row.revenue) }));
}

/** First and last day (YYYY-MM-DD) of the month `offset` months from the current one, in UTC. */
export function monthRange(offset: number, now = new Date()): DateRange {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset + 1, 0));
  return { start: first.toISOString().slice(0, 10), end: last.toISOString().slice(0, 10) };
}
