// Renders every track and mixes it using both cores. A first render is a pipeline: a long-lived worker
// renders the SoundFont and drum stems one after another (it alone holds the SoundFont), while this thread
// renders the synth-voice stems itself and runs each stem through its channel strip, in track order. A
// re-render (some parts' stems or strip fronts are cached) mixes on both threads instead (editMix.ts).
// Then the mix's effects and bus chain run here, the reverb on the worker.
// `parallel: false` renders in this thread instead and produces the same bytes.

import type { PartName, StereoBuffer, Track } from "../types";
import { SAMPLE_RATE } from "../types";
import { Mixer, type MixOptions } from "../mix";
import { stripFrontFor } from "../mix/mixer";
import { integratedLoudness } from "../master";
import { drainStemPool, recycleStem, renderStem, type SoundFontReport } from "../render";
import { stripFront } from "../mix/channelStrip";
import type { ThreadMemory } from "./threadMemory";
import { byLengthOfWork, mixOnBothThreads, sharedSums, type MixJob } from "./editMix";
import { MIX_BLOCK, workerShare } from "../mix/effectReturns";
import { consumeEffectReturns, createEffectRing, fail as failEffects } from "./effectReturns";
import { flushStemWrites, stemCacheKey, stripFrontCacheKey, type DiskStemCache } from "./stemCache";
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
  stemCache?: DiskStemCache;
  /** Awaited before each part (pipeline.ts RenderOptions.pauseWhile). */
  pauseWhile?: () => Promise<void>;
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
  /** Set when the worker ran the strip front: `stem` is then processed, these are its skipped blocks. */
  skipped?: Uint8Array;
}

let worker: WorkerThread | null = null;

/** Stems requested beyond the one being mixed. */
const STEMS_AHEAD = 1;

/** Starts the stem worker (module loading, SoundFont parsing) ahead of need; idempotent. */
export function prewarmRenderWorker(): WorkerThread {
  worker ??= new WorkerThread(engineWorkerEntry("threads/stemWorker.ts"), { soundFont: true });
  return worker;
}

/** What the stem worker's SoundFont holds (render/soundBank.ts soundFontReport), or null if none has started. */
export async function stemWorkerSoundFontReport(): Promise<SoundFontReport | null> {
  if (!worker) return null;
  const reply = await worker.request<{ report: SoundFontReport }>({ kind: "soundFont" });
  return reply.report;
}

/** What the stem worker holds (threadMemory.ts), or null if none has started. */
export async function stemWorkerMemory(): Promise<ThreadMemory | null> {
  if (!worker) return null;
  return (await worker.request<{ memory: ThreadMemory }>({ kind: "memory" })).memory;
}

/**
 * Writes the stems and strip fronts that this thread and the stem worker kept to write later
 * (DiskStemCache.putLater): the pipeline calls it once the mix no longer waits for them, and a render
 * calls it before it looks in the cache.
 */
export async function flushStemCacheWrites(): Promise<void> {
  const remote = worker?.request({ kind: "flushStemWrites" });
  flushStemWrites();
  await remote;
}

export async function renderMix(request: RenderMixRequest): Promise<RenderMixResult> {
  const started = performance.now();
  if (request.stemCache) await flushStemCacheWrites();
  const durationSeconds = request.lengthSamples / SAMPLE_RATE;
  const cached = request.cachedStems ?? {};
  const stemWorker = request.parallel ? prewarmRenderWorker() : null;
  const stemCache = request.stemCache;
  const cacheKeys = stemCache ? request.tracks.map((track) => stemCacheKey(track, durationSeconds)) : [];
  // Which tracks the cache holds. Stems are read when their turn comes (64 MB each for 3 minutes).
  const hitIndices = new Set<number>();
  request.tracks.forEach((track, index) => {
    if (stemCache && !cached[track.part] && stemCache.has(cacheKeys[index])) hitIndices.add(index);
  });
  /** Reads a cached stem; null if it vanished meanwhile (another process trimmed it): it is then rendered. */
  const readHit = (index: number): MeasuredStem | null => {
    const hit = stemCache?.get(cacheKeys[index]) ?? null;
    if (!hit) hitIndices.delete(index);
    return hit;
  };
  // A part whose sound and level are unchanged finds its stem's strip front in the cache (written by an
  // earlier edit): read back, only the rest of its strip runs. Not when the caller keeps the dry stems.
  const frontKeys: (string | null)[] = request.tracks.map(() => null);
  const frontKeyFor = (index: number, lufs: number): string | null => {
    const front = stripFrontFor(request.tracks[index].part, lufs, request.options.levels);
    return front ? stripFrontCacheKey(cacheKeys[index], front.part, front.gain, request.lengthSamples) : null;
  };
  const frontHits = new Set<number>();
  if (stemCache && !request.keepStems) {
    request.tracks.forEach((track, index) => {
      if (cached[track.part]) return;
      const lufs = stemCache.lufs(cacheKeys[index]);
      frontKeys[index] = lufs === undefined ? null : frontKeyFor(index, lufs);
      if (frontKeys[index] && stemCache.has(frontKeys[index]!)) frontHits.add(index);
    });
  }
  for (const index of frontHits) hitIndices.delete(index);
  // The song was rendered before: this is an edit, and more are likely, so every strip front it runs is
  // kept. A first render keeps only its dry stems (half the writing).
  const editing = frontHits.size > 0 || hitIndices.size > 0;

  // An edit mixes on both threads (editMix.ts). Not for a render that pauses for others (the worker
  // would be held for the whole mix) or one that keeps its dry stems (the strip fronts overwrite them).
  if (stemWorker && stemCache && editing && !request.keepStems && !request.pauseWhile) {
    const jobs: MixJob[] = [];
    const fronts: { index: number; frontKey: string; stemKey: string }[] = [];
    const given: [PartName, StereoBuffer][] = [];
    request.tracks.forEach((track, index) => {
      const stem = cached[track.part];
      if (stem) return given.push([track.part, stem]);
      if (frontHits.has(index)) return fronts.push({ index, frontKey: frontKeys[index]!, stemKey: cacheKeys[index]! });
      jobs.push({ index, source: hitIndices.has(index) ? "dry" : "render", stemKey: cacheKeys[index]! });
    });
    const soundFontRender = (job: MixJob) => job.source === "render" && !needsNoSoundFont(request.tracks[job.index]!);
    // The sums both threads add front chunks to are shared memory.
    const shared = new Mixer(request.lengthSamples, request.tracks, request.options, { sums: sharedSums(request.lengthSamples) });
    await mixOnBothThreads(
      stemWorker,
      shared,
      stemCache,
      { tracks: request.tracks, durationSeconds, lengthSamples: request.lengthSamples, options: request.options, own: jobs.filter(soundFontRender), shared: byLengthOfWork(jobs.filter((job) => !soundFontRender(job))) },
      fronts,
      given,
    );
    stemWorker.post({ kind: "drain" });
    drainStemPool();
    const stemsMs = performance.now() - started;
    const t = performance.now();
    const mix = stemWorker.busy ? shared.finish() : await finishWithEffectsOn(stemWorker, shared);
    return { mix, stems: {}, timings: { stemsMs, waitMs: 0, stripMs: 0, effectsMs: performance.now() - t } };
  }

  const mixer = new Mixer(request.lengthSamples, request.tracks, request.options);  const requestStem = async (track: Track): Promise<MeasuredStem> => {
    const stem = cached[track.part];
    if (stem) return { stem };
    if (stemWorker) return stemWorker.request<MeasuredStem>({ track, durationSeconds });
    return { stem: await renderStem(track, durationSeconds) };
  };
  // Synth-voice parts (and drum parts played by synth drums only) need no SoundFont, so this thread
  // renders them itself while the worker renders the SoundFont parts: otherwise this thread mostly waits
  // for stems. Same bytes either way.
  const renderedHere = (track: Track) => stemWorker !== null && !cached[track.part] && needsNoSoundFont(track);
  // A cached stem needs no render but still its strip: the worker runs the front of it (gain, filters,
  // compressor; most of the strip's cost) while this thread finishes the previous one, so a re-render
  // uses both cores. Not when the caller keeps the dry stems, which the strip front overwrites.
  const stripFrontOnWorker = stemWorker !== null && !request.keepStems;
  const onWorker = (track: Track, index: number) => !frontHits.has(index) && (hitIndices.has(index) ? stripFrontOnWorker : !renderedHere(track));
  const workerJobs = request.tracks.map((track, index) => ({ track, index })).filter(({ track, index }) => onWorker(track, index));
  const requestJob = (track: Track, index: number): Promise<MeasuredStem> => {
    const hit = stemWorker && hitIndices.has(index) ? readHit(index) : null;
    if (!hit || !stemWorker) return requestStem(track);
    return stripFrontRemotely(stemWorker, track.part, hit);
  };
  const stripFrontRemotely = async (thread: WorkerThread, part: PartName, hit: MeasuredStem): Promise<MeasuredStem> => {
    const lufs = hit.lufs ?? integratedLoudness(hit.stem);
    const strip = mixer.stripFor(part, lufs);
    if (!strip) return { stem: hit.stem, lufs };
    const length = Math.min(hit.stem.left.length, mixer.lengthSamples);
    const reply = await thread.request<{ stem: StereoBuffer; skipped: Uint8Array }>(
      { kind: "stripFront", stem: hit.stem, part: strip.part, gain: strip.gain, length },
      [hit.stem.left.buffer as ArrayBuffer, hit.stem.right.buffer as ArrayBuffer],
    );
    return { stem: reply.stem, lufs, skipped: reply.skipped };
  };
  // With a worker, keep STEMS_AHEAD jobs in flight: enough that the worker never idles while this
  // thread mixes, few enough that finished stems (64 MB each for 3 minutes) do not pile up.
  const pending = new Map<number, Promise<MeasuredStem>>();
  const prefetch = (afterIndex: number) => {
    if (!stemWorker) return;
    let queued = 0;
    for (const { track, index } of workerJobs) {
      if (index < afterIndex) continue;
      if (!pending.has(index)) pending.set(index, requestJob(track, index));
      if (++queued > STEMS_AHEAD) break;
    }
  };

  const keepFront = (index: number, front: MeasuredStem & { lufs: number; skipped: Uint8Array }) => {
    const key = frontKeys[index] ?? frontKeyFor(index, front.lufs);
    if (key) stemCache!.put(key, front);
  };
  const stems: Partial<Record<PartName, StereoBuffer>> = {};
  let waitMs = 0, stripMs = 0;
  for (let i = 0; i < request.tracks.length; i++) {
    await request.pauseWhile?.();
    prefetch(i);
    const track = request.tracks[i];
    const part = track.part;
    let t = performance.now();
    if (frontHits.has(i)) {
      const front = stemCache!.get(frontKeys[i]!);
      if (front?.skipped && front.lufs !== undefined) {
        waitMs += performance.now() - t;
        t = performance.now();
        mixer.addFrontProcessedStem(part, front.stem, front.skipped, front.lufs);
        stripMs += performance.now() - t;
        recycleStem(front.stem);
        continue;
      }
      // Trimmed away meanwhile by another process: the dry stem (if still there) or a render instead.
      frontHits.delete(i);
      if (stemCache!.has(cacheKeys[i])) hitIndices.add(i);
    }
    let job = pending.get(i) ?? null;
    if (!job && onWorker(track, i)) job = requestJob(track, i);
    const hit = !job && hitIndices.has(i) ? readHit(i) : null;
    const measured = job ? await job : (hit ?? { stem: await renderStem(track, durationSeconds), lufs: undefined });
    pending.delete(i);
    waitMs += performance.now() - t;
    const { stem, skipped } = measured;
    let lufs = measured.lufs;
    const isHit = hitIndices.has(i);
    if (stemCache && !isHit && !cached[part]) {
      // Measured now (the mixer would measure it anyway) so the cached stem carries it: a re-render
      // then hands it to the worker's strip front without measuring it again.
      lufs ??= integratedLoudness(stem);
      // Stored before the channel strip.
      stemCache.put(cacheKeys[i], { stem, lufs });
    }
    t = performance.now();
    if (skipped) {
      if (editing) keepFront(i, { stem, lufs: lufs!, skipped });
      mixer.addFrontProcessedStem(part, stem, skipped, lufs!);
    } else if (editing && stemCache && !request.keepStems && !cached[part]) {
      // Split as the worker splits it (same bytes as addStem), so the front can be kept.
      lufs ??= integratedLoudness(stem);
      const strip = mixer.stripFor(part, lufs);
      if (strip) {
        const front = stripFront(stem, strip.part, strip.gain, Math.min(stem.left.length, mixer.lengthSamples));
        keepFront(i, { stem, lufs, skipped: front });
        mixer.addFrontProcessedStem(part, stem, front, lufs);
      }
    } else mixer.addStem(part, stem, lufs);
    stripMs += performance.now() - t;
    if (request.keepStems) stems[part] = stem;
    // Mixed and stored: its buffers go back to whoever makes the next stems (render/stemPool.ts).
    else if (!cached[part]) {
      if (job && stemWorker) stemWorker.post({ kind: "recycle", stem }, [stem.left.buffer as ArrayBuffer, stem.right.buffer as ArrayBuffer]);
      else recycleStem(stem);
    }
  }
  drainStemPool();
  stemWorker?.post({ kind: "drain" });
  const stemsMs = performance.now() - started;
  const t = performance.now();
  // The reverb and delay run on the worker while this thread does the bus chain; not when the worker is
  // busy with another render's stems, which this thread would then wait behind.
  const mix = stemWorker && !stemWorker.busy ? await finishWithEffectsOn(stemWorker, mixer) : mixer.finish();
  return { mix, stems, timings: { stemsMs, waitMs, stripMs, effectsMs: performance.now() - t } };
}

/** Finishes the mix here while the worker makes the effects' returns (threads/effectReturns.ts). */
async function finishWithEffectsOn(thread: WorkerThread, mixer: Mixer): Promise<StereoBuffer> {
  const ring = createEffectRing(MIX_BLOCK);
  const input = mixer.effectsInput();
  const share = workerShare(input.mix);
  const effectsDone = thread.request({ kind: "effects", input, share, ring });
  let mix: StereoBuffer;
  try {
    mix = mixer.finish(consumeEffectReturns(ring, share));
  } catch (error) {
    failEffects(ring);
    effectsDone.catch(() => undefined);
    throw error;
  }
  await effectsDone;
  return mix;
}

function needsNoSoundFont(track: Track): boolean {
  if (track.drumSounds) return track.drumSounds.every((sound) => !sound || sound.kind === "synth");
  return track.source?.kind === "synth";
}
