// The built server (`node server.mjs`, production mode, no in-process job worker) on a fresh Postgres
// database holding one verified user with a session and one finished, public song: what bench:pages
// loads and bench:js reads pages from. The caller's process is the client.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";

// The server and this process sign cookies with one secret and share the media folder; env is read once,
// when the app modules load, so it is set before they are imported (they are imported lazily below).
process.env.SESSION_SECRET = "bench-session-secret";
process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "songloom-bench-pages-"));
// Benchmarks measure pages and renders, not the catalogue previews rendering in the background.
process.env.CATALOGUE_PREVIEWS ??= "off";

const SERVER = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
// BENCH_APP_ROOT: serve another checkout's build (e.g. an older commit in a git worktree) to compare.
const root = path.resolve(process.env.BENCH_APP_ROOT ?? path.resolve(import.meta.dirname, "../.."));

export interface BenchServer {
  base: string;
  /** The verified user's session cookie. */
  cookie: string;
  songId: string;
  /** The verified user's id. */
  userId: string;
  /** CPU time the server process has used so far, in ms (Linux /proc), or null where unavailable. */
  cpuMs(): number | null;
  /** The server process's resident memory in MB (Linux /proc), or null where unavailable. */
  rssMb(): number | null;
  /**
   * CPU time used so far by this machine's PostgreSQL processes, in ms (Linux /proc), or null where
   * unavailable: what the database spends on the server's queries, when nothing else uses it meanwhile.
   */
  postgresCpuMs(): number | null;
  stop(): Promise<void>;
}

/** User plus system CPU time of a process from /proc/<pid>/stat, in ms. */
function processCpuMs(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    // utime and stime are fields 14 and 15 of stat, counted from the state field (3) here.
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}
/** User plus system CPU time of every process named `postgres` (the server and its backends), in ms. */
function postgresCpuMs(): number | null {
  try {
    let ms = 0;
    for (const pid of readdirSync("/proc")) {
      if (!/^\d+$/.test(pid)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      } catch {
        continue; // ended meanwhile
      }
      if (!stat.includes("(postgres)")) continue;
      ms += processCpuMs(Number(pid)) ?? 0;
    }
    return ms;
  } catch {
    return null;
  }
}
/** VmRSS of a process from /proc/<pid>/status, in MB. */
function processRssMb(pid: number | undefined): number | null {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

// USER_HZ is 100 on every Linux build Node supports.
const CLOCK_TICKS_PER_SECOND = 100;

export async function startBenchServer(port: number): Promise<BenchServer> {
  const { connect, closeDb, useConnection } = await import("../../app/server/db.server");
  const { migrate } = await import("../../drizzle/migrate");
  const { seed } = await import("../../drizzle/seed");
  const { startBoss, stopBoss } = await import("../../jobs/boss");
  const { createSongs } = await import("../../app/services/songs/create.server");
  const { composeSong, configureSongRendering, renderSongMedia } = await import("../../app/services/songs/generate.server");
  const { createSession, createUser } = await import("../../tests/support/auth");

  const name = `songloom_bench_pages_${process.pid}`;
  const admin = postgres(SERVER, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(SERVER);
  url.pathname = `/${name}`;
  const connection = connect({ url: url.toString() });
  useConnection(connection);
  let server: ChildProcess | undefined;
  const stop = async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    await stopBoss();
    await closeDb();
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  };
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

    const base = `http://127.0.0.1:${port}`;
    // BENCH_CPU_PROF=<dir> writes the server's V8 CPU profile there (open it in Chrome DevTools).
    const profile = process.env.BENCH_CPU_PROF ? ["--cpu-prof", "--cpu-prof-dir", path.resolve(process.env.BENCH_CPU_PROF)] : [];
    server = spawn(process.execPath, [...profile, "server.mjs"], {
      cwd: root,
      env: { ...process.env, PORT: String(port), NODE_ENV: "production", DATABASE_URL: url.toString(), APP_URL: base, WORKER_IN_PROCESS: "false" },
      stdio: ["ignore", "ignore", "inherit"],
    });
    for (let tries = 0; !(await fetch(`${base}/api/build`).then((r) => r.ok, () => false)); tries += 1) {
      if (tries > 600) throw new Error("the server did not start");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return { base, cookie, songId: songs[0].id, userId: user.id, cpuMs: () => processCpuMs(server?.pid), rssMb: () => processRssMb(server?.pid), postgresCpuMs, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
