// Throttles (issue 16, finding 4): the counters on both backends and across connections, the sweep, and
// every throttled form: sign-in, sign-up, forgot-password, reset-password and the verification resend
// answer 429 with Retry-After and the form's message once their limit is used up.
import "../support/auth-env";
import { sql } from "drizzle-orm";
import { rateLimitCounters } from "#drizzle/schema/security";
import { connect, rawRows } from "~/server/db.server";
import { deleteExpiredRateLimitCounters, describeWait, hitRateLimits, RATE_LIMITS, type RateLimit } from "~/server/rate-limit.server";
import * as forgotPasswordRoute from "~/routes/forgot-password";
import * as resetPasswordRoute from "~/routes/reset-password";
import * as signInRoute from "~/routes/sign-in";
import * as signUpRoute from "~/routes/sign-up";
import * as verifyRoute from "~/routes/verify";
import { callRoute, createSession, createUser, post, readOutbox, uniqueEmail } from "../support/auth";
import { backends, createTestDatabase, setupTestDatabase, type TestDatabase } from "../support/database";

const small: RateLimit = { name: "test:small", max: 3, windowSeconds: 600, message: "Slow down." };

describe.each(backends)("the counters on %s", (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(backend, { seed: false });
  });
  afterAll(async () => {
    await database.destroy();
  });

  test("allow `max` hits per subject and window, then refuse with the time left, per subject", async () => {
    const subject = uniqueEmail("counter");
    for (let i = 0; i < small.max; i += 1) expect(await hitRateLimits(database.db, [[small, subject]])).toBeNull();
    const refused = await hitRateLimits(database.db, [[small, subject.toUpperCase()]]);
    expect(refused?.limit).toBe(small);
    expect(refused?.retryAfterSeconds).toBeGreaterThan(590);
    expect(refused?.retryAfterSeconds).toBeLessThanOrEqual(600);
    expect(refused?.headers).toEqual({ "Retry-After": String(refused?.retryAfterSeconds) });
    expect(refused?.message).toBe("Slow down. Try again in 10 minutes.");
    // Another subject has its own counter; a missing subject (no client address) is not counted.
    expect(await hitRateLimits(database.db, [[small, uniqueEmail("other")], [small, null]])).toBeNull();
  });

  test("store no email address in clear", async () => {
    const subject = uniqueEmail("private");
    await hitRateLimits(database.db, [[small, subject]]);
    const rows = await database.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters);
    expect(rows.map((row) => row.key).join("\n")).not.toContain(subject);
    expect(rows.every((row) => row.key.startsWith("test:small:"))).toBe(true);
  });

  test("start a new window once the last one has ended, and the sweep deletes only ended windows", async () => {
    const subject = uniqueEmail("window");
    for (let i = 0; i <= small.max; i += 1) await hitRateLimits(database.db, [[small, subject]]);
    expect(await hitRateLimits(database.db, [[small, subject]])).not.toBeNull();
    const live = uniqueEmail("live");
    await hitRateLimits(database.db, [[small, live]]);
    // End every window but the live subject's, as if ten minutes had passed for them.
    const [liveRow] = await rawRows<{ key: string }>(
      database.db,
      sql`select key from ${rateLimitCounters} order by window_ends_at desc limit 1`,
    );
    await database.db.execute(sql`update ${rateLimitCounters} set window_ends_at = now() - interval '1 second' where key <> ${liveRow.key}`);

    expect(await hitRateLimits(database.db, [[small, subject]])).toBeNull();
    const swept = await deleteExpiredRateLimitCounters(database.db);
    expect(swept).toBeGreaterThan(0);
    const left = await database.db.select({ key: rateLimitCounters.key, hits: rateLimitCounters.hits }).from(rateLimitCounters);
    // The live subject and the subject whose new window just began are kept.
    expect(left).toHaveLength(2);
    expect(left.map((row) => row.hits).sort()).toEqual([1, 1]);
  });

  test("count every pair even when an earlier one is over, and answer the refusal that ends last", async () => {
    const long: RateLimit = { name: "test:long", max: 1, windowSeconds: 3600, message: "Long." };
    const subject = uniqueEmail("pairs");
    await hitRateLimits(database.db, [[small, subject], [long, subject]]);
    for (let i = 0; i < small.max; i += 1) await hitRateLimits(database.db, [[small, subject]]);
    const refused = await hitRateLimits(database.db, [[small, subject], [long, subject]]);
    expect(refused?.limit).toBe(long);
    expect(refused?.retryAfterSeconds).toBeGreaterThan(3500);
  });
});

test("hits through two connections (two web processes) add up on one PostgreSQL database", async () => {
  const database = await createTestDatabase("postgres", { seed: false });
  const other = connect({ url: database.url, maxConnections: 4 });
  try {
    const subject = uniqueEmail("shared");
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => hitRateLimits(i % 2 === 0 ? database.db : other.db, [[{ ...small, max: 6 }, subject]])),
    );
    // Exactly max of the concurrent hits pass, whichever connection each came through.
    expect(results.filter((result) => result === null)).toHaveLength(6);
  } finally {
    await other.close();
    await database.destroy();
  }
});

test("describeWait reads Retry-After the way a person would", () => {
  expect([1, 45, 60, 61, 720, 5340, 5400, 7200].map(describeWait)).toEqual([
    "1 second",
    "45 seconds",
    "1 minute",
    "2 minutes",
    "12 minutes",
    "89 minutes",
    "2 hours",
    "2 hours",
  ]);
});

describe("the throttled forms", () => {
  const database = setupTestDatabase("postgres");
  let address = 0;
  /** A client address of its own per test, so per-IP counters do not carry over between tests. */
  const newAddress = () => `198.51.100.${(address += 1)}`;
  const from = (ip: string) => ({ "X-Forwarded-For": ip });

  async function expectThrottled(response: Response, message: RegExp) {
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
    const body = await response.json();
    expect(body.errors.form).toEqual([expect.stringMatching(message)]);
  }

  test("sign-in: 10 attempts per account in 15 minutes, then 429 even with the right password", async () => {
    const user = await createUser(database().db);
    const ip = newAddress();
    for (let i = 0; i < RATE_LIMITS.signInPerAccount.max; i += 1) {
      const response = await callRoute(signInRoute.action, post("/sign-in", { email: user.email, password: "wrong-password" }, undefined, from(ip)));
      expect(response.status).toBe(400);
    }
    const blocked = await callRoute(signInRoute.action, post("/sign-in", { email: user.email, password: "test-password-123" }, undefined, from(ip)));
    await expectThrottled(blocked, /^Too many sign-in attempts for this account\. Try again in 1[45] minutes\.$/);
    expect(blocked.headers.get("Set-Cookie")).toBeNull();
    // Another account from another address is not held up.
    const other = await createUser(database().db);
    const allowed = await callRoute(signInRoute.action, post("/sign-in", { email: other.email, password: "test-password-123" }, undefined, from(newAddress())));
    expect(allowed.status).toBe(302);
  });

  test("sign-in: 50 attempts per client address, whichever accounts they name", async () => {
    const ip = newAddress();
    for (let i = 0; i < RATE_LIMITS.signInPerIp.max; i += 1) {
      const response = await callRoute(signInRoute.action, post("/sign-in", { email: uniqueEmail("spray"), password: "guess-123" }, undefined, from(ip)));
      expect(response.status).toBe(400);
    }
    const blocked = await callRoute(signInRoute.action, post("/sign-in", { email: uniqueEmail("spray"), password: "guess-123" }, undefined, from(ip)));
    await expectThrottled(blocked, /^Too many sign-in attempts from your network\./);
  });

  test("sign-up: 3 per email address an hour (each mails the owner of an existing account)", async () => {
    const existing = await createUser(database().db);
    for (let i = 0; i < RATE_LIMITS.signUpPerAccount.max; i += 1) {
      const response = await callRoute(signUpRoute.action, post("/sign-up", { displayName: "Copy", email: existing.email, password: "a-good-password" }, undefined, from(newAddress())));
      expect(response.status).toBe(302);
    }
    const blocked = await callRoute(signUpRoute.action, post("/sign-up", { displayName: "Copy", email: existing.email, password: "a-good-password" }, undefined, from(newAddress())));
    await expectThrottled(blocked, /^Too many sign-ups with this email address\./);
    expect(await readOutbox(existing.email)).toHaveLength(RATE_LIMITS.signUpPerAccount.max);
  });

  test("forgot-password: 5 reset emails per address an hour", async () => {
    const user = await createUser(database().db);
    for (let i = 0; i < RATE_LIMITS.forgotPasswordPerAccount.max; i += 1) {
      const response = await callRoute(forgotPasswordRoute.action, post("/forgot-password", { email: user.email }, undefined, from(newAddress())));
      expect(response.status).toBe(200);
    }
    const blocked = await callRoute(forgotPasswordRoute.action, post("/forgot-password", { email: user.email }, undefined, from(newAddress())));
    await expectThrottled(blocked, /^Too many reset emails asked for this address\./);
    expect(await readOutbox(user.email)).toHaveLength(RATE_LIMITS.forgotPasswordPerAccount.max);
  });

  test("reset-password: 20 attempts per client address in 15 minutes", async () => {
    const ip = newAddress();
    const fields = { token: "not-a-real-token", password: "a-new-password", confirmPassword: "a-new-password" };
    for (let i = 0; i < RATE_LIMITS.resetPasswordPerIp.max; i += 1) {
      expect((await callRoute(resetPasswordRoute.action, post("/reset-password", fields, undefined, from(ip)))).status).toBe(400);
    }
    await expectThrottled(await callRoute(resetPasswordRoute.action, post("/reset-password", fields, undefined, from(ip))), /^Too many password resets from your network\./);
  });

  test("verification resend: 5 per account an hour", async () => {
    const user = await createUser(database().db, { verified: false });
    const { cookie } = await createSession(database().db, user.id);
    for (let i = 0; i < RATE_LIMITS.verifyResendPerAccount.max; i += 1) {
      expect((await callRoute(verifyRoute.action, post("/verify", { intent: "resend" }, cookie, from(newAddress())))).status).toBe(200);
    }
    await expectThrottled(
      await callRoute(verifyRoute.action, post("/verify", { intent: "resend" }, cookie, from(newAddress()))),
      /^Too many verification emails sent to this account\./,
    );
  });
});
