// The production shape without Docker (issue 24, docs/deploy.md): two web processes (the built server,
// WORKER_IN_PROCESS=false) and two `npm run worker` processes on one PostgreSQL database, media in an S3
// bucket (s3rver, a TEST STAND-IN started here), each process with a data directory of its own. Songs are
// created by several users at once through both web processes; each completes exactly once (one render
// job, completed once), a flag switched through one web process is seen by the other within its cache
// time, and a worker killed in the middle of a render leaves no song stuck.
// Renders are short excerpts (RENDER_EXCERPT_SECONDS) to keep CI time modest.
import "../support/http-env";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { rawRows } from "~/server/db.server";
import { FLAG_CACHE_MS } from "~/server/flags.server";
import { createSession, createUser } from "../support/auth";
import { setupTestDatabase } from "../support/database";
import { freePort } from "../support/ports";
import { startS3StandIn, type S3StandIn } from "../support/s3-standin";
import { waitFor } from "../support/wait";

const root = path.resolve(__dirname, "../..");
const BUILD_DIR = ".cache/builds/multi-process";
const METRICS_TOKEN = "multi-process-metrics-token";
const database = setupTestDatabase("postgres");

interface Running {
  name: string;
  child: ChildProcess;
  output: () => string;
}

let bucket: S3StandIn;
const processes: Running[] = [];
const webs: { base: string; process: Running }[] = [];
const workerPorts: number[] = [];
const workers: Running[] = [];

function start(name: string, args: string[], env: Record<string, string>): Running {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...bucket.env, DATABASE_URL: database().url!, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), `songloom-${name}-`)), METRICS_TOKEN, RATE_LIMIT_FACTOR: "1000", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  // Keep the tail only: enough to explain a failure.
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-200_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const running = { name, child, output: () => output };
  processes.push(running);
  return running;
}

async function startWeb(name: string): Promise<void> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const web = start(name, ["server.mjs"], { PORT: String(port), NODE_ENV: "production", APP_URL: base, WORKER_IN_PROCESS: "false", SONGLOOM_BUILD_DIR: BUILD_DIR, TRUST_PROXY: "false" });
  await waitFor(
    async () => {
      if (web.child.exitCode !== null) throw new Error(`${name} exited early:\n${web.output()}`);
      return (await fetch(`${base}/readyz`).catch(() => null))?.ok;
    },
    { what: name, timeoutMs: 90_000 },
  );
  webs.push({ base, process: web });
}

async function startWorker(name: string): Promise<Running> {
  const port = await freePort();
  // tsx as a loader in this very process (not tsx's CLI, which runs the worker in a child of its own):
  // the signals below must reach the process that renders.
  const worker = start(name, ["--import", "tsx", "jobs/worker.ts"], { NODE_ENV: "test", RENDER_EXCERPT_SECONDS: "6", METRICS_PORT: String(port) });
  await waitFor(
    async () => {
      if (worker.child.exitCode !== null) throw new Error(`${name} exited early:\n${worker.output()}`);
      return (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.ok;
    },
    { what: name, timeoutMs: 90_000 },
  );
  workerPorts.push(port);
  workers.push(worker);
  return worker;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
}

beforeAll(async () => {
  const build = spawnSync("npx", ["remix", "build"], { cwd: root, encoding: "utf8", env: { ...process.env, NODE_ENV: "production", SONGLOOM_BUILD_DIR: BUILD_DIR } });
  expect(build.status, build.stderr).toBe(0);
  bucket = await startS3StandIn("songloom-multi");
  // One at a time: the first migrates (under the migration lock) while the others would wait for it.
  await startWeb("web-a");
  await Promise.all([startWeb("web-b"), startWorker("worker-1"), startWorker("worker-2")]);
}, 300_000);

afterAll(async () => {
  for (const running of processes) {
    if (running.child.exitCode === null && running.child.signalCode === null) running.child.kill("SIGKILL");
    await exited(running.child);
  }
  await bucket?.stop();
});

async function user(options: { isAdmin?: boolean; roles?: "super_admin"[] } = {}) {
  const created = await createUser(database().db, { termsAccepted: true, ...options });
  return { id: created.id, cookie: (await createSession(database().db, created.id)).cookie };
}

function post(base: string, path: string, cookie: string, body: unknown = {}) {
  return fetch(`${base}${path}`, { method: "POST", headers: { "Content-Type": "application/json", Cookie: cookie }, body: JSON.stringify(body) });
}

async function createSong(base: string, cookie: string): Promise<string> {
  const response = await post(base, "/api/song", cookie, { style: "wd_lofi", filter: "morning_sun", songs: 1, advanced: 1 });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()).songs[0].id;
}

async function songStatus(base: string, cookie: string, songId: string): Promise<string> {
  const response = await fetch(`${base}/api/song/${songId}`, { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  return (await response.json()).song.status;
}

/** Every song.render job of the song: one row, completed (a retry reuses the row). */
async function renderJobs(songId: string) {
  return rawRows<{ state: string; retry_count: number }>(database().db, sql`select state::text as state, retry_count from pgboss.job where name = 'song.render' and data->>'songId' = ${songId}`);
}

async function metricsText(url: string): Promise<string> {
  const response = await fetch(url, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(response.status).toBe(200);
  return response.text();
}

function sumOf(text: string, pattern: RegExp): number {
  return [...text.matchAll(pattern)].reduce((sum, match) => sum + Number(match[1]), 0);
}

test("songs from several users, created through both web processes, each complete exactly once, with media in the bucket", { timeout: 300_000 }, async () => {
  const people = await Promise.all([user(), user(), user()]);
  // Two songs each, at once, alternating between the web processes.
  const requests = people.flatMap((person, i) => [0, 1].map((j) => ({ person, web: webs[(i + j) % 2] })));
  const created = await Promise.all(requests.map(async ({ person, web }) => ({ person, songId: await createSong(web.base, person.cookie) })));
  expect(new Set(created.map((song) => song.songId)).size).toBe(6);

  // Polled through the other web process than the one that created it.
  for (const [i, { person, songId }] of created.entries()) {
    const other = webs[(i + 1) % 2].base;
    await waitFor(async () => (await songStatus(other, person.cookie, songId)) === "complete", { what: `song ${songId} to complete`, timeoutMs: 240_000, intervalMs: 500 });
  }
  for (const { songId } of created) expect(await renderJobs(songId)).toEqual([{ state: "completed", retry_count: 0 }]);

  // The workers rendered six songs between them, no more: nothing ran twice.
  const texts = await Promise.all(workerPorts.map((port) => metricsText(`http://127.0.0.1:${port}/metrics`)));
  expect(sumOf(texts.join("\n"), /songloom_job_duration_seconds_count\{queue="song\.render",outcome="completed"\} (\d+)/g)).toBe(6);

  // Audio from the bucket through either web process, with ranges; no process has it on its disk.
  const { person, songId } = created[0];
  for (const { base } of webs) {
    const ranged = await fetch(`${base}/media/songs/${songId}/song.mp3`, { headers: { Cookie: person.cookie, Range: "bytes=0-1" } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-type")).toBe("audio/mpeg");
    expect(new Uint8Array(await ranged.arrayBuffer())).toHaveLength(2);
  }

  // Each web process logged its requests as JSON lines with ids, and counts them by route.
  const line = webs[0].process.output().split("\n").find((text) => text.includes('"route":"routes/api.song._index"'));
  expect(JSON.parse(line!)).toMatchObject({ level: "info", msg: "request", method: "POST", status: "201", reqId: expect.any(String) });
  expect(await metricsText(`${webs[1].base}/metrics`)).toMatch(/http_request_duration_seconds_count\{method="GET",route="routes\/api\.song\.\$id",status="2xx"\} [1-9]/);
});

/** A process's niceness, field 19 of /proc/<pid>/stat. */
function niceness(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ")[16]);
}

test("workers yield the CPU to the web processes: WORKER_NICE (10) for the workers, the web as started", () => {
  // The processes start with this test's niceness (0 unless the suite itself was started with `nice`).
  const started = os.getPriority();
  for (const worker of workers) {
    // The main thread; the render threads it starts afterwards inherit it (Linux keeps niceness per thread).
    expect(niceness(worker.child.pid!)).toBe(Math.max(started, 10));
  }
  for (const { process: web } of webs) expect(niceness(web.child.pid!)).toBe(started);
});

test("a flag switched through one web process is seen by the other within its cache time", { timeout: 60_000 }, async () => {
  const admin = await user({ isAdmin: true, roles: ["super_admin"] });
  const [a, b] = webs.map((web) => web.base);
  const flagsOn = async (base: string) => (await (await fetch(`${base}/api/feature_flags`)).json()).flags as string[];
  const initially = (await flagsOn(b)).includes("enable_syllable_count_ui");
  // b now holds the flags in its cache; the switch goes through a.
  const switched = await post(a, `/api/admin/feature_flags/enable_syllable_count_ui/${initially ? "disable" : "enable"}`, admin.cookie);
  expect(switched.status, await switched.clone().text()).toBe(200);
  await waitFor(async () => (await flagsOn(b)).includes("enable_syllable_count_ui") !== initially, { what: "web b to see the switch", timeoutMs: FLAG_CACHE_MS, intervalMs: 100 });
  const back = await post(a, `/api/admin/feature_flags/enable_syllable_count_ui/${initially ? "enable" : "disable"}`, admin.cookie);
  expect(back.status).toBe(200);
  await waitFor(async () => (await flagsOn(b)).includes("enable_syllable_count_ui") === initially, { what: "web b to see it switched back", timeoutMs: FLAG_CACHE_MS, intervalMs: 100 });
});

test("a worker killed in the middle of a render leaves no song stuck: the other worker finishes it", { timeout: 600_000 }, async () => {
  const person = await user();
  const [first, second] = workers;
  // Only the first worker takes jobs while the song starts, so it is the one holding the render.
  second.child.kill("SIGSTOP");
  let songId: string | undefined;
  try {
    // The render is frozen (SIGSTOP) the moment it is seen running, then killed; one that completed
    // between the look and the freeze is let go, and another song is tried.
    for (let attempt = 0; attempt < 5 && !songId; attempt++) {
      const candidate = await createSong(webs[attempt % 2].base, person.cookie);
      const seen = await waitFor(
        async () => {
          const status = await songStatus(webs[0].base, person.cookie, candidate);
          if (status === "recording_instrumental") first.child.kill("SIGSTOP");
          return ["recording_instrumental", "complete"].includes(status) && status;
        },
        { what: "the render to start", timeoutMs: 120_000, intervalMs: 20 },
      );
      if (seen === "recording_instrumental" && (await songStatus(webs[0].base, person.cookie, candidate)) === "recording_instrumental") {
        first.child.kill("SIGKILL");
        await exited(first.child);
        songId = candidate;
      } else {
        first.child.kill("SIGCONT");
      }
    }
  } finally {
    second.child.kill("SIGCONT");
  }
  expect(songId, "a render was caught in progress and its worker killed").toBeDefined();
  // pg-boss notices the missing heartbeat and retries the job on the second worker.
  await waitFor(async () => (await songStatus(webs[1].base, person.cookie, songId!)) === "complete", { what: "the killed render to be finished by the other worker", timeoutMs: 300_000, intervalMs: 1000 });
  const [job] = await renderJobs(songId!);
  expect(job.state).toBe("completed");
  expect(job.retry_count).toBeGreaterThanOrEqual(1);
  // Nothing anywhere is left waiting. A pool song the create topped up may have been rendering on the
  // killed worker's low-priority thread at the same time (ADR 028): it is retried too, after the pool
  // queue's longer retry delay.
  const stuck = async () => (await rawRows<{ stuck: number }>(database().db, sql`select count(*)::int as stuck from songs where status not in ('complete', 'failed')`))[0].stuck;
  await waitFor(async () => (await stuck()) === 0, { what: "every song, the pool's too, to finish", timeoutMs: 240_000, intervalMs: 1000 });
  expect(await stuck()).toBe(0);
});
