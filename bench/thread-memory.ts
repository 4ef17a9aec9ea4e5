// `npm run bench:threads`: what the engine's SoundFont threads cost in RSS (docs/performance.md, "What each
// engine thread costs"; issue 24). One process, with the allocator settings the app runs with
// (GLIBC_TUNABLES, re-executed with them when they are not set; BENCH_DEFAULT_MALLOC=1 keeps glibc's
// defaults), starts engine threads one after another and prints the RSS each step added, read after the
// step's reply and a settle pause (BENCH_THREADS_SETTLE_MS, 3000):
//   1. three bare stem workers (each parses the SoundFont at start; a process runs two, the song thread's
//      and the background song thread's), with each one's V8 heap and external memory;
//   2. the same song excerpt (BENCH_THREADS_SECONDS, 30) rendered on the song thread, then on the
//      background song thread, then as a preview (in-thread, parallel: false), then a second style on the
//      song thread and on the background song thread: what each thread's SoundFont and decoded samples add.
// Numbers only, never asserted; compare within one run or between runs on the same machine.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import type { Worker } from "node:worker_threads";
import { MEMORY_TUNABLES } from "./support/cluster";

if (!process.env.BENCH_DEFAULT_MALLOC && process.env.GLIBC_TUNABLES !== MEMORY_TUNABLES) {
  const child = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], { stdio: "inherit", env: { ...process.env, GLIBC_TUNABLES: MEMORY_TUNABLES } });
  process.exit(child.status ?? 1);
}

const { defaultSongParams } = await import("../app/engine/catalogue");
const { compose, produce } = await import("../app/engine/compose");
const { engineWorkerEntry, WorkerThread } = await import("../app/engine/threads/workerThread");
const { renderFromPartsOffThread, renderPreviewOffThread } = await import("../app/engine/threads/renderOffThread");

const SETTLE_MS = Number(process.env.BENCH_THREADS_SETTLE_MS ?? 3000);
const SECONDS = Number(process.env.BENCH_THREADS_SECONDS ?? 30);
const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync("/proc/self/status", "utf8"))![1]) / 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

console.log(`bench:threads: allocator ${process.env.BENCH_DEFAULT_MALLOC ? "glibc defaults" : `GLIBC_TUNABLES=${MEMORY_TUNABLES}`}, ${SECONDS}-second excerpts, settle ${SETTLE_MS} ms`);
let last = rssMb();
console.log(`${"start".padEnd(58)} RSS ${last.toFixed(0).padStart(5)} MB`);
async function step(what: string, run: () => Promise<unknown>, heapOf?: () => Promise<string>): Promise<void> {
  const started = performance.now();
  await run();
  const seconds = (performance.now() - started) / 1000;
  await sleep(SETTLE_MS);
  const now = rssMb();
  const heap = heapOf ? `  ${await heapOf()}` : "";
  console.log(`${what.padEnd(58)} RSS ${now.toFixed(0).padStart(5)} MB  added ${(now - last).toFixed(0).padStart(4)} MB  (${seconds.toFixed(1)} s)${heap}`);
  last = now;
}

/** The thread's own V8 heap and external (ArrayBuffer) memory, as docs/performance.md's table gives them. */
async function heapOf(thread: InstanceType<typeof WorkerThread>): Promise<string> {
  // Worker.getHeapStatistics (Node 22) is newer than the @types/node this project uses.
  const worker = (thread as unknown as { worker: (Worker & { getHeapStatistics(): Promise<{ used_heap_size: number; external_memory: number }> }) | null }).worker;
  if (!worker) return "";
  // An idle engine thread is unref'd: keep the process alive for the reply.
  worker.ref();
  const stats = await worker.getHeapStatistics();
  worker.unref();
  return `its heap ${(stats.used_heap_size / 1e6).toFixed(0)} MB, external ${(stats.external_memory / 1e6).toFixed(0)} MB`;
}

const stemWorkers: InstanceType<typeof WorkerThread>[] = [];
for (const n of [1, 2, 3]) {
  const thread = new WorkerThread(engineWorkerEntry("threads/stemWorker.ts"), { soundFont: true });
  stemWorkers.push(thread);
  // The entry parses the SoundFont when it loads, so any reply comes after it.
  await step(`stem worker ${n} (bare, SoundFont parsed)`, () => thread.request({ kind: "flushStemWrites" }), () => heapOf(thread));
}

const song = (style: string, seed: number, title: string) => {
  const params = defaultSongParams(style, seed, title);
  const composition = compose(params);
  return { composition, production: produce(params, composition) };
};
const lofi = song("wd_lofi", 101, "morning_sun");
const edm = song("wd_edm", 102, "house");
const excerpt = { excerpt: { startSeconds: 0, seconds: SECONDS } };
await step("song thread: lo-fi excerpt", () => renderFromPartsOffThread(lofi.composition, lofi.production, excerpt));
await step("background song thread: the same excerpt", () => renderFromPartsOffThread(lofi.composition, lofi.production, excerpt, { background: true }));
await step("preview thread: the same excerpt", () => renderPreviewOffThread(lofi.composition, lofi.production, SECONDS));
await step("song thread: EDM excerpt", () => renderFromPartsOffThread(edm.composition, edm.production, excerpt));
await step("background song thread: the same EDM excerpt", () => renderFromPartsOffThread(edm.composition, edm.production, excerpt, { background: true }));
await step("preview thread: the same EDM excerpt", () => renderPreviewOffThread(edm.composition, edm.production, SECONDS));
process.exit(0);
