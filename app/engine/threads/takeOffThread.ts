// A user's vocal take decoded or processed on a long-lived worker thread (takeWorker.ts): the upload API
// decodes there, the vocal.generate job processes there.

import type { Composition } from "../types";
import type { TakeOptions, TakeReport } from "../vocals/processTake";
import type { TakeWorkerReply } from "./takeWorker";
import { engineWorkerEntry, WorkerThread } from "./workerThread";

/** The engine refused the file or the take (not a crash): `field` names what was wrong. */
export class TakeRejectedError extends Error {
  constructor(readonly field: string, message: string) {
    super(message);
    this.name = "TakeRejectedError";
  }
}

let worker: WorkerThread | null = null;

async function ask(payload: object, transfer: ArrayBuffer[] = []) {
  worker ??= new WorkerThread(engineWorkerEntry("threads/takeWorker.ts"));
  const reply = await worker.request<TakeWorkerReply>(payload, transfer);
  if ("rejected" in reply) throw new TakeRejectedError(reply.rejected.field, reply.rejected.message);
  return reply;
}

/**
 * An uploaded file on disk (WAV or MP3, by its bytes) as a 44.1 kHz stereo WAV; TakeRejectedError on
 * `vocalFile` otherwise. The worker reads the file itself, so the calling thread never holds the upload.
 */
export async function decodeTakeOffThread(file: string, hint: string | undefined, maxSeconds: number): Promise<{ wav: Uint8Array; durationSeconds: number }> {
  const { wav, durationSeconds } = await ask({ op: "decode", file, hint, maxSeconds });
  return { wav, durationSeconds };
}

/** The stored take (WAV) processed into the produced vocal (WAV, sample 0 = the song's start). */
export async function processTakeOffThread(input: {
  takeWav: Uint8Array;
  composition: Composition;
  autoVocal: boolean;
  options: TakeOptions;
  maxSeconds: number | null;
}): Promise<{ wav: Uint8Array; durationSeconds: number; report: TakeReport }> {
  const reply = await ask({ op: "process", ...input });
  return { wav: reply.wav, durationSeconds: reply.durationSeconds, report: reply.report! };
}
