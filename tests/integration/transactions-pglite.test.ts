// Transactions on embedded PGlite. Issue 16, finding 1: POST /reset-password with an unknown or used token
// froze the embedded database for good (consumeToken read through the outer `db` inside its own transaction,
// and PGlite has one connection); the outer-handle guard now makes that mistake throw at once. Time-bounded,
// so a regression fails instead of hanging the suite.
import "../support/auth-env";
import { sql } from "drizzle-orm";
import * as resetPasswordRoute from "~/routes/reset-password";
import { users } from "#drizzle/schema/auth";
import { db, rawRows } from "~/server/db.server";
import { readiness } from "~/server/hardening/health.server";
import { createToken } from "~/server/tokens.server";
import { callRoute, createUser, post } from "../support/auth";
import { setupTestDatabase } from "../support/database";

const database = setupTestDatabase("pglite");

/** The promise's value, or a failure naming what did not answer within the bound (not a speed claim). */
async function within<T>(what: string, promise: Promise<T>, ms = 10_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms: the database is stuck`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function reset(token: string) {
  return callRoute(resetPasswordRoute.action, post("/reset-password", { token, password: "a-new-password", confirmPassword: "a-new-password" }));
}

describe("reset-password on embedded PGlite", () => {
  test("an unknown token is a 400 with the reason, and the database keeps answering", async () => {
    const response = await within("POST /reset-password", reset("no-such-token"));
    expect(response.status).toBe(400);
    expect((await response.json()).errors.form).toEqual(["This reset link is not valid. Ask for a new one."]);
    const [row] = await within("select 1 after the reset", rawRows<{ one: number }>(db, sql`select 1 as one`));
    expect(row.one).toBe(1);
  });

  test("a used token is a 400 saying it was used, and the database keeps answering", async () => {
    const user = await createUser(database().db);
    const token = await createToken(database().db, "reset_password", user.id);
    expect((await within("the first reset", reset(token))).status).toBe(302);

    const again = await within("the second reset", reset(token));
    expect(again.status).toBe(400);
    expect((await again.json()).errors.form).toEqual(["This reset link has already been used. Ask for a new one."]);
    const [row] = await within("select 1 after the reset", rawRows<{ one: number }>(db, sql`select 1 as one`));
    expect(row.one).toBe(1);
  });
});

describe("the outer-handle guard", () => {
  test("touching db inside a transaction opened through it throws a clear error instead of freezing PGlite", async () => {
    const attempt = db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).limit(1);
      await db.select({ id: users.id }).from(users).limit(1);
    });
    await expect(within("the guarded transaction", attempt)).rejects.toThrow(/db\.select used the outer database handle inside a transaction opened through db: use the transaction's tx/);
    const [row] = await within("select 1 after the refused transaction", rawRows<{ one: number }>(db, sql`select 1 as one`));
    expect(row.one).toBe(1);
  });

  test("tx inside the transaction, and db after it has finished, are allowed", async () => {
    const later: Promise<unknown>[] = [];
    const count = await within(
      "the transaction",
      db.transaction(async (tx) => {
        // Work scheduled from inside the transaction but run after it ends may use db.
        later.push(new Promise((resolve) => setTimeout(resolve, 50)).then(() => db.select({ id: users.id }).from(users)));
        return (await tx.select({ id: users.id }).from(users)).length;
      }),
    );
    expect(count).toBeGreaterThan(0);
    await within("work scheduled by the transaction", Promise.all(later));
  });
});

describe("/readyz's check", () => {
  test("a database held by a transaction that never ends is reported not ready within the deadline", async () => {
    expect(await within("the readiness check", readiness(2_000))).toBeNull();
    // Held through the connection itself (past the guard), as a stuck request would hold it.
    let release!: () => void;
    const held = database().connection.db.transaction(() => new Promise<void>((resolve) => (release = resolve)));
    const problem = await within("the readiness check on a stuck database", readiness(300));
    expect(problem).toBe("the database did not answer within 300 ms");
    release();
    await held;
    expect(await within("the readiness check once released", readiness(2_000))).toBeNull();
  });
});
