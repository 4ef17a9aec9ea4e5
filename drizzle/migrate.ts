// Applies the committed SQL migrations in drizzle/migrations. Called by boot (lifecycle.server.ts), by the
// test helpers, and as a CLI: `npm run db:migrate` (DATABASE_URL, or the embedded database in DATA_DIR).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import { closeDb, getConnection, type DbConnection } from "../app/server/db.server";

// Resolved from this module's URL because the module runs from two places: drizzle/migrate.ts (tsx, tests)
// and bundled into build/index.js (the server). Both sit one folder below the project root.
// server.mjs names the folder, because its bundle may be built to another folder (SONGLOOM_BUILD_DIR).
export const MIGRATIONS_FOLDER = process.env.SONGLOOM_MIGRATIONS_DIR ?? fileURLToPath(new URL("../drizzle/migrations", import.meta.url));

// Any constant works as long as every Songloom process uses the same one.
const MIGRATION_LOCK_ID = 7_461_902;

/**
 * Runs `work` while holding a Postgres advisory lock, so several web or worker processes starting at once
 * migrate and seed one after another instead of racing. PGlite has one process by construction.
 */
export async function withMigrationLock<T>(connection: DbConnection, work: () => Promise<T>): Promise<T> {
  if (connection.kind === "pglite") return work();
  // The lock belongs to a session, so it is taken and released on one reserved connection.
  const reserved = await connection.sql.reserve();
  try {
    await reserved`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
    return await work();
  } finally {
    await reserved`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`;
    reserved.release();
  }
}

export async function migrate(connection: DbConnection, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  const config = { migrationsFolder };
  if (connection.kind === "pglite") {
    await migratePglite(drizzlePglite(connection.pglite), config);
  } else {
    await migratePostgres(drizzlePostgres(connection.sql), config);
  }
}

async function main(): Promise<void> {
  const connection = getConnection();
  try {
    await withMigrationLock(connection, () => migrate(connection));
    console.log(`Migrations applied (${connection.kind}) from ${path.relative(process.cwd(), MIGRATIONS_FOLDER)}`);
  } finally {
    await closeDb();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
