// bench:review-queue: the staff review queue (/admin/distro) with 10,000 submitted releases (and 2,000
// live or on hold) from 2,000 users (issue 18: "list page p50 ≤ 50 ms"). Fills a fresh Postgres database with generate_series, then
// times the page's loader in-process (guard, paging, the query and the lock column) for the first page,
// a deep page, a search, a date range and the user queues, and prints p50/p95 per case. Run it once:
// the machine is shared, so compare the cases with each other rather than with another run.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";

process.env.SESSION_SECRET = "bench-session-secret";
process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "songloom-bench-review-"));

const SERVER = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const RELEASES = Number(process.env.BENCH_RELEASES ?? 10_000);
const USERS = Math.max(1, Math.round(RELEASES / 5));
const RUNS = 40;

const { connect, closeDb, useConnection } = await import("../app/server/db.server");
const { migrate } = await import("../drizzle/migrate");
const { seed } = await import("../drizzle/seed");
const { createSession, createUser } = await import("../tests/support/auth");
const distro = await import("../app/routes/admin.distro");

const name = `songloom_bench_review_${process.pid}`;
const admin = postgres(SERVER, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database "${name}"`);
const url = new URL(SERVER);
url.pathname = `/${name}`;
const connection = connect({ url: url.toString() });
useConnection(connection);
try {
  await migrate(connection);
  await seed(connection.db);
  const raw = postgres(url.toString(), { max: 1, onnotice: () => {} });
  await raw.unsafe(`
    insert into users (id, email, display_name, email_verified_at)
      select 'benchuser' || lpad(i::text, 6, '0'), 'artist' || i || '@example.com', 'Artist ' || i, now() from generate_series(1, ${USERS}) i;
    insert into releases (id, user_id, title, artist_name, status, submitted_at)
      select 'benchrelease' || lpad(i::text, 8, '0'), 'benchuser' || lpad((1 + i % ${USERS})::text, 6, '0'),
             'Release ' || i, 'Artist ' || (1 + i % ${USERS}),
             case when i > ${RELEASES} + ${RELEASES} / 10 then 5 when i > ${RELEASES} then 1 else 0 end,
             now() - make_interval(mins => i)
        from generate_series(1, ${RELEASES} + ${RELEASES} / 5) i;
    analyze;`);
  await raw.end();
  const staff = await createUser(connection.db, { isAdmin: true, roles: ["distro_ops_coordinator"] });
  const { cookie } = await createSession(connection.db, staff.id);

  const cases: [string, string][] = [
    ["submitted, page 1", "/admin/distro?queue=submitted"],
    ["submitted, page 300", "/admin/distro?queue=submitted&page=300"],
    ["submitted, search", "/admin/distro?queue=submitted&q=artist17"],
    ["submitted, date range", `/admin/distro?queue=submitted&startDate=${new Date(Date.now() - 86_400_000 * 3).toISOString().slice(0, 10)}`],
    ["users with submitted releases", "/admin/distro?queue=submitted_users"],
    ["free users", "/admin/distro?queue=free_users"],
    ["on hold", "/admin/distro?queue=on_hold_users"],
  ];
  console.log(`review queue: ${RELEASES} submitted releases (plus ${RELEASES / 10} live and ${RELEASES / 10} on hold) from ${USERS} users; ${RUNS} loads per case`);
  for (const [label, path] of cases) {
    const times: number[] = [];
    for (let i = 0; i < RUNS + 3; i++) {
      const request = new Request(`http://localhost:3000${path}`, { headers: { Cookie: cookie } });
      const started = performance.now();
      const response = await distro.loader({ request, params: {}, context: {} });
      const elapsed = performance.now() - started;
      if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
      if (i >= 3) times.push(elapsed);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
    console.log(`  ${label.padEnd(32)} p50 ${at(0.5).padStart(6)} ms   p95 ${at(0.95).padStart(6)} ms`);
  }
} finally {
  await closeDb();
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.end();
}
