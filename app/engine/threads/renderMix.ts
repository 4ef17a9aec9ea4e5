// Renders every track and mixes it using both cores as a pipeline: a long-lived worker renders the
// stems one after another (it alone holds the SoundFont), while this thread runs each finished stem
// through its channel strip, in track order. Then the mix's effects and bus chain run here.
// `parallel: false` renders in this thread instead and produces the same bytes.

import type { PartName, StereoBuffer, Track } from "../types";
import { SAMPLE_RATE } from "../types";
import { Mixer, type MixOptions } from "../mix";
import { renderStem } from "../render";
import { WorkerThread } from "./workerThread";

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

let worker: WorkerThread | null = null;

/** Starts the stem worker (module loading, SoundFont parsing) ahead of need; idempotent. */
export function prewarmRenderWorker(): WorkerThread {
  worker ??= new WorkerThread(new URL("./stemWorker.ts", import.meta.url));
  return worker;
}

export async function renderMix(request: RenderMixRequest): Promise<RenderMixResult> {
  const started = performance.now();
  const durationSeconds = request.lengthSamples / SAMPLE_RATE;
  const cached = request.cachedStems ?? {};
  const stemWorker = request.parallel ? prewarmRenderWorker() : null;
  // Queue every render at once so the worker never idles while this thread mixes.
  const pending = request.tracks.map((track) => {
    const stem = cached[track.part];
    if (stem) return () => Promise.resolve(stem);
    if (stemWorker) {
      const reply = stemWorker.request<{ stem: StereoBuffer }>({ track, durationSeconds }).then((r) => r.stem);
      return () => reply;
    }
    return () => renderStem(track, durationSeconds);
  });

  const mixer = new Mixer(request.lengthSamples, request.tracks, request.options);
  const stems: Partial<Record<PartName, StereoBuffer>> = {};
  let waitMs = 0, stripMs = 0;
  for (let i = 0; i < request.tracks.length; i++) {
    const part = request.tracks[i].part;
    let t = performance.now();
    const stem = await pending[i]();
    waitMs += performance.now() - t;
    t = performance.now();
    mixer.addStem(part, stem);
    stripMs += performance.now() - t;
    if (request.keepStems) stems[part] = stem;
  }
  const stemsMs = performance.now() - started;
  const t = performance.now();
  const mix = mixer.finish();
  return { mix, stems, timings: { stemsMs, waitMs, stripMs, effectsMs: performance.now() - t } };
}
