// Starting TypeScript workers: the engine runs under tsx (CLI, jobs) or vitest, neither of which hands its
// TypeScript loader to worker threads, so a tiny bootstrap registers tsx's ESM hooks in the worker before
// importing the entry file. Workers are long-lived and reused between songs; an idle worker is unref'd so
// it never keeps the process alive.

import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { SOUNDFONT_WORKER_DATA_KEY, soundFontWorkerData } from "../render/soundFontBytes";
import { SAMPLE_STORE_WORKER_DATA_KEY, sampleStoreWorkerData } from "../render/sampler/sampleStore";

/**
 * The engine's source folder. Under tsx or vitest this module sits in app/engine/threads; inside the Remix
 * server bundle (build/index.js) it does not, so the web server names the folder in SONGLOOM_ENGINE_DIR
 * (server.mjs sets it) and worker entries are loaded from the source tree through tsx like everywhere else.
 */
function engineDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  if (existsSync(path.join(here, "workerThread.ts"))) return path.dirname(here);
  return process.env.SONGLOOM_ENGINE_DIR ?? path.resolve(process.cwd(), "app/engine");
}

/** A worker entry file, named relative to app/engine (e.g. "threads/stemWorker.ts"). */
export function engineWorkerEntry(relativePath: string): URL {
  return pathToFileURL(path.join(engineDir(), relativePath));
}

/**
 * tsx's ESM API, resolved from here (not from the working directory, as a bare import in an eval'd worker
 * would be) through the package's own exports map: the CommonJS build of the API cannot be imported.
 */
function tsxEsmApi(): string {
  const packageJson = createRequire(import.meta.url).resolve("tsx/package.json");
  const exportsMap = JSON.parse(readFileSync(packageJson, "utf8")).exports as Record<string, { import: { default: string } }>;
  return pathToFileURL(path.join(path.dirname(packageJson), exportsMap["./esm/api"].import.default)).href;
}

const TSX_API = tsxEsmApi();

/**
 * The niceness engine threads give themselves when they start (WORKER_NICE, 10 by default; 0–19): a render
 * then takes the CPU that the process's main thread (serving pages, in the web process's in-process worker)
 * leaves. Linux keeps niceness per thread, so this lowers the engine thread only. Low-priority threads
 * (work nobody waits for) take LOWEST_PRIORITY instead.
 */
function threadNiceness(): number {
  const value = Number(process.env.WORKER_NICE ?? 10);
  return Number.isInteger(value) && value >= 0 && value <= 19 ? value : 10;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  onProgress?: (progress: unknown) => void;
}

/**
 * The engine's garbage is mostly typed arrays, whose samples live outside the young generation, so a small
 * one costs no measurable speed and keeps each thread's heap from growing to V8's default (about 16 MB per
 * semi-space): `npm run bench` measured 600 -> 560 MB peak RSS for a song with the same limit on all threads.
 */
const YOUNG_GENERATION_MB = 12;

/** The nice value of a low-priority thread: the lowest priority there is. */
export const LOWEST_PRIORITY = 19;

/**
 * A long-lived worker thread answering requests. If the thread dies (a crash, running out of memory, an
 * entry that fails to load), the requests it held are rejected, and the next request starts a new thread:
 * a job that failed is retried by its queue, and the retry must not wait on a thread that is gone.
 */
export class WorkerThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private retireTimer: ReturnType<typeof setTimeout> | null = null;

  /**
   * `lowPriority`: the thread runs at the lowest CPU priority (nice 19), and so do the threads and programs
   * it starts (its stem worker, its LAME processes inherit it): work nobody waits for, which the kernel then
   * runs only on CPU time that renders someone waits for leave (docs/decisions/028-edit-latency.md).
   *
   * `soundFont`: the thread loads the SoundFont, or starts threads that do (a song thread, a stem worker). It
   * is handed this process's one copy of the file's bytes (render/soundFontBytes.ts, a SharedArrayBuffer read
   * once by the first thread that needs it) and the process's store of decoded samples; its SoundFont's
   * samples are views into them (docs/decisions/031-one-soundfont-per-process.md).
   *
   * `retireAfterIdleMs`: the thread is stopped once it has had no request for this long, and everything it
   * held (its heap, its buffers, the threads it started) goes with it; the next request starts a new one.
   * For threads whose work comes in bursts nobody waits on (pool songs), so an idle process does not keep
   * them (docs/decisions/032-idle-engine-threads.md).
   */
  constructor(
    private readonly entry: URL,
    private readonly options: { lowPriority?: boolean; soundFont?: boolean; retireAfterIdleMs?: number } = {},
  ) {
    this.start();
  }

  private start(): Worker {
    // Linux gives each thread its own nice value: /proc/thread-self names this one. Elsewhere it stays as is.
    // Only ever lowered: a thread keeps a higher niceness it inherited (a standalone worker's, a
    // low-priority song thread's stem worker).
    const nice = this.options.lowPriority ? LOWEST_PRIORITY : threadNiceness();
    const lower =
      process.platform === "linux" && nice > 0
        ? `try { const { readlinkSync } = await import("node:fs"); const os = await import("node:os"); const tid = Number(readlinkSync("/proc/thread-self").split("/").pop()); if (os.getPriority(tid) < ${nice}) os.setPriority(tid, ${nice}); } catch {}`
        : "";
    const bootstrap = `(async () => { ${lower} const { register } = await import(${JSON.stringify(TSX_API)}); register(); await import(${JSON.stringify(this.entry.href)}); })();`;
    // The sample sets' decoded recordings (render/sampler/sampleStore.ts) travel with the SoundFont: the same threads play both.
    const workerData = this.options.soundFont ? { [SOUNDFONT_WORKER_DATA_KEY]: soundFontWorkerData(), [SAMPLE_STORE_WORKER_DATA_KEY]: sampleStoreWorkerData() } : undefined;
    const worker = new Worker(bootstrap, { eval: true, workerData, resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
    this.worker = worker;
    worker.unref();
    worker.on("message", (message: { id: number; error?: string; progress?: unknown }) => {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      // Something the request produced before its reply (the reply still follows).
      if (message.progress !== undefined) return waiting.onProgress?.(message.progress);
      this.pending.delete(message.id);
      if (this.pending.size === 0) {
        worker.unref();
        this.retireWhenIdle(worker);
      }
      if (message.error) waiting.reject(new Error(message.error));
      else waiting.resolve(message);
    });
    const gone = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on("error", gone);
    worker.on("exit", (code) => gone(new Error(`The engine's worker thread stopped (exit code ${code})`)));
    return worker;
  }

  private retireWhenIdle(worker: Worker): void {
    const idleMs = this.options.retireAfterIdleMs;
    if (idleMs === undefined) return;
    this.retireTimer = setTimeout(() => {
      this.retireTimer = null;
      if (this.worker !== worker || this.pending.size > 0) return;
      this.worker = null;
      // It holds no request; its exit (which comes later) must not reject those a new thread has taken since.
      worker.removeAllListeners("exit");
      worker.removeAllListeners("error");
      void worker.terminate();
    }, idleMs);
    this.retireTimer.unref();
  }

  /** Whether the thread is running: false once it has been retired or has died (the next request starts one). */
  get running(): boolean {
    return this.worker !== null;
  }

  /** Whether a request is waiting for its reply (the worker is busy, or will be). */
  get busy(): boolean {
    return this.pending.size > 0;
  }

  /**
   * Sends a request and resolves with the worker's reply (which echoes the request id). `onProgress` gets
   * the `progress` of messages the worker sends for the request before its reply.
   */
  request<Reply>(payload: object, transfer: ArrayBuffer[] = [], onProgress?: (progress: unknown) => void): Promise<Reply> {
    const id = this.nextId++;
    if (this.retireTimer) clearTimeout(this.retireTimer);
    this.retireTimer = null;
    const worker = this.worker ?? this.start();
    // Keep the process alive while a reply is outstanding.
    worker.ref();
    return new Promise<Reply>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, ...(onProgress ? { onProgress } : {}) });
      worker.postMessage({ ...payload, id }, transfer);
    });
  }

  /** Sends a message that gets no reply (e.g. buffers handed back for reuse); dropped if the thread is gone. */
  post(payload: object, transfer: ArrayBuffer[] = []): void {
    this.worker?.postMessage({ ...payload, id: 0 }, transfer);
  }

  terminate(): Promise<number> {
    const worker = this.worker;
    this.worker = null;
    return worker ? worker.terminate() : Promise.resolve(0);
  }
}
