// Start-up and shut-down of everything the web process owns besides HTTP:
// the database (migrated and seeded on boot) and the pg-boss queue with its in-process worker.
import { migrate, withMigrationLock } from "../../drizzle/migrate";
import { seed } from "../../drizzle/seed";
import { startBoss, stopBoss } from "../../jobs/boss";
import { registerWorkers } from "../../jobs/worker";
import { closeDb, getConnection } from "./db.server";
import { env } from "./env.server";
import { prepareDummyHash } from "./password.server";

export async function boot(): Promise<void> {
  const connection = getConnection();
  await withMigrationLock(connection, async () => {
    await migrate(connection);
    await seed(connection.db);
  });
  // Sign-in compares unknown emails against this hash, so it must not cost extra on first use.
  await prepareDummyHash();
  const boss = await startBoss(connection);
  if (env.WORKER_IN_PROCESS) await registerWorkers(boss);
}

/** Lets active jobs finish (bounded by STOP_TIMEOUT_MS), then closes the database. */
export async function shutdown(): Promise<void> {
  await stopBoss();
  await closeDb();
}
