// A fresh, migrated and seeded database per test file, on either backend:
// - "postgres": a uniquely named database on the server in DATABASE_URL (default: the local test server),
//   dropped afterwards;
// - "pglite": an in-memory PGlite instance.
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { closeDb, connect, useConnection, type Db, type DbConnection } from "~/server/db.server";
import { migrate } from "#drizzle/migrate";
import { seed } from "#drizzle/seed";

export type Backend = DbConnection["kind"];
export const backends: Backend[] = ["pglite", "postgres"];

/** The server test databases are created on; only its host, port and credentials are used. */
export const TEST_SERVER_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export interface TestDatabase {
  backend: Backend;
  connection: DbConnection;
  db: Db;
  /** postgres only: the URL of the database created for this test file. */
  url?: string;
  destroy(): Promise<void>;
}

export interface TestDatabaseOptions {
  migrate?: boolean;
  seed?: boolean;
}

/** A postgres:// URL naming another database on the same server. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Creates `songloom_<prefix>_<random>` on the test server and returns its URL and a drop function. */
export async function createPostgresDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `songloom_${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = postgres(TEST_SERVER_URL, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  return {
    url: databaseUrl(TEST_SERVER_URL, name),
    async drop() {
      const dropper = postgres(TEST_SERVER_URL, { max: 1, onnotice: () => {} });
      try {
        // FORCE: a test that failed half-way may have left a connection open.
        await dropper.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

export async function createTestDatabase(backend: Backend, options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const { migrate: shouldMigrate = true, seed: shouldSeed = shouldMigrate } = options;
  let connection: DbConnection;
  let drop = async () => {};
  let url: string | undefined;
  if (backend === "postgres") {
    const database = await createPostgresDatabase("t");
    url = database.url;
    drop = database.drop;
    connection = connect({ url, maxConnections: 4 });
  } else {
    connection = connect({});
  }
  if (shouldMigrate) await migrate(connection);
  if (shouldSeed) await seed(connection.db);
  return {
    backend,
    connection,
    db: connection.db,
    url,
    async destroy() {
      await connection.close();
      await drop();
    },
  };
}

/**
 * For a test file whose code under test imports `db`: creates the database before the file's tests,
 * routes `db` to it, and removes it afterwards. Call at the top level of the file or of a describe block.
 */
export function setupTestDatabase(backend: Backend = "postgres", options?: TestDatabaseOptions): () => TestDatabase {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(backend, options);
    useConnection(database.connection);
  });
  afterAll(async () => {
    await closeDb();
    await database?.destroy();
  });
  return () => {
    if (!database) throw new Error("The test database is created in beforeAll; use it inside a test or hook");
    return database;
  };
}
