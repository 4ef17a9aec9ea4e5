// The pg-boss instance: created on the same database as the app, its queues created from jobs/queues.ts,
// its timetable registered, and stopped gracefully. One instance per process, kept on globalThis so dev
// rebuilds reuse it.
import { PgBoss, fromPglite, type ConstructorOptions } from "pg-boss";
import type { DbConnection } from "../app/server/db.server";
import {
  DEAD_LETTER_RETENTION_SECONDS,
  deadLetterQueue,
  queueNames,
  queues,
  type QueueSettings,
} from "./queues";

/**
 * Active jobs get this long to finish on shutdown; then pg-boss fails them and they are retried later.
 * The web process passes its own share of SHUTDOWN_TIMEOUT_MS (app/server/shutdown.server.ts).
 */
export const STOP_TIMEOUT_MS = 4_000;

export function createBoss(connection: DbConnection, options: ConstructorOptions = {}): PgBoss {
  // LISTEN/NOTIFY: creating a job on a queue declared with `notify` wakes its workers at once instead of at
  // their next poll (up to 2 s later), for the jobs a user waits on. Works on both backends (PGlite
  // delivers its own NOTIFYs in-process); if the listener cannot be set up, pg-boss warns and polls.
  const common = { ...options, useListenNotify: true };
  const boss =
    connection.kind === "pglite"
      ? // Same single PGlite connection as drizzle: pg-boss and the app share the embedded database.
        new PgBoss({ ...common, db: fromPglite(connection.pglite), backend: "pglite" })
      : // Its own small pool: workers' polling must not queue behind web requests for a connection.
        new PgBoss({ ...common, connectionString: connection.url, max: 4, application_name: "songloom-jobs" });
  // pg-boss reports failures of its own maintenance and polling here; unhandled, they would crash the process.
  boss.on("error", (error) => console.error("pg-boss:", error));
  boss.on("warning", (warning) => console.warn("pg-boss:", warning.message));
  return boss;
}

/**
 * Creates the declared queues and their dead-letter queues, and brings existing queues' retry and expiry
 * settings up to date (createQueue leaves an existing queue as it was). pg-boss cannot change an existing
 * queue's policy, heartbeat or retryDelayMax: changing those means deleting and recreating the queue.
 */
export async function ensureQueues(
  boss: PgBoss,
  declarations: Record<string, QueueSettings> = queues,
): Promise<void> {
  for (const [name, declaration] of Object.entries(declarations)) {
    const deadLetter = deadLetterQueue(name);
    await boss.createQueue(deadLetter, {
      retentionSeconds: DEAD_LETTER_RETENTION_SECONDS,
      deleteAfterSeconds: DEAD_LETTER_RETENTION_SECONDS,
      retryLimit: 0,
    });
    const options = {
      retryLimit: declaration.retryLimit,
      retryDelay: declaration.retryDelay,
      retryBackoff: declaration.retryBackoff,
      expireInSeconds: declaration.expireInSeconds,
      deadLetter,
      notify: declaration.notify ?? false,
    };
    // pg-boss rejects these two when present but undefined, so they are only added when declared.
    await boss.createQueue(name, {
      ...options,
      policy: declaration.policy,
      ...(declaration.retryDelayMax !== undefined && { retryDelayMax: declaration.retryDelayMax }),
      ...(declaration.heartbeatSeconds !== undefined && { heartbeatSeconds: declaration.heartbeatSeconds }),
    });
    await boss.updateQueue(name, options);
  }
}

/** Registers the cron timetable; `schedule` replaces an existing entry, so this is safe on every boot. */
export async function ensureSchedules(boss: PgBoss): Promise<void> {
  for (const name of queueNames) {
    const cron = queues[name].cron;
    if (cron) await boss.schedule(name, cron, {}, { tz: "UTC" });
  }
}

const globalStore = globalThis as typeof globalThis & { __songloomBoss?: PgBoss };

/** Starts the process's pg-boss on `connection` and makes it the one `getBoss()` returns. */
export async function startBoss(connection: DbConnection): Promise<PgBoss> {
  if (globalStore.__songloomBoss) return globalStore.__songloomBoss;
  await setUpQueues(connection);
  const boss = createBoss(connection);
  await boss.start();
  globalStore.__songloomBoss = boss;
  return boss;
}

/**
 * Installs pg-boss's schema, the queues and the timetable through a short-lived instance. The working
 * instance then starts with every queue in its cache. That matters on PGlite: creating a queue evicts it
 * from the cache, and a cache miss inside a transactional `enqueue` would query outside the transaction,
 * waiting forever for the single connection the transaction holds.
 */
async function setUpQueues(connection: DbConnection): Promise<void> {
  const setup = createBoss(connection, { supervise: false, schedule: false });
  await setup.start();
  try {
    await ensureQueues(setup);
    await ensureSchedules(setup);
  } finally {
    await setup.stop({ graceful: false });
  }
}

/** Whether this process has started pg-boss (readiness checks the queues only where they are used). */
export function bossStarted(): boolean {
  return globalStore.__songloomBoss !== undefined;
}

export function getBoss(): PgBoss {
  const boss = globalStore.__songloomBoss;
  if (!boss) throw new Error("pg-boss is not started: boot() (or the worker) starts it");
  return boss;
}

/**
 * Stops taking new jobs, lets active ones finish (up to `timeoutMs`), then fails those still running, which
 * returns them to their queue for a retry, and closes pg-boss's pool.
 */
export async function stopBoss(timeoutMs = STOP_TIMEOUT_MS): Promise<void> {
  const boss = globalStore.__songloomBoss;
  globalStore.__songloomBoss = undefined;
  await boss?.stop({ graceful: true, timeout: timeoutMs });
}
