// Starting TypeScript workers: the engine runs under tsx (CLI, jobs) or vitest, neither of which hands its
// TypeScript loader to worker threads, so a tiny bootstrap registers tsx's ESM hooks in the worker before
// importing the entry file. Workers are long-lived and reused between songs; an idle worker is unref'd so
// it never keeps the process alive.

import { Worker } from "node:worker_threads";

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

export class WorkerThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  constructor(entry: URL) {
    const bootstrap = `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); });`;
    this.worker = new Worker(bootstrap, { eval: true });
    this.worker.unref();
    this.worker.on("message", (message: { id: number; error?: string }) => {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (this.pending.size === 0) this.worker.unref();
      if (message.error) waiting.reject(new Error(message.error));
      else waiting.resolve(message);
    });
    this.worker.on("error", (error) => {
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    });
  }

  /** Sends a request and resolves with the worker's reply (which echoes the request id). */
  request<Reply>(payload: object, transfer: ArrayBuffer[] = []): Promise<Reply> {
    const id = this.nextId++;
    // Keep the process alive while a reply is outstanding.
    this.worker.ref();
    return new Promise<Reply>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...payload, id }, transfer);
    });
  }

  terminate(): Promise<number> {
    return this.worker.terminate();
  }
}
