// Auth helpers for Playwright: tests insert their own users and sessions straight into the database the
// web server uses (Epic Stack style) and hand the browser a signed session cookie, instead of clicking
// through sign-in for every test. Emails are read back from the server's outbox directory.
import type { BrowserContext } from "@playwright/test";
import { connect, type DbConnection } from "~/server/db.server";
import { createSession, createUser, type UserOptions } from "../../support/auth";

/** The database the e2e web server runs on (playwright.config.ts passes it to both). */
export function e2eDatabaseUrl(): string {
  const url = process.env.E2E_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url) throw new Error("Set E2E_DATABASE_URL (or DATABASE_URL) to the e2e web server's database");
  return url;
}

let connection: DbConnection | undefined;
export function e2eDb() {
  connection ??= connect({ url: e2eDatabaseUrl(), maxConnections: 2 });
  return connection.db;
}

export async function closeE2eDb(): Promise<void> {
  await connection?.close();
  connection = undefined;
}

/**
 * A user plus a signed-in session, as a Cookie header. These users have accepted the terms unless told
 * otherwise, so the terms test switching enforcement on cannot put a dialog in front of other tests.
 * Admins' sessions have passed the staff second factor unless `session.secondFactor` is false.
 */
export async function signedInUser(options: UserOptions = {}, session: { secondFactor?: boolean } = {}) {
  const db = e2eDb();
  const user = await createUser(db, { termsAccepted: true, ...options });
  const { cookie } = await createSession(db, user.id, session);
  return { user, cookie };
}

/** Puts a Cookie header's cookies into a browser context for baseURL. */
export async function useCookies(context: BrowserContext, cookie: string, baseURL: string): Promise<void> {
  await context.addCookies(
    cookie.split("; ").map((pair) => {
      const index = pair.indexOf("=");
      return { name: pair.slice(0, index), value: pair.slice(index + 1), url: baseURL };
    }),
  );
}
