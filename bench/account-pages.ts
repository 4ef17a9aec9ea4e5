// `npm run bench:account` (issue 19 "Speed"): server render time of /account and /account/revenue for a
// user with 200 songs and two years of daily stats (every song on all five store families every day:
// 730,000 stream_daily rows) and a ledger balance. Requests go one at a time, so the figure is the
// render itself, not queueing (target p50 ≤ 50 ms). The built server runs on a fresh Postgres database
// (bench/support/bench-server.ts). Prints one JSON line per page; numbers only, never asserted (the
// machine may be shared: compare within one run).
import { sql } from "drizzle-orm";
import { startBenchServer } from "./support/bench-server";

const REQUESTS = Number(process.env.BENCH_ACCOUNT_REQUESTS ?? 100);
const PORT = Number(process.env.BENCH_PORT ?? 3192);

const server = await startBenchServer(PORT);
try {
  const { base, cookie, userId } = server;
  const { db } = await import("../app/server/db.server");
  const { insertSavedSong } = await import("../tests/support/releases");
  const { postRoyaltyCredit } = await import("../app/services/ledger");
  for (let index = 0; index < 200; index++) await insertSavedSong(db, userId);
  // Two years up to yesterday, per song, day and store family, with a little variety in the figures.
  await db.execute(sql`
    insert into stream_daily (user_id, song_id, store, day, streams, revenue_micros)
    select s.user_id, s.id, st.store, d.day::date, 1 + (abs(hashtext(s.id || d.day::text || st.store)) % 500), 3 * (1 + (abs(hashtext(s.id || d.day::text || st.store)) % 500)) * 800
    from songs s
    cross join generate_series(current_date - 730, current_date - 1, interval '1 day') as d(day)
    cross join (values ('spotify'), ('apple_music'), ('amazon'), ('youtube_ad'), ('other')) as st(store)
    where s.user_id = ${userId}`);
  // The monthly rollup every royalty writer keeps beside the daily one (app/services/ledger/rollups.server.ts).
  await db.execute(sql`
    insert into stream_monthly (user_id, song_id, store, month, streams, revenue_micros)
    select user_id, song_id, store, date_trunc('month', day)::date, sum(streams), sum(revenue_micros) from stream_daily group by 1, 2, 3, 4`);
  await db.execute(sql`analyze stream_daily`);
  await db.execute(sql`analyze stream_monthly`);
  await db.transaction((tx) => postRoyaltyCredit(tx, { reference: `bench:${userId}`, userId, songId: "bench", store: "spotify", day: "2025-01-01", streams: 1, grossMicros: 12_345_678 }));
  const [{ rows }] = (await db.execute(sql`select count(*)::int as rows from stream_daily`)) as unknown as [{ rows: number }];

  async function measure(path: string) {
    // Warm the route module, caches and the connection pool first.
    for (let i = 0; i < 5; i++) await fetch(`${base}${path}`, { headers: { cookie } }).then((response) => response.text());
    const times: number[] = [];
    let failures = 0;
    const cpuBefore = server.cpuMs();
    for (let i = 0; i < REQUESTS; i++) {
      const started = performance.now();
      const response = await fetch(`${base}${path}`, { headers: { cookie } });
      await response.text();
      times.push(performance.now() - started);
      if (!response.ok) failures += 1;
    }
    const cpuAfter = server.cpuMs();
    times.sort((a, b) => a - b);
    const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] * 10) / 10;
    return { requests: REQUESTS, failures, p50Ms: at(0.5), p90Ms: at(0.9), p99Ms: at(0.99), serverCpuMsPerRequest: cpuBefore !== null && cpuAfter !== null ? Math.round(((cpuAfter - cpuBefore) / REQUESTS) * 100) / 100 : null };
  }
  for (const path of ["/account", "/account/revenue"]) {
    console.log(JSON.stringify({ bench: `page.${path}`, songs: 200, streamDailyRows: rows, target: "p50 ≤ 50 ms (one request at a time)", ...(await measure(path)) }));
  }
} finally {
  await server.stop();
}
