// A worker thread that dies must not leave requests waiting forever: the ones it held are rejected and
// the next request starts a new thread (a retried job then renders instead of hanging). Engine threads
// lower their own CPU priority.
import os from "node:os";
import { afterAll, expect, test } from "vitest";
import { WorkerThread } from "~/engine/threads";

const threads: WorkerThread[] = [];
const thread = (file: string) => {
  const made = new WorkerThread(new URL(`./fixtures/${file}`, import.meta.url));
  threads.push(made);
  return made;
};
afterAll(async () => {
  await Promise.all(threads.map((made) => made.terminate()));
});

test("a thread that exits rejects what it held, and the next request gets a new thread", async () => {
  const echo = thread("echoWorker.ts");
  expect(await echo.request<{ text: string }>({ kind: "echo", text: "one" })).toMatchObject({ text: "one" });
  await expect(echo.request({ kind: "exit" })).rejects.toThrow(/stopped \(exit code 3\)/);
  expect(echo.busy).toBe(false);
  expect(await echo.request<{ text: string }>({ kind: "echo", text: "two" })).toMatchObject({ text: "two" });
});

test("an entry that fails to load rejects the request instead of leaving it waiting", async () => {
  const broken = thread("brokenWorker.ts");
  await expect(broken.request({ kind: "echo" })).rejects.toThrow(/cannot load|stopped/);
  // And again, from a fresh thread that fails the same way.
  await expect(broken.request({ kind: "echo" })).rejects.toThrow(/cannot load|stopped/);
});

test("an engine thread lowers its own CPU priority (WORKER_NICE, 10), leaving the thread that started it as it was", async () => {
  // Linux keeps niceness per thread: the main thread, which serves pages in the web process, keeps its own.
  const before = os.getPriority();
  const echo = thread("echoWorker.ts");
  expect(await echo.request<{ nice: number }>({ kind: "nice" })).toMatchObject({ nice: Math.max(before, 10) });
  expect(os.getPriority()).toBe(before);
});

test("a thread with retireAfterIdleMs stops once idle that long, and the next request starts a new one; work within the time keeps it", async () => {
  const retiring = new WorkerThread(new URL("./fixtures/echoWorker.ts", import.meta.url), { retireAfterIdleMs: 300 });
  threads.push(retiring);
  const first = await retiring.request<{ threadId: number }>({ kind: "echo", text: "one" });
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect((await retiring.request<{ threadId: number }>({ kind: "echo", text: "two" })).threadId).toBe(first.threadId);
  expect(retiring.running).toBe(true);
  await expect.poll(() => retiring.running, { timeout: 5_000 }).toBe(false);
  // At once, before the retired thread has exited: its exit must not reject this request.
  const next = await retiring.request<{ threadId: number; text: string }>({ kind: "echo", text: "three" });
  expect(next.text).toBe("three");
  expect(next.threadId).not.toBe(first.threadId);
});

test("a thread that has done engine work collects its garbage once idle for a second (threads/idleCollect.ts)", async () => {
  const echo = thread("echoWorker.ts");
  const MB = 1024 * 1024;
  const busy = await echo.request<{ during: { arrayBuffers: number }; memory: { arrayBuffers: number } }>({ kind: "garbage" });
  expect(busy.during.arrayBuffers).toBeGreaterThan(64 * MB);
  // The dropped 64 MB buffer is still held right after the work: nothing has collected it.
  expect(busy.memory.arrayBuffers).toBeGreaterThan(64 * MB);
  await expect
    .poll(async () => (await echo.request<{ collections: number }>({ kind: "memory" })).collections, { timeout: 10_000 })
    .toBeGreaterThanOrEqual(1);
  const idle = await echo.request<{ memory: { arrayBuffers: number } }>({ kind: "memory" });
  expect(idle.memory.arrayBuffers).toBeLessThan(16 * MB);
});
