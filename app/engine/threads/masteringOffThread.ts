// The mastering add-on's engine work on a long-lived worker thread (masteringWorker.ts): used by the
// master.preview and master.full jobs.

import type { Loudness } from "../master/presets";
import { engineWorkerEntry, WorkerThread } from "./workerThread";

export type MasteringRequest =
  | { kind: "previews"; wav: Uint8Array; startSeconds: number; seconds: number; intensity: number; targetLufs: number }
  | { kind: "master"; wav: Uint8Array; letter: string; intensity: number; targetLufs: number };

export interface RenderedPreview {
  letter: string;
  mp3: Uint8Array;
  before: Loudness;
  after: Loudness;
  spectrum: number[];
}

export interface RenderedPreviews {
  original: Omit<RenderedPreview, "letter">;
  previews: RenderedPreview[];
}

export interface RenderedMaster {
  wav: Uint8Array;
  mp3: Uint8Array;
  before: Loudness;
  after: Loudness;
}

let worker: WorkerThread | null = null;
const thread = () => (worker ??= new WorkerThread(engineWorkerEntry("threads/masteringWorker.ts")));

/** Every preset's preview of [startSeconds, startSeconds + seconds) of the song's WAV. */
export function renderPreviewsOffThread(request: Omit<Extract<MasteringRequest, { kind: "previews" }>, "kind">): Promise<RenderedPreviews> {
  return thread().request<RenderedPreviews>({ kind: "previews", ...request });
}

/** The whole song's WAV mastered with one preset. */
export function masterSongOffThread(request: Omit<Extract<MasteringRequest, { kind: "master" }>, "kind">): Promise<RenderedMaster> {
  return thread().request<RenderedMaster>({ kind: "master", ...request });
}
