// renderFromParts on a long-lived worker thread (songWorker.ts). The result is the same as calling the
// pipeline directly; only where the CPU work happens differs. Used by the song.render job, which may run
// inside the web process.

import type { RenderOptions, SongRender } from "../pipeline";
import type { Composition, Production } from "../types";
import { engineWorkerEntry, WorkerThread } from "./workerThread";

let worker: WorkerThread | null = null;

export async function renderFromPartsOffThread(
  composition: Composition,
  production: Production,
  options: Omit<RenderOptions, "keepStems" | "stems"> = {},
): Promise<SongRender> {
  worker ??= new WorkerThread(engineWorkerEntry("threads/songWorker.ts"));
  const reply = await worker.request<{ rendered: SongRender }>({ composition, production, options });
  return reply.rendered;
}
