// Songloom in its production shape for benchmarks (docs/deploy.md): web processes (`node server.mjs`, the
// current build) and `npm run worker` processes on a fresh PostgreSQL database, media in an s3rver bucket
// (a TEST STAND-IN for an S3-compatible store), or a single web process that also works the queues (the
// one-machine default, `inProcessWorker`). The caller's process is the client; it signs users in by
// writing sessions to the database.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";

process.env.SESSION_SECRET = "bench-cluster-session-secret";
process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "songloom-bench-cluster-"));

const SERVER = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const root = path.resolve(import.meta.dirname, "../..");
export const METRICS_TOKEN = "bench-metrics-token";
/**
 * The allocator settings `npm start`, `npm run worker` and the Docker image run with (docs/performance.md);
 * BENCH_DEFAULT_MALLOC=1 measures without them.
 */
export const MEMORY_TUNABLES = "glibc.malloc.mmap_threshold=131072:glibc.malloc.arena_max=2";

export interface ClusterProcess {
  name: string;
  child: ChildProcess;
  /** VmRSS in MB (threads included), or null when the process is gone. */
  rssMb(): number | null;
}

export interface ClusterOptions {
  webs: number;
  workers: number;
  /** One web process with the in-process worker instead (WORKER_IN_PROCESS=true, local disk media). */
  inProcessWorker?: boolean;
  /** RENDER_EXCERPT_SECONDS for the processes that render; unset renders whole songs. */
  excerptSeconds?: number;
  env?: Record<string, string>;
}

export interface Cluster {
  bases: string[];
  webs: ClusterProcess[];
  workers: ClusterProcess[];
  databaseUrl: string;
  db: import("../../app/server/db.server").Db;
  /** A verified user who has accepted the terms, and the Cookie header of a session. */
  signedInUser(): Promise<{ id: string; cookie: string }>;
  startWorker(): Promise<ClusterProcess>;
  stopWorker(worker: ClusterProcess): Promise<void>;
  stop(): Promise<void>;
}

export function rssMbOf(pid: number | undefined): number | null {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

async function waitUntil(check: () => Promise<boolean>, what: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (child.exitCode !== null) throw new Error(`${what} exited (code ${child.exitCode}) before it was ready`);
    if (Date.now() > deadline) throw new Error(`${what} did not come up`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const answers = (url: string) => fetch(url).then((response) => response.ok, () => false);

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const { connect, closeDb, useConnection } = await import("../../app/server/db.server");
  const { migrate } = await import("../../drizzle/migrate");
  const { seed } = await import("../../drizzle/seed");
  const { createSession, createUser } = await import("../../tests/support/auth");
  const { startS3StandIn } = await import("../../tests/support/s3-standin");

  const name = `songloom_bench_cluster_${process.pid}`;
  const admin = postgres(SERVER, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(SERVER);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const connection = connect({ url: databaseUrl, maxConnections: 4 });
  useConnection(connection);
  await migrate(connection);
  await seed(connection.db);
  const bucket = options.inProcessWorker ? null : await startS3StandIn("songloom-bench");

  const processes: ClusterProcess[] = [];
  const stopProcess = async (running: ClusterProcess) => {
    if (running.child.exitCode !== null || running.child.signalCode !== null) return;
    const exited = new Promise((resolve) => running.child.once("exit", resolve));
    running.child.kill("SIGTERM");
    const force = setTimeout(() => running.child.kill("SIGKILL"), 15_000);
    await exited;
    clearTimeout(force);
  };
  const stopAll = async () => {
    await Promise.all(processes.map(stopProcess));
    await closeDb();
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
    await bucket?.stop();
  };
  const common = (renders: boolean): Record<string, string> => ({
    ...(process.env as Record<string, string>),
    ...(bucket?.env ?? {}),
    DATABASE_URL: databaseUrl,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "songloom-bench-process-")),
    METRICS_TOKEN,
    // Many simulated users arrive from one address: the per-address throttles would refuse them.
    RATE_LIMIT_FACTOR: "1000",
    LOG_LEVEL: "warn",
    ...(process.env.BENCH_DEFAULT_MALLOC ? {} : { GLIBC_TUNABLES: MEMORY_TUNABLES }),
    ...(options.excerptSeconds && renders ? { RENDER_EXCERPT_SECONDS: String(options.excerptSeconds) } : {}),
    ...(options.env ?? {}),
  });
  const launch = (label: string, args: string[], env: Record<string, string>): ClusterProcess => {
    const child: ChildProcess = spawn(process.execPath, args, { cwd: root, env: env as NodeJS.ProcessEnv, stdio: ["ignore", "ignore", "inherit"] });
    const running = { name: label, child, rssMb: () => rssMbOf(child.pid) };
    processes.push(running);
    return running;
  };

  const bases: string[] = [];
  const webs: ClusterProcess[] = [];
  const workers: ClusterProcess[] = [];
  const webCount = options.inProcessWorker ? 1 : options.webs;
  const startWebs = async () => {
    for (let i = 0; i < webCount; i++) {
      const port = 3300 + Math.floor(Math.random() * 2000);
      const base = `http://127.0.0.1:${port}`;
      // The excerpt is for tests and benchmarks only: those processes run in the "test" mode, which allows it.
      const mode = options.excerptSeconds && options.inProcessWorker ? "test" : "production";
      const web = launch(`web-${i + 1}`, ["server.mjs"], { ...common(Boolean(options.inProcessWorker)), PORT: String(port), NODE_ENV: mode, APP_URL: base, WORKER_IN_PROCESS: options.inProcessWorker ? "true" : "false", TRUST_PROXY: "false" });
      await waitUntil(() => answers(`${base}/readyz`), web.name, web.child);
      bases.push(base);
      webs.push(web);
    }
  };
  const startWorker = async (): Promise<ClusterProcess> => {
    const port = 9000 + Math.floor(Math.random() * 2000);
    // tsx as a loader in this process, so the signals and the RSS read here are the rendering process's.
    // APP_URL (required in production): the links in the emails a worker sends point at the web processes.
    const worker = launch(`worker-${workers.length + 1}`, ["--import", "tsx", "jobs/worker.ts"], { ...common(true), NODE_ENV: options.excerptSeconds ? "test" : "production", METRICS_PORT: String(port), ...(bases[0] ? { APP_URL: bases[0] } : {}) });
    await waitUntil(() => answers(`http://127.0.0.1:${port}/readyz`), worker.name, worker.child);
    workers.push(worker);
    return worker;
  };
  // A process that fails to come up stops the ones already started, and the run's database and bucket.
  try {
    await startWebs();
    if (!options.inProcessWorker) for (let i = 0; i < options.workers; i++) await startWorker();
  } catch (error) {
    await stopAll();
    throw error;
  }

  return {
    bases,
    webs,
    workers,
    databaseUrl,
    db: connection.db,
    async signedInUser() {
      const user = await createUser(connection.db, { termsAccepted: true });
      return { id: user.id, cookie: (await createSession(connection.db, user.id)).cookie };
    },
    startWorker,
    async stopWorker(worker) {
      await stopProcess(worker);
      workers.splice(workers.indexOf(worker), 1);
    },
    stop: stopAll,
  };
}

/** The machine, for the printed figures: the cores and the load others put on them. */
export function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model ?? "CPU"}, ${Math.round(os.totalmem() / 1024 ** 3)} GB RAM, load average ${os.loadavg().map((load) => load.toFixed(2)).join(" ")} at the start`;
}

export function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
