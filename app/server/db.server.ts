// The database handle every model, service and job uses.
//
// Two drivers, one schema and one SQL dialect (docs/decisions/001-embedded-database.md):
// - DATABASE_URL set: a real PostgreSQL server through postgres.js.
// - DATABASE_URL unset: embedded PGlite (Postgres compiled to WASM) in this process, data under
//   `${DATA_DIR}/pglite`. Only one process may open a PGlite data directory (a lock file keeps a second
//   one out: data-dir-lock.server.ts), so a standalone worker (`npm run worker`) needs DATABASE_URL.
//
// `db` is created on first use rather than on import, so importing a model never opens a database, and
// tests can point `db` at their own fresh database with `useConnection()` before anything touches it.
import { AsyncLocalStorage } from "node:async_hooks";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations, SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "../../drizzle/schema/index";
import { lockDataDir } from "./data-dir-lock.server";
import { env } from "./env.server";

export type Schema = typeof schema;

/**
 * The drizzle database, whichever driver is behind it. Both drivers' databases are this type.
 * Use the query builder; for raw SQL use `rawRows()`, because `db.execute()` results differ by driver.
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** The `tx` of `db.transaction(async (tx) => ...)`; models that can join a caller's transaction take `Db | Tx`. */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type DbConnection =
  | { kind: "pglite"; db: Db; pglite: PGlite; close(): Promise<void> }
  | { kind: "postgres"; db: Db; sql: postgres.Sql; url: string; close(): Promise<void> };

export interface ConnectOptions {
  /** A postgres:// URL; when absent the connection is embedded PGlite. */
  url?: string;
  /** PGlite only: where the data lives. Absent means in memory (tests). */
  dataDir?: string;
  /** postgres.js pool size. */
  maxConnections?: number;
}

/** Opens a new connection. The app uses the `db` singleton; tests and the migrate CLI open their own. */
export function connect(options: ConnectOptions): DbConnection {
  if (options.url) {
    const sql = postgres(options.url, {
      max: options.maxConnections ?? 10,
      // Migrations re-run `CREATE SCHEMA IF NOT EXISTS`; their NOTICEs are noise in the server log.
      onnotice: () => {},
    });
    const db: Db = drizzlePostgres(sql, { schema });
    return { kind: "postgres", db, sql, url: options.url, close: () => sql.end({ timeout: 5 }) };
  }
  let unlock = () => {};
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    // Before PGlite touches the files: a second process on the directory would corrupt it.
    unlock = lockDataDir(options.dataDir);
  }
  const pglite = new PGlite(options.dataDir);
  const db: Db = drizzlePglite(pglite, { schema });
  return {
    kind: "pglite",
    db,
    pglite,
    close: async () => {
      try {
        if (!pglite.closed) await pglite.close();
      } finally {
        unlock();
      }
    },
  };
}

// Remix dev rebuilds re-evaluate this module; keeping the connection on globalThis stops every rebuild
// from opening another pool (or, for PGlite, failing to open a data directory it already holds).
const globalStore = globalThis as typeof globalThis & { __songloomDb?: DbConnection };

/** The connection the process uses, opened from the environment on first call. */
export function getConnection(): DbConnection {
  globalStore.__songloomDb ??= connect(
    env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: path.join(env.DATA_DIR, "pglite") },
  );
  return globalStore.__songloomDb;
}

/** Makes `db` use an already-open connection (tests, or a process that opened its own). */
export function useConnection(connection: DbConnection): void {
  globalStore.__songloomDb = connection;
}

/** The embedded PGlite instance, for pg-boss's PGlite adapter; undefined when running on a server. */
export function getPglite(): PGlite | undefined {
  const connection = getConnection();
  return connection.kind === "pglite" ? connection.pglite : undefined;
}

/** Closes the process's connection; the next use of `db` would open a new one. */
export async function closeDb(): Promise<void> {
  const connection = globalStore.__songloomDb;
  globalStore.__songloomDb = undefined;
  await connection?.close();
}

/** Runs raw SQL and returns its rows, whichever driver answers (PGlite wraps them in `{ rows }`). */
export async function rawRows<Row extends Record<string, unknown>>(database: Db | Tx, query: SQL): Promise<Row[]> {
  const result: unknown = await database.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
}

/**
 * Runs one parameterised statement on the driver itself, prepared once per connection, outside any
 * transaction. For the few reads every signed-in page view makes (the session, the page version): drizzle's
 * query building and result mapping cost some 100 µs of CPU per call there, three times the driver's own
 * work, on the path that serves cached pages. Everything else uses `db`.
 */
export async function driverRows<Row extends Record<string, unknown>>(what: string, text: string, params: (string | number | boolean | null)[]): Promise<Row[]> {
  assertNoOpenTransaction(what);
  const connection = getConnection();
  if (connection.kind === "postgres") return (await connection.sql.unsafe(text, params, { prepare: true })) as unknown as Row[];
  return (await connection.pglite.query<Row>(text, params)).rows;
}

/**
 * The outer-handle guard (issue 16, finding 1). Inside `db.transaction(async (tx) => ...)` only `tx` may
 * be used: on embedded PGlite (one connection) a query through the outer `db` waits for the transaction,
 * which waits for that query, and the whole process stops answering; on a server it silently runs outside
 * the transaction. With the guard on, touching `db` (or `assertNoOpenTransaction`) while a transaction
 * opened through `db` is running in the same async context throws at once, naming the mistake.
 * On: SONGLOOM_TX_GUARD=1 (the integration suite), and always on PGlite, where the alternative is a
 * frozen process; SONGLOOM_TX_GUARD=0 turns it off.
 */
const openTransaction = new AsyncLocalStorage<{ open: boolean }>();

function guardOn(connection: DbConnection): boolean {
  const setting = process.env.SONGLOOM_TX_GUARD;
  return setting === "1" || (setting !== "0" && connection.kind === "pglite");
}

/** Throws when called inside a transaction opened through `db` (for code that reaches the connection directly). */
export function assertNoOpenTransaction(what: string): void {
  if (!openTransaction.getStore()?.open) return;
  if (!guardOn(getConnection())) return;
  throw new Error(
    `${what} used the outer database handle inside a transaction opened through db: use the transaction's tx ` +
      "(on embedded PGlite the outer handle waits for the transaction forever).",
  );
}

// A stand-in that forwards to the current connection's drizzle instance, so `import { db }` works
// everywhere without opening anything at import time. Its `transaction` marks the callback's async
// context as inside a transaction, for the guard above.
export const db: Db = new Proxy({} as Db, {
  get(_target, property) {
    assertNoOpenTransaction(`db.${String(property)}`);
    const target = getConnection().db;
    if (property === "transaction") {
      const transaction: Db["transaction"] = (run, config) =>
        target.transaction((tx) => {
          const scope = { open: true };
          // Work the callback leaves behind (timers, fire-and-forget) may use `db` once it has finished.
          return openTransaction.run(scope, () => run(tx)).finally(() => {
            scope.open = false;
          });
        }, config);
      return transaction;
    }
    const value = Reflect.get(target, property, target);
    return typeof value === "function" ? value.bind(target) : value;
  },
});
