// Renders every track and mixes it using both cores as a pipeline: a long-lived worker renders the
// stems one after another (it alone holds the SoundFont), while this thread runs each finished stem
// through its channel strip, in track order. Then the mix's effects and bus chain run here.
// `parallel: false` renders in this thread instead and produces the same bytes.

import type { PartName, StereoBuffer, Track } from "../types";
import { SAMPLE_RATE } from "../types";
import { Mixer, type MixOptions } from "../mix";
import { renderStem } from "../render";
import { engineWorkerEntry, WorkerThread } from "./workerThread";

export interface RenderMixRequest {
  tracks: Track[];
  lengthSamples: number;
  options: MixOptions;
  parallel: boolean;
  keepStems: boolean;
  /** Stems from an earlier render, by part: those parts are not rendered again. */
  cachedStems?: Partial<Record<PartName, StereoBuffer>>;
}

export interface RenderMixResult {
  mix: StereoBuffer;
  stems: Partial<Record<PartName, StereoBuffer>>;
  timings: { stemsMs: number; waitMs: number; stripMs: number; effectsMs: number };
}

/** A stem, with its integrated loudness when the worker already measured it. */
interface MeasuredStem {
  stem: StereoBuffer;
  lufs?: number;
}

let worker: WorkerThread | null = null;

/** Stems requested beyond the one being mixed. */
const STEMS_AHEAD = 1;

/** Starts the stem worker (module loading, SoundFont parsing) ahead of need; idempotent. */
export function prewarmRenderWorker(): WorkerThread {
  worker ??= new WorkerThread(engineWorkerEntry("threads/stemWorker.ts"));
  return worker;
}

export async function renderMix(request: RenderMixRequest): Promise<RenderMixResult> {
  const started = performance.now();
  const durationSeconds = request.lengthSamples / SAMPLE_RATE;
  const cached = request.cachedStems ?? {};
  const stemWorker = request.parallel ? prewarmRenderWorker() : null;
  const requestStem = async (track: Track): Promise<MeasuredStem> => {
    const stem = cached[track.part];
    if (stem) return { stem };
    if (stemWorker) return stemWorker.request<MeasuredStem>({ track, durationSeconds });
    return { stem: await renderStem(track, durationSeconds) };
  };
  // With a worker, keep STEMS_AHEAD renders in flight: enough that the worker never idles while this
  // thread mixes, few enough that finished stems (64 MB each for 3 minutes) do not pile up.
  const pending = new Map<number, Promise<MeasuredStem>>();
  const prefetch = (index: number) => {
    if (stemWorker && index < request.tracks.length && !pending.has(index)) pending.set(index, requestStem(request.tracks[index]));
  };

  const mixer = new Mixer(request.lengthSamples, request.tracks, request.options);
  const stems: Partial<Record<PartName, StereoBuffer>> = {};
  let waitMs = 0, stripMs = 0;
  for (let i = 0; i < request.tracks.length; i++) {
    for (let ahead = 0; ahead <= STEMS_AHEAD; ahead++) prefetch(i + ahead);
    const part = request.tracks[i].part;
    let t = performance.now();
    const { stem, lufs } = await (pending.get(i) ?? requestStem(request.tracks[i]));
    pending.delete(i);
    waitMs += performance.now() - t;
    t = performance.now();
    mixer.addStem(part, stem, lufs);
    stripMs += performance.now() - t;
    if (request.keepStems) stems[part] = stem;
  }
  const stemsMs = performance.now() - started;
  const t = performance.now();
  const mix = mixer.finish();
  return { mix, stems, timings: { stemsMs, waitMs, stripMs, effectsMs: performance.now() - t } };
}
