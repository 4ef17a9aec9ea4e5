// Working the queues. `registerWorkers` is what both the web process (WORKER_IN_PROCESS, the default) and
// `npm run worker` call; the standalone entry below adds scale-out workers on the same Postgres.
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PgBoss } from "pg-boss";
import { listenForCacheChanges } from "../app/server/cache-bus.server";
import { getConnection } from "../app/server/db.server";
import { env } from "../app/server/env.server";
import { healthChecks } from "../app/server/hardening/health.server";
import { jobDuration, logConsoleAsJson, metricsEndpoint, setLogRole } from "../app/server/observability";
import { shutdownWithDeadlines } from "../app/server/shutdown.server";
import { migrate, withMigrationLock } from "../drizzle/migrate";
import { startBoss } from "./boss";
import { handlers } from "./handlers/index";
import { queueNames, queues, type HandlerRegistry, type JobHandler, type JobPayloads, type QueueName } from "./queues";

export interface WorkerOptions {
  /** How often an idle worker asks for jobs; pg-boss's own default. Tests ask more often. */
  pollingIntervalSeconds?: number;
}

/** Starts working every declared queue that has a handler. Returns the queues now being worked. */
export async function registerWorkers(
  boss: PgBoss,
  registry: HandlerRegistry = handlers,
  { pollingIntervalSeconds = 2 }: WorkerOptions = {},
): Promise<QueueName[]> {
  const worked: QueueName[] = [];
  for (const name of queueNames) {
    // TypeScript cannot tie registry[name] to name's own payload inside the loop; the registry's type does.
    const handler = registry[name] as JobHandler<QueueName> | undefined;
    if (!handler) continue;
    const interval = Math.min(pollingIntervalSeconds, queues[name].pollingIntervalSeconds ?? pollingIntervalSeconds);
    // With NOTIFY active pg-boss would poll only every 30 s; retries and delayed jobs send no NOTIFY when
    // they become due, so the queue keeps its usual interval as well.
    const perUser = queues[name].perUserConcurrency;
    await boss.work<JobPayloads[QueueName]>(
      name,
      { localConcurrency: queues[name].concurrency, pollingIntervalSeconds: interval, notifyPollingIntervalSeconds: interval, ...(perUser !== undefined && { groupConcurrency: perUser }) },
      timed(name, handler),
    );
    worked.push(name);
  }
  return worked;
}

/** The handler, observed in songloom_job_duration_seconds (app/server/observability/metrics.server.ts). */
function timed<Q extends QueueName>(queue: Q, handler: JobHandler<Q>): JobHandler<Q> {
  return async (jobs) => {
    const stop = jobDuration.startTimer({ queue });
    try {
      const result = await handler(jobs);
      stop({ outcome: "completed" });
      return result;
    } catch (error) {
      stop({ outcome: "failed" });
      throw error;
    }
  };
}

/**
 * A worker has no web server; with METRICS_PORT it answers /healthz, /readyz and /metrics (with
 * METRICS_TOKEN) there, so an orchestrator and a scraper see it as they see the web processes.
 */
async function serveOperations(port: number): Promise<void> {
  const { default: express } = await import("express");
  const app = express();
  app.use(healthChecks);
  app.use(metricsEndpoint);
  await new Promise<void>((resolve) => app.listen(port, resolve));
  console.log(`Worker operations endpoints on port ${port}`);
}

async function main(): Promise<void> {
  logConsoleAsJson();
  setLogRole("worker");
  if (!env.DATABASE_URL) {
    // PGlite lives inside the web process and only one process may open it.
    console.error("npm run worker needs DATABASE_URL: without it the web process works the queues itself.");
    process.exit(1);
  }
  // Before any thread starts (the engine's render threads inherit it): renders yield to page requests.
  // Only ever lowered: a worker started with a higher niceness keeps it.
  if (env.WORKER_NICE > os.getPriority()) {
    try {
      os.setPriority(env.WORKER_NICE);
    } catch (error) {
      console.warn(`Could not lower the worker's priority: ${(error as Error).message}`);
    }
  }
  const connection = getConnection();
  // Harmless when the web process has already migrated; needed when a worker starts first.
  await withMigrationLock(connection, () => migrate(connection));
  await listenForCacheChanges();
  const boss = await startBoss(connection);
  const worked = await registerWorkers(boss);
  console.log(`Worker working: ${worked.join(", ")}`);
  if (env.METRICS_PORT) await serveOperations(env.METRICS_PORT);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing active jobs`);
    // Each step within its deadline: unfinished jobs go back to their queue (app/server/shutdown.server.ts).
    process.exit((await shutdownWithDeadlines()) ? 0 : 1);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
