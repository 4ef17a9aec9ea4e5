// `npm run bench:pages`: server-render latency of the share page /s/{id} and the style step /style under 50
// concurrent requests on loopback (issue 4: p50 ≤ 30 ms). The built server (`node server.mjs`, production
// mode, no in-process job worker) runs on a fresh Postgres database with one verified user and one finished
// song; this process is the load generator. Prints one JSON line per page. Numbers only, never asserted.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";

// The server and this process sign cookies with one secret and share the media folder; env is read once,
// when the app modules load, so it is set before they are imported.
process.env.SESSION_SECRET = "bench-session-secret";
process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "songloom-bench-pages-"));

const SERVER = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const CONCURRENCY = 50;
const REQUESTS = Number(process.env.BENCH_PAGE_REQUESTS ?? 2000);
const PORT = Number(process.env.BENCH_PORT ?? 3191);
const root = path.resolve(import.meta.dirname, "..");

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

async function load(url: string, cookie?: string) {
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  const started = performance.now();
  const client = async () => {
    while (next < REQUESTS) {
      next += 1;
      const t = performance.now();
      const response = await fetch(url, { headers: cookie ? { Cookie: cookie } : {} });
      await response.arrayBuffer();
      latencies.push(performance.now() - t);
      if (response.status !== 200) failures += 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, client));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const ms = (value: number) => Math.round(value * 10) / 10;
  return { requests: latencies.length, failures, p50Ms: ms(percentile(latencies, 0.5)), p95Ms: ms(percentile(latencies, 0.95)), perSecond: Math.round(latencies.length / seconds) };
}

async function main(): Promise<void> {
  const { connect, closeDb, useConnection } = await import("../app/server/db.server");
  const { migrate } = await import("../drizzle/migrate");
  const { seed } = await import("../drizzle/seed");
  const { startBoss, stopBoss } = await import("../jobs/boss");
  const { createSongs } = await import("../app/services/song-create.server");
  const { composeSong, configureSongRendering, renderSongMedia } = await import("../app/services/song-generate.server");
  const { createSession, createUser } = await import("../tests/support/auth");

  const name = `songloom_bench_pages_${process.pid}`;
  const admin = postgres(SERVER, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(SERVER);
  url.pathname = `/${name}`;
  const connection = connect({ url: url.toString() });
  useConnection(connection);
  let server: ReturnType<typeof spawn> | undefined;
  try {
    await migrate(connection);
    await seed(connection.db);
    await startBoss(connection);
    // A short song is enough: the page's render cost does not depend on the audio's length.
    configureSongRendering({ excerpt: { startSeconds: 0, seconds: 4 } });
    const user = await createUser(connection.db);
    const { cookie } = await createSession(connection.db, user.id);
    const { songs } = await createSongs(user, { style: "wd_lofi", filter: "morning_sun", songs: 1, advanced: 1 });
    await composeSong(songs[0].id);
    await renderSongMedia(songs[0].id);

    const base = `http://127.0.0.1:${PORT}`;
    server = spawn(process.execPath, ["server.mjs"], {
      cwd: root,
      env: { ...process.env, PORT: String(PORT), NODE_ENV: "production", DATABASE_URL: url.toString(), APP_URL: base, WORKER_IN_PROCESS: "false" },
      stdio: ["ignore", "ignore", "inherit"],
    });
    for (let tries = 0; !(await fetch(`${base}/api/build`).then((r) => r.ok, () => false)); tries += 1) {
      if (tries > 600) throw new Error("the server did not start");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Warm the route modules and connection pool before measuring.
    await fetch(`${base}/s/${songs[0].id}`);
    await fetch(`${base}/style`, { headers: { Cookie: cookie } });

    console.log(JSON.stringify({ bench: "page./s/{id}", concurrency: CONCURRENCY, target: "p50 ≤ 30 ms", ...(await load(`${base}/s/${songs[0].id}`)) }));
    console.log(JSON.stringify({ bench: "page./style", concurrency: CONCURRENCY, target: "p50 ≤ 30 ms", ...(await load(`${base}/style`, cookie)) }));
  } finally {
    server?.kill("SIGTERM");
    await stopBoss();
    await closeDb();
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

await main();
