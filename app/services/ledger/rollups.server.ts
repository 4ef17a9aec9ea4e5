// The stream rollups the account pages read: stream_daily (per user, song, store family and day) and
// stream_monthly (the same per month). Every royalty adds to both here, in the caller's transaction, so
// they always agree. The rows travel as one JSON parameter: an import adds thousands in one statement.
import { sql } from "drizzle-orm";
import type { Tx } from "~/server/db.server";

export interface StreamRollupRow {
  userId: string;
  songId: string;
  /** A store family: amazon, youtube_ad, spotify, apple_music or other. */
  store: string;
  /** YYYY-MM-DD. */
  day: string;
  streams: number;
  /** The creator's share, micro-dollars. */
  revenueMicros: number;
}

/** Adds the rows to both rollups. Rows may repeat a (user, song, store, day): they are summed first. */
export async function addStreamRollups(tx: Tx, rows: StreamRollupRow[]): Promise<void> {
  if (rows.length === 0) return;
  const payload = JSON.stringify(rows.map((row) => ({ user_id: row.userId, song_id: row.songId, store: row.store, day: row.day, streams: row.streams, revenue_micros: row.revenueMicros })));
  await tx.execute(sql`
    insert into stream_daily (user_id, song_id, store, day, streams, revenue_micros)
    select user_id, song_id, store, day, sum(streams), sum(revenue_micros)
    from json_to_recordset(${payload}::json) as x(user_id text, song_id text, store text, day date, streams integer, revenue_micros bigint)
    group by user_id, song_id, store, day
    on conflict (user_id, song_id, store, day) do update set
      streams = stream_daily.streams + excluded.streams,
      revenue_micros = stream_daily.revenue_micros + excluded.revenue_micros`);
  await tx.execute(sql`
    insert into stream_monthly (user_id, song_id, store, month, streams, revenue_micros)
    select user_id, song_id, store, date_trunc('month', day)::date, sum(streams), sum(revenue_micros)
    from json_to_recordset(${payload}::json) as x(user_id text, song_id text, store text, day date, streams bigint, revenue_micros bigint)
    group by 1, 2, 3, 4
    on conflict (user_id, song_id, store, month) do update set
      streams = stream_monthly.streams + excluded.streams,
      revenue_micros = stream_monthly.revenue_micros + excluded.revenue_micros`);
}
