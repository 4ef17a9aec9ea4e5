// MP3 encoding on a worker thread (kept alive between songs), overlapping with the main thread's work.

import type { StereoBuffer } from "../types";
import { engineWorkerEntry, WorkerThread } from "../threads/workerThread";

let worker: WorkerThread | null = null;

/** Starts the MP3 worker ahead of need (it takes a moment to load); idempotent. */
export function prewarmMp3Worker(): void {
  worker ??= new WorkerThread(engineWorkerEntry("encode/mp3Worker.ts"));
}

/**
 * Encodes on the MP3 worker. With `transfer`, the buffer's memory moves to the worker (the caller's
 * arrays become empty), saving a 64 MB copy for a 3-minute song; otherwise copies are sent.
 */
export async function encodeMp3InWorker(buffer: StereoBuffer, { transfer = false } = {}): Promise<Uint8Array> {
  prewarmMp3Worker();
  const left = transfer ? buffer.left : buffer.left.slice();
  const right = transfer ? buffer.right : buffer.right.slice();
  const reply = await worker!.request<{ mp3: Uint8Array }>({ left, right }, [left.buffer as ArrayBuffer, right.buffer as ArrayBuffer]);
  return reply.mp3;
}
