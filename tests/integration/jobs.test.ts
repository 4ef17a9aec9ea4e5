// pg-boss on both backends: the declared queues, working jobs, retries, dead letters, transactional
// enqueue, the token sweep and a clean shutdown.
import { eq } from "drizzle-orm";
import type { Job, PgBoss } from "pg-boss";
import { closeDb, getConnection, useConnection } from "~/server/db.server";
import { emailVerificationTokens, users } from "#drizzle/schema/index";
import { ensureQueues, getBoss, startBoss, stopBoss } from "#jobs/boss";
import { enqueue } from "#jobs/enqueue";
import { deadLetterQueue, queueNames, queues, type QueueSettings } from "#jobs/queues";
import { registerWorkers } from "#jobs/worker";
import { backends, createTestDatabase, type TestDatabase } from "../support/database";
import { waitFor } from "../support/wait";

// Queues that exist only for these tests, declared through the same function as the real ones.
const testQueue = (retryLimit: number): QueueSettings => ({
  policy: "standard",
  retryLimit,
  retryDelay: 0,
  retryBackoff: false,
  expireInSeconds: 60,
  concurrency: 1,
});
const TEST_QUEUES = { "test.echo": testQueue(0), "test.flaky": testQueue(2), "test.doomed": testQueue(1), "test.woken": { ...testQueue(0), notify: true } };
const FAST_POLLING = { pollingIntervalSeconds: 0.5 };

describe.each(backends)("jobs on %s", (backend) => {
  let database: TestDatabase;
  let boss: PgBoss;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    useConnection(database.connection);
    boss = await startBoss(database.connection);
    await ensureQueues(boss, TEST_QUEUES);
  });
  afterAll(async () => {
    await stopBoss();
    await closeDb();
    await database?.destroy();
  });

  async function settled(queue: string, id: string) {
    return waitFor(
      async () => {
        const job = await boss.getJobById(queue, id);
        return job && (job.state === "completed" || job.state === "failed") ? job : undefined;
      },
      { what: `job ${id} on ${queue} to settle` },
    );
  }

  test("every declared queue exists with its retry policy and a dead-letter queue", async () => {
    for (const name of queueNames) {
      const queue = await boss.getQueue(name);
      expect(queue, name).toMatchObject({
        policy: queues[name].policy,
        retryLimit: queues[name].retryLimit,
        expireInSeconds: queues[name].expireInSeconds,
        deadLetter: deadLetterQueue(name),
        notify: queues[name].notify ?? false,
      });
      expect(await boss.getQueue(deadLetterQueue(name)), `${name} dead letters`).not.toBeNull();
    }
    const schedule = await boss.getSchedule("housekeeping.expire-verification-tokens");
    expect(schedule?.cron).toBe(queues["housekeeping.expire-verification-tokens"].cron);
  });

  test("a sent job is handled and completed with the handler's output", async () => {
    await boss.work<{ text: string }>("test.echo", FAST_POLLING, async ([job]) => ({ echoed: job.data.text }));
    const id = await boss.send("test.echo", { text: "hello" });
    const job = await settled("test.echo", id!);
    expect(job.state).toBe("completed");
    expect(job.output).toEqual({ echoed: "hello" });
  });

  test("a queue declared with notify wakes its idle worker when a job is sent, not at its next poll", async () => {
    // Polling every 5 minutes: only the NOTIFY can get this job done within waitFor's 30 s.
    const slow = { pollingIntervalSeconds: 300, notifyPollingIntervalSeconds: 300 };
    await boss.work<{ text: string }>("test.woken", slow, async ([job]) => ({ echoed: job.data.text }));
    // Past the worker's first fetch (made at once, and empty), so it is asleep when the job arrives.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const id = await boss.send("test.woken", { text: "awake" });
    const job = await settled("test.woken", id!);
    expect(job.output).toEqual({ echoed: "awake" });
  });

  test("a job that throws is retried and then completes", async () => {
    const attempts: number[] = [];
    await boss.work("test.flaky", FAST_POLLING, async ([job]: Job[]) => {
      attempts.push(job.retryCount);
      if (job.retryCount === 0) throw new Error("first attempt fails");
    });
    const id = await boss.send("test.flaky", {});
    const job = await settled("test.flaky", id!);
    expect(job.state).toBe("completed");
    expect(attempts).toEqual([0, 1]);
  });

  test("a job that keeps failing goes to the dead-letter queue after its retries", async () => {
    let attempts = 0;
    await boss.work("test.doomed", FAST_POLLING, async () => {
      attempts += 1;
      throw new Error("always fails");
    });
    const id = await boss.send("test.doomed", { songId: "doomed-song" });
    const job = await settled("test.doomed", id!);
    expect(job.state).toBe("failed");
    expect(attempts).toBe(1 + TEST_QUEUES["test.doomed"].retryLimit);
    const dead = await boss.findJobs(deadLetterQueue("test.doomed"), { data: { songId: "doomed-song" } });
    expect(dead).toHaveLength(1);
  });

  test("a job enqueued in a transaction exists only if the transaction commits", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueue("song.render", { songId: "rolled-back" }, { tx });
        throw new Error("the write that needed the job failed");
      }),
    ).rejects.toThrow("the write that needed the job failed");
    expect(await boss.findJobs("song.render", { data: { songId: "rolled-back" } })).toHaveLength(0);

    await database.db.transaction(async (tx) => {
      await enqueue("song.render", { songId: "committed" }, { tx });
    });
    expect(await boss.findJobs("song.render", { data: { songId: "committed" } })).toHaveLength(1);
  });

  test("a second job for the same song is dropped while one is waiting", async () => {
    expect(await enqueue("song.wav", { songId: "same-song" })).toEqual(expect.any(String));
    expect(await enqueue("song.wav", { songId: "same-song" })).toBeNull();
    expect(await enqueue("song.wav", { songId: "other-song" })).toEqual(expect.any(String));
  });

  test("the token sweep deletes expired email-verification tokens and keeps live ones", async () => {
    const [user] = await database.db
      .insert(users)
      .values({ email: `sweep-${backend}@songloom.test`, displayName: "Sweep" })
      .returning();
    const hour = 60 * 60 * 1000;
    await database.db.insert(emailVerificationTokens).values([
      { userId: user.id, tokenHash: `expired-${backend}`, expiresAt: new Date(Date.now() - hour) },
      { userId: user.id, tokenHash: `used-expired-${backend}`, expiresAt: new Date(Date.now() - hour), usedAt: new Date() },
      { userId: user.id, tokenHash: `live-${backend}`, expiresAt: new Date(Date.now() + hour) },
    ]);

    const worked = await registerWorkers(boss, undefined, FAST_POLLING);
    expect(worked).toContain("housekeeping.expire-verification-tokens");
    const id = await enqueue("housekeeping.expire-verification-tokens", {});
    expect((await settled("housekeeping.expire-verification-tokens", id!)).state).toBe("completed");

    const left = await database.db
      .select({ tokenHash: emailVerificationTokens.tokenHash })
      .from(emailVerificationTokens)
      .where(eq(emailVerificationTokens.userId, user.id));
    expect(left).toEqual([{ tokenHash: `live-${backend}` }]);
  });

  test("the throttle sweep deletes counters whose window has ended and keeps live ones", async () => {
    const { rateLimitCounters } = await import("#drizzle/schema/security");
    const hour = 60 * 60 * 1000;
    await database.db.insert(rateLimitCounters).values([
      { key: `test:ended-${backend}`, hits: 3, windowEndsAt: new Date(Date.now() - hour) },
      { key: `test:live-${backend}`, hits: 1, windowEndsAt: new Date(Date.now() + hour) },
    ]);
    const worked = await registerWorkers(boss, undefined, FAST_POLLING);
    expect(worked).toContain("housekeeping.expire-rate-limits");
    const id = await enqueue("housekeeping.expire-rate-limits", {});
    expect((await settled("housekeeping.expire-rate-limits", id!)).state).toBe("completed");
    const left = await database.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters);
    expect(left).toEqual([{ key: `test:live-${backend}` }]);
  });

  test("shutdown stops pg-boss and closes the database", async () => {
    const connection = getConnection();
    await stopBoss();
    await closeDb();
    expect(() => getBoss()).toThrow("not started");
    if (connection.kind === "pglite") {
      expect(connection.pglite.closed).toBe(true);
    } else {
      await expect(connection.sql`select 1`).rejects.toThrow();
    }
  });
});
