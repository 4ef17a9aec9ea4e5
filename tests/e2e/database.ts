// The database the e2e web server runs on. Tests insert their own users and sessions into it directly
// (tests/e2e/support/auth.ts connects to E2E_DATABASE_URL). It is recreated empty before the server starts;
// the server then migrates and seeds it, as in production.
import postgres from "postgres";

function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

const SERVER_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export const E2E_DATABASE_URL = process.env.E2E_DATABASE_URL ?? withDatabase(SERVER_URL, "songloom_e2e");

/** Drops and creates the e2e database; run by the web server command before `node server.mjs`. */
export async function recreateE2eDatabase(): Promise<void> {
  // Through the server's maintenance database: the web server command runs with DATABASE_URL already
  // pointing at the e2e database, which may not exist yet.
  const admin = postgres(withDatabase(E2E_DATABASE_URL, "postgres"), { max: 1, onnotice: () => {} });
  try {
    const name = new URL(E2E_DATABASE_URL).pathname.slice(1);
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end();
  }
}
