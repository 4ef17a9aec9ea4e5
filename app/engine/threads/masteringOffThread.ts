// The mastering add-on's engine work on long-lived worker threads (masteringWorker.ts): used by the
// master.preview and master.full jobs. The previews are split over two threads (each takes half the
// presets; one also makes the unmastered sample), so both cores work on them.

import { PRESET_LETTERS, type Loudness } from "../master/presets";
import { engineWorkerEntry, WorkerThread } from "./workerThread";

export type MasteringRequest =
  | { kind: "previews"; wav: Uint8Array; startSeconds: number; seconds: number; intensity: number; targetLufs: number; letters?: string[]; withOriginal?: boolean }
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

type PreviewsRequest = Omit<Extract<MasteringRequest, { kind: "previews" }>, "kind" | "letters" | "withOriginal">;

export interface RenderedMaster {
  wav: Uint8Array;
  mp3: Uint8Array;
  before: Loudness;
  after: Loudness;
}

const workers: (WorkerThread | null)[] = [null, null];
const thread = (index = 0) => (workers[index] ??= new WorkerThread(engineWorkerEntry("threads/masteringWorker.ts")));

/** Every preset's preview of [startSeconds, startSeconds + seconds) of the song's WAV. */
export async function renderPreviewsOffThread(request: PreviewsRequest): Promise<RenderedPreviews> {
  const half = Math.ceil(PRESET_LETTERS.length / 2);
  const [first, second] = await Promise.all([
    thread(0).request<{ original: RenderedPreviews["original"]; previews: RenderedPreview[] }>({ kind: "previews", ...request, letters: PRESET_LETTERS.slice(0, half), withOriginal: true }),
    thread(1).request<{ previews: RenderedPreview[] }>({ kind: "previews", ...request, letters: PRESET_LETTERS.slice(half), withOriginal: false }),
  ]);
  return { original: first.original, previews: [...first.previews, ...second.previews] };
}

/** The whole song's WAV mastered with one preset. */
export function masterSongOffThread(request: Omit<Extract<MasteringRequest, { kind: "master" }>, "kind">): Promise<RenderedMaster> {
  return thread(0).request<RenderedMaster>({ kind: "master", ...request });
}
