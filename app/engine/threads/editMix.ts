// Mixing a re-render on both threads. An edit changes one or two parts: their stems are rendered again
// while every other part's strip front (or dry stem) comes from the stem cache. Mixed in track order,
// the mixing thread read and finished every cached part while the stem worker, done with its one
// render, sat idle. Here both threads mix: each part is a job (read its cached front, or read its dry
// stem and run the front, or render it and run the front) done whole by one thread into that thread's
// own Mixer, and the worker's partial is added to this thread's at the end. The bus is fixed point
// (mix/fixedPoint.ts), so the mix is the same to the byte whoever mixed which part, in whatever order.
//
// The worker takes the SoundFont renders first (it alone holds the SoundFont), then both threads claim
// the remaining jobs from one shared counter, longest first, until none is left.

import { createFixed } from "../mix/fixedPoint";
import type { MixOptions, PartialMix } from "../mix/mixer";
import { Mixer } from "../mix/mixer";
import { stripFront } from "../mix/channelStrip";
import { integratedLoudness } from "../master/loudness";
import { recycleStem, renderStem, takeStem } from "../render";
import type { PartName, Seconds, StereoBuffer, Track } from "../types";
import { diskStemCache, stripFrontCacheKey, type DiskStemCache } from "./stemCache";
import type { WorkerThread } from "./workerThread";

/** One part of the mix, and where its stem comes from. */
export interface MixJob {
  index: number;
  /** front: its strip front is cached; dry: its dry stem is; render: neither. */
  source: "front" | "dry" | "render";
  stemKey: string;
  /** The cached strip front's key (source "front"). */
  frontKey: string | null;
}

export interface MixSession {
  tracks: Track[];
  durationSeconds: Seconds;
  lengthSamples: number;
  options: MixOptions;
  cache: { dir: string; maxBytes: number };
  /** The worker's own jobs, done first: parts only it can render. */
  own: MixJob[];
  /** Jobs either thread may do, longest first; claimed through `claim[0]`. */
  shared: MixJob[];
  /** [0]: the next shared job to claim; [1]: set by the worker once its partial is complete. */
  claim: Int32Array;
  /** The song's kick duck curve (shared memory; null: no part pumps). */
  duck: Float32Array | null;
}

/** Rough cost of a job, to hand out the long ones first (both threads then finish close together). */
const JOB_ORDER: Record<MixJob["source"], number> = { render: 0, dry: 1, front: 2 };

export function byLengthOfWork(jobs: MixJob[]): MixJob[] {
  return [...jobs].sort((a, b) => JOB_ORDER[a.source] - JOB_ORDER[b.source] || a.index - b.index);
}

/**
 * Runs one job into `mixer`: the cached front is finished, or the dry stem (read or rendered, and then
 * cached) runs its strip front, which is cached for the next edit, and is finished. What is cached is
 * written after the render (DiskStemCache.putLater): the front goes into a buffer of its own so the dry
 * stem stays as it is until then.
 */
export async function runMixJob(job: MixJob, track: Track, durationSeconds: Seconds, mixer: Mixer, cache: DiskStemCache): Promise<void> {
  const part = track.part;
  if (job.source === "front" && job.frontKey) {
    const front = cache.get(job.frontKey);
    if (front?.skipped && front.lufs !== undefined) {
      mixer.addFrontProcessedStem(part, front.stem, front.skipped, front.lufs);
      recycleStem(front.stem);
      return;
    }
    // Trimmed away meanwhile by another process: from the dry stem, or rendered, instead.
    if (front) recycleStem(front.stem);
  }
  const dry = job.source === "render" ? null : cache.get(job.stemKey);
  let stem: StereoBuffer, lufs: number;
  if (dry) {
    stem = dry.stem;
    lufs = dry.lufs ?? integratedLoudness(stem);
  } else {
    stem = await renderStem(track, durationSeconds);
    lufs = integratedLoudness(stem);
    cache.putLater(job.stemKey, { stem, lufs });
  }
  const strip = mixer.stripFor(part, lufs);
  if (strip) {
    const front = takeStem(stem.left.length, stem.sampleRate);
    const skipped = stripFront(stem, strip.part, strip.gain, Math.min(stem.left.length, mixer.lengthSamples), front);
    cache.putLater(stripFrontCacheKey(job.stemKey, strip.part, strip.gain, mixer.lengthSamples), { stem: front, lufs, skipped });
    mixer.addFrontProcessedStem(part, front, skipped, lufs);
  }
  if (dry) recycleStem(stem);
}

/** Claims jobs from the shared list until none is left. */
async function runSharedJobs(session: Pick<MixSession, "tracks" | "durationSeconds" | "shared" | "claim">, mixer: Mixer, cache: DiskStemCache): Promise<void> {
  for (;;) {
    const next = Atomics.add(session.claim, 0, 1);
    if (next >= session.shared.length) return;
    const job = session.shared[next]!;
    await runMixJob(job, session.tracks[job.index]!, session.durationSeconds, mixer, cache);
  }
}

/**
 * The worker's fixed-point sums, kept between sessions (in shared memory, which the mixing thread reads
 * when it settles the mix): fresh 30 MB arrays cost more in page faults than the mixing they hold.
 * Released after a minute without an edit.
 */
let spare: PartialMix | null = null;
let releaseSpare: ReturnType<typeof setTimeout> | null = null;
const KEEP_SPARE_MS = 60_000;

function sumsFor(length: number): PartialMix {
  if (releaseSpare) clearTimeout(releaseSpare);
  if (spare?.busLeft.length !== length) {
    spare = { busLeft: createFixed(length, true), busRight: createFixed(length, true), reverbSend: createFixed(length, true), delaySend: createFixed(length, true) };
  } else {
    for (const signal of Object.values(spare)) signal.fill(0);
  }
  releaseSpare = setTimeout(() => (spare = null), KEEP_SPARE_MS);
  releaseSpare.unref();
  return spare;
}

/** Worker side: its own jobs, then shared ones, into a Mixer of its own; returns what it mixed. */
export async function runMixSession(session: MixSession): Promise<PartialMix> {
  const mixer = new Mixer(session.lengthSamples, session.tracks, session.options, { sums: sumsFor(session.lengthSamples), ...(session.duck ? { duck: session.duck } : {}) });
  const cache = diskStemCache(session.cache.dir, session.cache.maxBytes);
  for (const job of session.own) await runMixJob(job, session.tracks[job.index]!, session.durationSeconds, mixer, cache);
  await runSharedJobs(session, mixer, cache);
  // Publishes the partial's samples to the mixing thread, which reads them after this flag.
  Atomics.store(session.claim, 1, 1);
  return mixer.partial();
}

/**
 * Mixing-thread side: starts the worker's share, mixes the given stems and claims shared jobs into
 * `mixer`, then adds the worker's partial.
 */
export async function mixOnBothThreads(
  worker: WorkerThread,
  mixer: Mixer,
  cache: DiskStemCache,
  session: Omit<MixSession, "claim" | "cache" | "duck">,
  given: [PartName, StereoBuffer][],
): Promise<void> {
  const claim = new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));
  const full: MixSession = { ...session, claim, duck: mixer.duckCurve(), cache: { dir: cache.dir, maxBytes: cache.maxBytes } };
  const remote = worker.request<{ partial: PartialMix }>({ kind: "mix", session: full });
  // If this thread fails, the worker's reply still has to be awaited (and its failure not left unhandled).
  remote.catch(() => undefined);
  for (const [part, stem] of given) mixer.addStem(part, stem);
  await runSharedJobs(full, mixer, cache);
  const { partial } = await remote;
  if (Atomics.load(claim, 1) !== 1) throw new Error("the worker's share of the mix is incomplete");
  mixer.addPartial(partial);
}
