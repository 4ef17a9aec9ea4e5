// The built server's start and stop under trouble (issue 16, finding 6):
// - a second server on the same embedded-database directory refuses to start, with a clear message, and
//   the first keeps serving; after the first is killed, its stale lock is taken over;
// - SIGTERM in the middle of a render exits within the shutdown budget, and the unfinished render goes
//   back to its queue and completes on the next start.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { rawRows } from "~/server/db.server";
import { findSong } from "~/models/song.server";
import { createSongs } from "~/services/songs/create.server";
import { startBoss, stopBoss } from "#jobs/boss";
import { createUser } from "../support/auth";
import { setupTestDatabase } from "../support/database";
import { freePort } from "../support/ports";
import { waitFor } from "../support/wait";

const root = path.resolve(__dirname, "../..");
// Shorter than the 7 s default, so that a shutdown that waits for the render (the old 8 s drain) shows.
const SHUTDOWN_TIMEOUT_MS = 4000;

interface Running {
  child: ChildProcess;
  port: number;
  output: () => string;
}

const started: Running[] = [];

async function startServer(env: Record<string, string | undefined>): Promise<Running> {
  const port = await freePort();
  let output = "";
  // The server runs as in the Docker image (vitest's NODE_ENV=test would give the development build).
  const settings: Record<string, string | undefined> = {
    NODE_ENV: "production",
    SESSION_SECRET: "lifecycle-test-secret",
    APP_URL: `http://127.0.0.1:${port}`,
    PORT: String(port),
    SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
    ...env,
  };
  const child = spawn(process.execPath, ["server.mjs"], {
    cwd: root,
    env: { ...process.env, ...settings },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const running = { child, port, output: () => output };
  started.push(running);
  return running;
}

async function answers(server: Running): Promise<Response> {
  return waitFor(
    async () => {
      if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
      return fetch(`http://127.0.0.1:${server.port}/`).catch(() => undefined);
    },
    { timeoutMs: 120_000, intervalMs: 250, what: "the server to answer" },
  );
}

function exitOf(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once("exit", (code, signal) => resolve({ code, signal }));
  });
}

/** The exit, or "hung" when the process is still there long after its shutdown budget. */
function exitWithin(child: ChildProcess, ms: number) {
  return Promise.race([exitOf(child), new Promise<"hung">((resolve) => setTimeout(() => resolve("hung"), ms))]);
}

beforeAll(() => {
  // The server runs as in the Docker image: a production build of the tree as it is now.
  const build = spawnSync("npx", ["remix", "build"], { cwd: root, encoding: "utf8", env: { ...process.env, NODE_ENV: "production" } });
  expect(build.status, build.stderr).toBe(0);
});

afterAll(async () => {
  for (const { child } of started) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await exitOf(child);
  }
});

describe("on the embedded database", () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "songloom-lifecycle-"));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** A bad sign-in from the test's own socket, with extra headers; returns the status. */
  async function badSignIn(server: Running, headers: Record<string, string>): Promise<number> {
    const base = `http://127.0.0.1:${server.port}`;
    const response = await fetch(`${base}/sign-in`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, ...headers },
      body: new URLSearchParams({ email: `nobody-${Math.random()}@example.com`, password: "guess-guess" }),
      redirect: "manual",
    });
    await response.arrayBuffer();
    return response.status;
  }

  test("a second server on the same data directory refuses to start; a dead server's lock is taken over", { timeout: 300_000 }, async () => {
    // A tenth of every limit: 5 sign-ins per address in 15 minutes.
    const env = { DATA_DIR: dataDir, DATABASE_URL: "", RATE_LIMIT_FACTOR: "0.1" };
    const first = await startServer(env);
    expect((await answers(first)).status).toBe(200);

    // The client address comes from the socket: a client cannot pick one by sending the internal header.
    const forged = [];
    for (let i = 1; i <= 6; i += 1) forged.push(await badSignIn(first, { "X-Songloom-Client-Address": `203.0.113.${i}` }));
    expect(forged).toEqual([400, 400, 400, 400, 400, 429]);

    const second = await startServer(env);
    expect(await exitWithin(second.child, 60_000)).toEqual({ code: 1, signal: null });
    expect(second.output()).toContain(`Another Songloom process (pid ${first.child.pid}`);
    expect(second.output()).toContain(`is using the embedded database in ${path.join(dataDir, "pglite")}`);
    expect(second.output()).not.toMatch(/\n\s+at /);
    // The first never noticed.
    expect((await fetch(`http://127.0.0.1:${first.port}/`)).status).toBe(200);

    // kill -9 leaves the lock behind; the next start sees its pid is gone and takes over.
    first.child.kill("SIGKILL");
    await exitOf(first.child);
    // TRUST_PROXY=false: X-Forwarded-For names nobody. The counter outlived the first server.
    const third = await startServer({ ...env, TRUST_PROXY: "false" });
    expect((await answers(third)).status, third.output()).toBe(200);
    expect(third.output()).toContain(`pid ${first.child.pid}) is no longer running`);
    expect(await badSignIn(third, { "X-Forwarded-For": "203.0.113.99" })).toBe(429);
    third.child.kill("SIGTERM");
    expect(await exitWithin(third.child, 30_000)).toEqual({ code: 0, signal: null });
  });
});

describe("on PostgreSQL", () => {
  const database = setupTestDatabase("postgres");
  afterAll(() => stopBoss());

  test("SIGTERM during a render exits within the budget; the render goes back to its queue and completes on the next start", { timeout: 420_000 }, async () => {
    const { url, db } = database();
    const dataDir = mkdtempSync(path.join(tmpdir(), "songloom-lifecycle-pg-"));
    // pg-boss in this process only to enqueue; the server works the queues.
    await startBoss(database().connection);
    const user = await createUser(db);
    const {
      songs: [song],
    } = await createSongs(user, { style: "wd_lofi", filter: "morning_sun", songs: 1, advanced: 1 });

    const first = await startServer({ DATABASE_URL: url, DATA_DIR: dataDir });
    await answers(first);
    await waitFor(async () => (await findSong(song.id))?.status === "recording_instrumental", {
      what: "the render to start",
      timeoutMs: 180_000,
      intervalMs: 100,
    });
    first.child.kill("SIGTERM");
    // The server gives itself SHUTDOWN_TIMEOUT_MS and exits either way; the margin is for a busy machine.
    const exit = await exitWithin(first.child, SHUTDOWN_TIMEOUT_MS + 4000);
    expect(exit, first.output()).not.toBe("hung");
    console.info(`shutdown during a render: ${/shutdown: done in \d+ ms/.exec(first.output())?.[0]}, exit ${JSON.stringify(exit)}`);
    expect(first.output()).toContain("SIGTERM: shutting down");
    expect(first.output()).toMatch(/shutdown: done in \d+ ms/);
    expect((await findSong(song.id))?.status).toBe("recording_instrumental");

    // pg-boss failed the unfinished job on the way out, which queues it for a retry.
    const jobs = await rawRows<{ state: string }>(
      db,
      sql`select state from pgboss.job where name = 'song.render' and data->>'songId' = ${song.id}`,
    );
    expect(jobs).toEqual([{ state: "retry" }]);

    const second = await startServer({ DATABASE_URL: url, DATA_DIR: dataDir });
    await answers(second);
    await waitFor(async () => (await findSong(song.id))?.status === "complete", {
      what: "the retried render to complete",
      timeoutMs: 300_000,
      intervalMs: 500,
    });
    second.child.kill("SIGTERM");
    expect(await exitWithin(second.child, SHUTDOWN_TIMEOUT_MS + 10_000)).toEqual({ code: 0, signal: null });
    rmSync(dataDir, { recursive: true, force: true });
  });
});
