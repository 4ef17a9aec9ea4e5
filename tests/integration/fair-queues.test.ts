// Fair and bounded work (issue 24): one user's burst of renders takes one render slot while another
// user's song takes the next free worker (pg-boss groupConcurrency, the user as the job's group), and
// creates are refused with 429 and Retry-After once the render queues are full, before anything is written.
import { TEST_RENDER_QUEUE_LIMIT } from "../support/admission-env";
import { and, eq } from "drizzle-orm";
import type { Job, PgBoss } from "pg-boss";
import { songs } from "#drizzle/schema/songs";
import { ADMISSION_RETRY_AFTER_SECONDS, admitRenderWork, waitingRenderJobs } from "#jobs/admission";
import { createBoss, getBoss } from "#jobs/boss";
import { enqueue } from "#jobs/enqueue";
import { USER_RENDERS_AT_ONCE, type HandlerRegistry } from "#jobs/queues";
import { registerWorkers } from "#jobs/worker";
import * as createSongRoute from "~/routes/api.song._index";
import { callRoute } from "../support/auth";
import { setupTestDatabase } from "../support/database";
import { signedIn, useSongServices } from "../support/songs";
import { waitFor } from "../support/wait";

const database = setupTestDatabase("postgres");
useSongServices(database);

describe("per-user render concurrency across workers", () => {
  const extraWorkers: PgBoss[] = [];
  afterAll(async () => {
    for (const boss of extraWorkers) await boss.stop({ graceful: false });
  });

  it("keeps one user's burst to one render at a time while another user's song takes the free worker", async () => {
    expect(USER_RENDERS_AT_ONCE).toBe(1);
    const running = new Map<string, () => void>();
    const finished: string[] = [];
    // A stand-in for the render handler: it holds its slot until the test releases it.
    const registry: HandlerRegistry = {
      "song.render": async ([job]: Job<{ songId: string }>[]) => {
        await new Promise<void>((resolve) => running.set(job.data.songId, resolve));
        running.delete(job.data.songId);
        finished.push(job.data.songId);
      },
    };
    // Alice's burst first, then Bob's one song.
    for (const songId of ["alice-1", "alice-2", "alice-3"]) await enqueue("song.render", { songId }, { user: "alice" });
    await enqueue("song.render", { songId: "bob-1" }, { user: "bob" });

    // Worker one takes the oldest job, Alice's first.
    await registerWorkers(getBoss(), registry, { pollingIntervalSeconds: 0.5 });
    await waitFor(async () => running.has("alice-1"), { what: "the first worker to take alice-1" });
    // Worker two is free: Alice already has her one render running, so it takes Bob's song.
    const second = createBoss(database().connection);
    extraWorkers.push(second);
    await second.start();
    await registerWorkers(second, registry, { pollingIntervalSeconds: 0.5 });
    await waitFor(async () => running.has("bob-1"), { what: "the second worker to take bob-1" });
    expect([...running.keys()].sort()).toEqual(["alice-1", "bob-1"]);

    // Alice's songs follow one after another as her running render finishes.
    running.get("bob-1")!();
    running.get("alice-1")!();
    await waitFor(async () => running.has("alice-2"), { what: "alice-2 to start" });
    expect([...running.keys()]).toEqual(["alice-2"]);
    running.get("alice-2")!();
    await waitFor(async () => running.has("alice-3"), { what: "alice-3 to start" });
    running.get("alice-3")!();
    await waitFor(async () => finished.length === 4, { what: "every render to finish" });
    expect(finished.slice(0, 2).sort()).toEqual(["alice-1", "bob-1"]);
    expect(finished.slice(2)).toEqual(["alice-2", "alice-3"]);
  });
});

describe("the admission limit", () => {
  it("answers 429 with Retry-After once the render queues are full, and writes nothing", async () => {
    // Nobody works song.compose here: each create leaves its job waiting.
    const before = await waitingRenderJobs();
    expect(before).toBe(0);
    const create = (cookie: string) => callRoute(createSongRoute.action, jsonPost(cookie));
    const people = await Promise.all(Array.from({ length: TEST_RENDER_QUEUE_LIMIT + 1 }, () => signedIn(database)));
    for (const person of people.slice(0, TEST_RENDER_QUEUE_LIMIT)) expect((await create(person.cookie)).status).toBe(201);
    expect(await waitingRenderJobs()).toBe(TEST_RENDER_QUEUE_LIMIT);

    const last = people[TEST_RENDER_QUEUE_LIMIT];
    const refused = await create(last.cookie);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe(String(ADMISSION_RETRY_AFTER_SECONDS));
    expect((await refused.json()).error).toMatchObject({ status: 429, code: "queue_full", message: expect.stringMatching(/try again/i) });
    // Nothing was written for the refused request: no song, no job.
    expect(await database().db.select().from(songs).where(and(eq(songs.userId, last.user.id)))).toHaveLength(0);
    expect(await waitingRenderJobs()).toBe(TEST_RENDER_QUEUE_LIMIT);
    // An edit's render is refused the same way.
    await expect(admitRenderWork()).rejects.toMatchObject({ status: 429, code: "queue_full", headers: { "Retry-After": String(ADMISSION_RETRY_AFTER_SECONDS) } });
  });
});

function jsonPost(cookie: string): Request {
  return new Request("http://localhost:3000/api/song", {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: cookie },
    body: JSON.stringify({ style: "wd_lofi", filter: "morning_sun", songs: 1, advanced: 1 }),
  });
}
