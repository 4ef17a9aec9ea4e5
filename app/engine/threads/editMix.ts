// Mixing a re-render on both threads. An edit changes one or two parts: their stems are rendered again
// while every other part's strip front (or dry stem) comes from the stem cache. Mixed in track order, the
// mixing thread read and finished every cached part while the stem worker, done with its one render,
// sat idle. Here both threads mix, and the bus is fixed point (mix/fixedPoint.ts), so the mix is the same
// to the byte whoever mixed which part, in whatever order:
//
// - Parts whose strip front is cached are streamed from their files a chunk of the song at a time: for
//   each chunk, every such part is read into a small buffer and finished into the chunk's sums, which
//   stay in cache meanwhile (a 62 MB stem per part and a pass over the 122 MB sums per part, read and
//   written through memory, were what two threads mixing at once waited on). Both threads claim chunks
//   from one counter and add into the mixing thread's sums (shared memory; disjoint stretches).
// - Parts that need their strip front run (a dry stem from the cache, or a render) are jobs done whole
//   by one thread into a Mixer of that thread's own, added in when the mix is finished. The worker takes
//   the SoundFont renders first (it alone holds the SoundFont), then both claim the rest, longest first.

import { createFixed } from "../mix/fixedPoint";
import type { MixOptions, PartialMix } from "../mix/mixer";
import { Mixer } from "../mix/mixer";
import { STRIP_BLOCK, stripFront, type StripBack } from "../mix/channelStrip";
import { integratedLoudness } from "../master/loudness";
import { recycleStem, renderStem, takeStem } from "../render";
import type { PartName, Seconds, StereoBuffer, Track } from "../types";
import { diskStemCache, StemReader, stripFrontCacheKey, type DiskStemCache, type OpenStem } from "./stemCache";
import type { WorkerThread } from "./workerThread";

/** One part whose stem must be read or rendered and its strip front run. */
export interface MixJob {
  index: number;
  /** dry: its dry stem is cached; render: it is not. */
  source: "dry" | "render";
  stemKey: string;
}

/** One part whose strip front is cached, opened by the mixing thread for both threads: streamed in chunks. */
export interface FrontPart {
  index: number;
  front: OpenStem;
}

export interface MixSession {
  tracks: Track[];
  durationSeconds: Seconds;
  lengthSamples: number;
  options: MixOptions;
  cache: { dir: string; maxBytes: number };
  /** The worker's own jobs, done first: parts only it can render. */
  own: MixJob[];
  /** Jobs either thread may do, longest first; claimed through `claim[JOB]`. */
  shared: MixJob[];
  /** Parts mixed from their cached fronts, chunk by chunk (claimed through `claim[CHUNK]`) into `sums`. */
  fronts: FrontPart[];
  /** The mixing thread's sums (shared memory), which the fronts' chunks go into. */
  sums: PartialMix;
  /** Counters (see the indices below) and the worker's done flag. */
  claim: Int32Array;
  /** The song's kick duck curve (shared memory; null: no part pumps). */
  duck: Float32Array | null;
}

// Indices into MixSession.claim.
const JOB = 0;
const WORKER_DONE = 1;
const CHUNK = 2;
const CLAIMS = 3;

/** Song samples per chunk: 8 strip blocks, so a chunk's sums and a part's samples stay in cache (~1 MB). */
const CHUNK_SAMPLES = 8 * STRIP_BLOCK;

/** Rough cost of a job, to hand out the long ones first (both threads then finish close together). */
const JOB_ORDER: Record<MixJob["source"], number> = { render: 0, dry: 1 };

export function byLengthOfWork(jobs: MixJob[]): MixJob[] {
  return [...jobs].sort((a, b) => JOB_ORDER[a.source] - JOB_ORDER[b.source] || a.index - b.index);
}

/**
 * Runs one job into `mixer`: the dry stem (read, or rendered and cached) runs its strip front, which is
 * cached for the next edit, and is finished. What is cached is written after the render
 * (DiskStemCache.putLater): the front goes into a buffer of its own so the dry stem stays as it is.
 */
export async function runMixJob(job: MixJob, track: Track, durationSeconds: Seconds, mixer: Mixer, cache: DiskStemCache): Promise<void> {
  const part = track.part;
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

/** Claims jobs from the shared list until none is left; the Mixer they go into is made when the first is claimed. */
async function runSharedJobs(session: Pick<MixSession, "tracks" | "durationSeconds" | "shared" | "claim">, mixer: () => Mixer, cache: DiskStemCache): Promise<void> {
  for (;;) {
    const next = Atomics.add(session.claim, JOB, 1);
    if (next >= session.shared.length) return;
    const job = session.shared[next]!;
    await runMixJob(job, session.tracks[job.index]!, session.durationSeconds, mixer(), cache);
  }
}

/**
 * Claims chunks of the song until none is left and, for each, finishes every cached front into the sums
 * of `into` (a Mixer over the mixing thread's shared sums).
 */
function mixFrontChunks(session: Pick<MixSession, "tracks" | "fronts" | "claim" | "lengthSamples">, into: Mixer): void {
  const parts: { reader: StemReader; back: StripBack }[] = [];
  for (const { index, front } of session.fronts) {
    const reader = new StemReader(front);
    const back = into.stripBackFor(session.tracks[index]!.part, front.lufs!, front.skipped!);
    if (back) parts.push({ reader, back });
  }
  const left = new Float32Array(CHUNK_SAMPLES), right = new Float32Array(CHUNK_SAMPLES);
  for (;;) {
    const start = Atomics.add(session.claim, CHUNK, 1) * CHUNK_SAMPLES;
    if (start >= session.lengthSamples) return;
    const count = Math.min(CHUNK_SAMPLES, session.lengthSamples - start);
    for (const { reader, back } of parts) {
      const n = Math.min(count, reader.length - start);
      if (n <= 0) continue;
      if (!reader.readRange(start, n, left, right)) throw new Error("a cached strip front was cut short while it was read");
      back.add(left, right, 0, start, n);
    }
  }
}

/**
 * Fixed-point sums in shared memory, so that both threads can add into them. Made for each edit and
 * collected after it: keeping them between edits (254 MB on the two threads for a 3-minute song) saved no
 * measurable time (bench:rerender, 2026-11-28) and was most of what an idle process held.
 */
export function sharedSums(length: number): PartialMix {
  return { busLeft: createFixed(length, true), busRight: createFixed(length, true), reverbSend: createFixed(length, true), delaySend: createFixed(length, true) };
}

/**
 * Worker side: its own jobs and shared ones into a Mixer of its own, and front chunks into the mixing
 * thread's sums; returns its Mixer's sums (null if it mixed no job).
 */
export async function runMixSession(session: MixSession): Promise<PartialMix | null> {
  const shared = { sums: session.sums, ...(session.duck ? { duck: session.duck } : {}) };
  const cache = diskStemCache(session.cache.dir, session.cache.maxBytes);
  let own: Mixer | null = null;
  const mixer = () => (own ??= new Mixer(session.lengthSamples, session.tracks, session.options, { sums: sharedSums(session.lengthSamples), ...(session.duck ? { duck: session.duck } : {}) }));
  for (const job of session.own) await runMixJob(job, session.tracks[job.index]!, session.durationSeconds, mixer(), cache);
  await runSharedJobs(session, mixer, cache);
  mixFrontChunks(session, new Mixer(session.lengthSamples, session.tracks, session.options, shared));
  // Publishes the samples written by this thread to the mixing thread, which reads them after this flag.
  Atomics.store(session.claim, WORKER_DONE, 1);
  return own ? (own as Mixer).partial() : null;
}

/**
 * Mixing-thread side: opens the cached fronts (`fronts`: track index and front key; one that cannot be
 * read, trimmed away by another process, is mixed from its dry stem instead), starts the worker's share,
 * mixes the given stems, front chunks and then shared jobs, and adds the worker's partial (and that of
 * this thread's own jobs) to `mixer`, whose sums must be shared memory.
 */
export async function mixOnBothThreads(
  worker: WorkerThread,
  mixer: Mixer,
  cache: DiskStemCache,
  session: Omit<MixSession, "claim" | "cache" | "duck" | "sums" | "fronts">,
  fronts: { index: number; frontKey: string; stemKey: string }[],
  given: [PartName, StereoBuffer][],
): Promise<void> {
  const readers: StemReader[] = [];
  const opened: FrontPart[] = [];
  const lost: MixJob[] = [];
  for (const { index, frontKey, stemKey } of fronts) {
    const reader = cache.openReader(frontKey);
    if (reader?.skipped && reader.lufs !== undefined) {
      readers.push(reader);
      opened.push({ index, front: reader.open });
    } else {
      reader?.close();
      lost.push({ index, source: cache.has(stemKey) ? "dry" : "render", stemKey });
    }
  }
  const claim = new Int32Array(new SharedArrayBuffer(CLAIMS * Int32Array.BYTES_PER_ELEMENT));
  const full: MixSession = { ...session, fronts: opened, claim, sums: mixer.partial(), duck: mixer.duckCurve(), cache: { dir: cache.dir, maxBytes: cache.maxBytes } };
  const remote = worker.request<{ partial: PartialMix | null }>({ kind: "mix", session: full });
  try {
    // This thread's jobs go into a Mixer of their own: the worker may still be adding chunks to `mixer`.
    let own: Mixer | null = null;
    const ownMixer = () => (own ??= new Mixer(session.lengthSamples, session.tracks, session.options, { sums: sharedSums(session.lengthSamples), ...(full.duck ? { duck: full.duck } : {}) }));
    for (const [part, stem] of given) ownMixer().addStem(part, stem);
    mixFrontChunks(full, mixer);
    for (const job of lost) await runMixJob(job, session.tracks[job.index]!, session.durationSeconds, ownMixer(), cache);
    await runSharedJobs(full, ownMixer, cache);
    const { partial } = await remote;
    if (Atomics.load(claim, WORKER_DONE) !== 1) throw new Error("the worker's share of the mix is incomplete");
    if (partial) mixer.addPartial(partial);
    if (own) mixer.addPartial((own as Mixer).partial());
  } finally {
    // Only once the worker is done with them (or failed): it reads the files through these descriptors,
    // and a closed one's number may be reused for another file at once.
    await remote.catch(() => undefined);
    for (const reader of readers) reader.close();
  }
}
