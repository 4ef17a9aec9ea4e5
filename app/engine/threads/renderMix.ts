// Renders every track and mixes it using both cores as a pipeline: a long-lived worker renders the
// SoundFont and drum stems one after another (it alone holds the SoundFont), while this thread renders the
// synth-voice stems itself and runs each stem through its channel strip, in track order. Then the mix's
// effects and bus chain run here.
// `parallel: false` renders in this thread instead and produces the same bytes.

import type { PartName, StereoBuffer, Track } from "../types";
import { SAMPLE_RATE } from "../types";
import { Mixer, type MixOptions } from "../mix";
import { renderStem } from "../render";
import { stemCacheKey, type StemCache } from "./stemCache";
import { engineWorkerEntry, WorkerThread } from "./workerThread";

export interface RenderMixRequest {
  tracks: Track[];
  lengthSamples: number;
  options: MixOptions;
  parallel: boolean;
  keepStems: boolean;
  /** Stems from an earlier render, by part: those parts are not rendered again. */
  cachedStems?: Partial<Record<PartName, StereoBuffer>>;
  /** Stems of earlier renders by content: a track rendered before is read back instead of rendered. */
  stemCache?: StemCache;
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
  const stemCache = request.stemCache;
  const cacheKeys = stemCache ? request.tracks.map((track) => stemCacheKey(track, durationSeconds)) : [];
  const fromCache = new Map<number, MeasuredStem>();
  if (stemCache) {
    request.tracks.forEach((track, index) => {
      if (cached[track.part]) return;
      const hit = stemCache.get(cacheKeys[index]);
      if (hit) fromCache.set(index, hit);
    });
  }
  const requestStem = async (track: Track): Promise<MeasuredStem> => {
    const stem = cached[track.part];
    if (stem) return { stem };
    if (stemWorker) return stemWorker.request<MeasuredStem>({ track, durationSeconds });
    return { stem: await renderStem(track, durationSeconds) };
  };
  // Synth-voice parts need no SoundFont, so this thread renders them itself while the worker renders
  // the SoundFont and drum parts: otherwise this thread mostly waits for stems. Same bytes either way.
  const renderedHere = (track: Track) => stemWorker !== null && !cached[track.part] && !track.drumSounds && track.source?.kind === "synth";
  const workerTracks = request.tracks
    .map((track, index) => ({ track, index }))
    .filter(({ track, index }) => !renderedHere(track) && !fromCache.has(index));
  // With a worker, keep STEMS_AHEAD renders in flight: enough that the worker never idles while this
  // thread mixes, few enough that finished stems (64 MB each for 3 minutes) do not pile up.
  const pending = new Map<number, Promise<MeasuredStem>>();
  const prefetch = (afterIndex: number) => {
    if (!stemWorker) return;
    let queued = 0;
    for (const { track, index } of workerTracks) {
      if (index < afterIndex) continue;
      if (!pending.has(index)) pending.set(index, requestStem(track));
      if (++queued > STEMS_AHEAD) break;
    }
  };

  const mixer = new Mixer(request.lengthSamples, request.tracks, request.options);
  const stems: Partial<Record<PartName, StereoBuffer>> = {};
  let waitMs = 0, stripMs = 0;
  for (let i = 0; i < request.tracks.length; i++) {
    prefetch(i);
    const track = request.tracks[i];
    const part = track.part;
    let t = performance.now();
    const hit = fromCache.get(i);
    const { stem, lufs } = hit ?? (renderedHere(track) ? { stem: await renderStem(track, durationSeconds), lufs: undefined } : await (pending.get(i) ?? requestStem(track)));
    pending.delete(i);
    fromCache.delete(i);
    waitMs += performance.now() - t;
    // Stored before the channel strip, which processes the stem in place.
    if (stemCache && !hit && !cached[part]) stemCache.put(cacheKeys[i], { stem, ...(lufs !== undefined ? { lufs } : {}) });
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
