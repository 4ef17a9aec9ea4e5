// MP3 encoding on a worker thread (kept alive between songs), overlapping with the main thread's work.

import type { StereoBuffer } from "../types";
import { WorkerThread } from "../threads/workerThread";

let worker: WorkerThread | null = null;

export async function encodeMp3InWorker(buffer: StereoBuffer): Promise<Uint8Array> {
  worker ??= new WorkerThread(new URL("./mp3Worker.ts", import.meta.url));
  // Copies are sent (transferred) so the caller keeps its buffer for the WAV and peaks.
  const left = buffer.left.slice();
  const right = buffer.right.slice();
  const reply = await worker.request<{ mp3: Uint8Array }>({ left, right }, [left.buffer, right.buffer]);
  return reply.mp3;
}
