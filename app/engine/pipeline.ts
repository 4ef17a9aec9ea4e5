// The whole engine, end to end: compose -> produce -> scheduleTracks -> render stems and channel strips
// (pipelined over both cores) -> mix effects -> ambient bed -> master (a channel per core) -> encode (the
// WAV, whose PCM feeds the MP3's two halves on both cores, then peaks and MIDI). renderFromParts() starts
// from an existing composition and production, which is what the edit flow calls after notes or sounds
// change.

import { compose, describeComposition, produce, scheduleTracks } from "./compose";
import { encodeMp3Parallel, prewarmMp3Worker, WavWriter, songDescription, songPeaks, toMidiFile, type SongDescription, type SongPeaks } from "./encode";
import { encodePcmNative, nativeLamePath } from "./encode/nativeMp3";
import { STANDARD_MASTER, type FirstSeconds, type MasterPreset } from "./master";
import { addAmbience } from "./sfx";
import { flushStemCacheWrites, prewarmRenderWorker, renderMix } from "./threads";
import { masterMix } from "./threads/masterOnWorker";
import { prepareStripFronts } from "./threads/prepareEdit";
import { prewarmProcessHost } from "./threads/processHost";
import { diskStemCache } from "./threads/stemCache";
import type { Bpm, Composition, Decibels, Lufs, PartName, Production, Seconds, SongParams, StereoBuffer, Track } from "./types";
import { SAMPLE_RATE, STEPS_PER_SEGMENT } from "./types";

/** Release tails and reverb ring on after the last note. */
const TAIL_SECONDS: Seconds = 3;

export interface RenderOptions {
  /** Render only this window of the song (tests and previews); the description still covers the whole song. */
  excerpt?: { startSeconds: Seconds; seconds: Seconds };
  master?: MasterPreset;
  /** Render stems on a worker thread while this one mixes (default true). Output is identical either way. */
  parallel?: boolean;
  /** Return the dry stems so the caller can cache them. */
  keepStems?: boolean;
  /** Stems from an earlier render, by part: those parts are not rendered again. */
  stems?: Partial<Record<PartName, StereoBuffer>>;
  /**
   * Fade the mastered audio in and out (style and filter previews: a clip that starts and ends softly).
   * Applied after the master, so the loudness the master measured stays that of the music.
   */
  fade?: { inSeconds: Seconds; outSeconds: Seconds };
  /** Skip the MP3 (e.g. a WAV-only export); the WAV is always written. */
  mp3?: boolean;
  /**
   * Keep rendered stems in this directory and reuse them: an edit then renders only the parts it changed
   * (threads/stemCache.ts). Output is identical with or without it.
   */
  stemCache?: { dir: string; maxBytes: number };
  /**
   * Awaited between steps (each part of the mix, each op of a two-thread master, each second fed to LAME):
   * a render nobody waits for (a pool song) pauses there while a user's render runs in the process
   * (threads/songWorker.ts, threads/foregroundGate.ts).
   * Output is the same whenever it pauses.
   */
  pauseWhile?: () => Promise<void>;
  /**
   * Called with an MP3 of the song's first `seconds`, mastered with the limiter's first settings, as soon
   * as the compressor has run, while the master searches for the final settings and the song encodes: an
   * edit is playable from then on. Its PCM is the finished song's first seconds when the master lands on
   * those settings, else within one to two dB of level (master/masterChain.ts, FirstSeconds). Not called for a
   * song shorter than that, a faded one, or without the native LAME program.
   */
  earlyMp3?: EarlyMp3;
}

export interface EarlyMp3 {
  seconds: Seconds;
  ready: (mp3: Uint8Array) => void;
}

export interface RenderStats {
  durationSeconds: Seconds;
  tempo: Bpm;
  key: string;
  lufs: Lufs;
  truePeakDb: Decibels;
  /** The master's limiter passes (1: it landed on the settings the early MP3 had). */
  limiterPasses: number;
  /** Wall-clock milliseconds per stage. */
  timings: Record<string, number>;
}

export interface SongRender {
  composition: Composition;
  production: Production;
  tracks: Track[];
  mp3: Uint8Array | null;
  wav: Uint8Array;
  midi: Uint8Array;
  peaks: SongPeaks;
  description: SongDescription;
  stats: RenderStats;
  stems?: Partial<Record<PartName, StereoBuffer>>;
}

export async function renderSong(params: SongParams, options: RenderOptions & { productionSeed?: number } = {}): Promise<SongRender> {
  prewarmWorkers(options);
  let t = performance.now();
  const composition = compose(params);
  const composeMs = performance.now() - t;
  t = performance.now();
  const production = produce(params, composition, options.productionSeed);
  const produceMs = performance.now() - t;
  const song = await renderFromParts(composition, production, options);
  song.stats.timings = { compose: composeMs, produce: produceMs, ...song.stats.timings };
  song.stats.timings.total += composeMs + produceMs;
  return song;
}

export async function renderFromParts(composition: Composition, production: Production, options: RenderOptions = {}): Promise<SongRender> {
  prewarmWorkers(options);
  const started = performance.now();
  const timings: Record<string, number> = {};
  const stage = <T>(name: string, work: () => T): T => {
    const t = performance.now();
    const result = work();
    timings[name] = performance.now() - t;
    return result;
  };

  const { tracks, lengthSamples, segmentSeconds } = stage("schedule", () => scheduleRender(composition, production, options.excerpt));

  const mixed = await renderMix({
    tracks,
    lengthSamples,
    options: { mix: production.mix, filter: composition.filter, tempoBpm: composition.tempo, intensity: production.intensity, levels: production.levels, seed: production.seed },
    parallel: options.parallel ?? true,
    keepStems: options.keepStems ?? false,
    cachedStems: options.stems,
    ...(options.stemCache ? { stemCache: diskStemCache(options.stemCache.dir, options.stemCache.maxBytes) } : {}),
    ...(options.pauseWhile ? { pauseWhile: options.pauseWhile } : {}),
  });
  timings.render = mixed.timings.stemsMs;
  timings.mix = mixed.timings.effectsMs;
  const mix = mixed.mix;
  stage("sfx", () => addAmbience(mix, production.sfx, production.seed));
  await options.pauseWhile?.();
  let t = performance.now();
  const early = earlyMaster(options, production.seed, () => (timings.earlyMp3 = performance.now() - started));
  const mastered = await masterMix(mix, options.master ?? STANDARD_MASTER, options.parallel ?? true, early?.first, options.pauseWhile);
  timings.master = performance.now() - t;
  if (options.fade) fadeInOut(mastered.audio, options.fade.inSeconds, options.fade.outSeconds);
  await options.pauseWhile?.();

  t = performance.now();
  // Both cores encode the MP3, one half each, spliced at a frame boundary: with the LAME program, two
  // processes fed the WAV's PCM as it is quantised (encodeMp3Parallel quantises it). Once it is, the peaks
  // and MIDI below are made while LAME runs.
  const wavWriter = new WavWriter(mastered.audio, production.seed);
  const mp3Pending = options.mp3 === false ? Promise.resolve(null) : encodeMp3Parallel(mastered.audio, wavWriter, options.pauseWhile);
  if (options.mp3 === false) wavWriter.quantise(0, mastered.audio.left.length);
  await wavWriter.complete;
  const wav = wavWriter.bytes;
  const peaks = songPeaks(mastered.audio, segmentSeconds, composition.segments.length);
  const midi = toMidiFile(composition, production);
  const renderedSeconds = lengthSamples / SAMPLE_RATE;
  const description = songDescription(describeComposition(composition, production), {
    renderedSeconds,
    lufs: mastered.lufs,
    truePeakDb: mastered.truePeakDb,
    mix: production.mix,
    sfx: production.sfx,
  });
  const mp3 = await mp3Pending;
  await early?.sent;
  timings.encode = performance.now() - t;
  // An edit's new stems and strip fronts are written to the stem cache once the song is done, rather than
  // while the mix or LAME waited for them; the next render waits for them before it looks in the cache.
  // A failed write only costs a later render (the stem is rendered again), so it is not this render's error.
  if (options.stemCache) setImmediate(() => void flushStemCacheWrites().catch(() => undefined));
  timings.total = performance.now() - started;

  return {
    composition,
    production,
    tracks,
    mp3,
    wav,
    midi,
    peaks,
    description,
    stats: { durationSeconds: renderedSeconds, tempo: composition.tempo, key: composition.key.name, lufs: mastered.lufs, truePeakDb: mastered.truePeakDb, limiterPasses: mastered.limiterPasses, timings },
    ...(options.keepStems ? { stems: mixed.stems } : {}),
  };
}

/**
 * Gets a song ready for its first edit (threads/prepareEdit.ts): the stem cache gets every sounding part's
 * strip front, so the edit reads them instead of running each part's strip. Returns how many it made.
 */
export async function prepareEdit(composition: Composition, production: Production, options: Required<Pick<RenderOptions, "stemCache">> & Pick<RenderOptions, "excerpt" | "pauseWhile">): Promise<number> {
  const { tracks, lengthSamples } = scheduleRender(composition, production, options.excerpt);
  const cache = diskStemCache(options.stemCache.dir, options.stemCache.maxBytes);
  return prepareStripFronts(tracks, lengthSamples, production.levels, cache, options.pauseWhile);
}

/**
 * The tracks a render plays and its length: what renderFromParts mixes, and what the per-part stems of a
 * download are rendered from (the stem cache's keys depend on exactly these).
 */
export function scheduleRender(composition: Composition, production: Production, excerpt?: RenderOptions["excerpt"]): { tracks: Track[]; lengthSamples: number; segmentSeconds: Seconds } {
  const tracks = excerptTracks(scheduleTracks(composition, production), excerpt);
  const segmentSeconds = (60 / composition.tempo / 4) * STEPS_PER_SEGMENT;
  const songSeconds = excerpt ? excerpt.seconds : composition.segments.length * segmentSeconds;
  return { tracks, lengthSamples: Math.ceil((songSeconds + TAIL_SECONDS) * SAMPLE_RATE), segmentSeconds };
}

/**
 * The master's first seconds (FirstSeconds), encoded by their own LAME process as soon as the master hands
 * them over, then `earlyMp3.ready`; `sent` settles once that is done. Dithered as the song's WAV is (same
 * seed, same blocks), so they are the same PCM as the finished song's first seconds whenever the master
 * lands on its first settings. A failed encode only loses the early seconds: the song's own encode reports
 * LAME's failures.
 */
function earlyMaster(options: RenderOptions, ditherSeed: number, mark: () => void): { first: FirstSeconds; sent: Promise<void> } | null {
  const lame = nativeLamePath();
  const earlyMp3 = options.earlyMp3;
  if (!earlyMp3 || !lame || options.fade || options.mp3 === false) return null;
  let sent: Promise<void> = Promise.resolve();
  const first: FirstSeconds = {
    samples: Math.round(earlyMp3.seconds * SAMPLE_RATE),
    ready: (audio) => {
      const wav = new WavWriter(audio, ditherSeed);
      wav.quantise(0, audio.left.length);
      sent = encodePcmNative(wav.pcm(0, audio.left.length), audio.sampleRate, lame).then(
        (mp3) => {
          mark();
          earlyMp3.ready(mp3);
        },
        () => undefined,
      );
      return sent;
    },
  };
  return {
    first,
    get sent() {
      return sent;
    },
  };
}

/** Workers take a moment to start; starting them first overlaps that with composing and scheduling. */
function prewarmWorkers(options: RenderOptions): void {
  if (options.parallel ?? true) prewarmRenderWorker();
  if (options.mp3 === false) return;
  if (nativeLamePath()) prewarmProcessHost();
  else prewarmMp3Worker();
}

/** Keeps the notes that start inside the window, shifted so the window starts at 0. */
function excerptTracks(tracks: Track[], excerpt: RenderOptions["excerpt"]): Track[] {
  if (!excerpt) return tracks;
  const { startSeconds, seconds } = excerpt;
  return tracks.map((track) => {
    const keep = track.notes.map((note, i) => ({ note, i })).filter(({ note }) => note.time >= startSeconds && note.time < startSeconds + seconds);
    return {
      ...track,
      notes: keep.map(({ note }) => ({ ...note, time: note.time - startSeconds })),
      ...(track.drumSounds ? { drumSounds: keep.map(({ i }) => track.drumSounds![i]) } : {}),
    };
  });
}

/** Linear gain ramps from silence over the first `inSeconds` and to silence over the last `outSeconds`, in place. */
export function fadeInOut(buffer: StereoBuffer, inSeconds: Seconds, outSeconds: Seconds): void {
  const length = buffer.left.length;
  const fadeIn = Math.min(length, Math.round(inSeconds * buffer.sampleRate));
  const fadeOut = Math.min(length, Math.round(outSeconds * buffer.sampleRate));
  for (let i = 0; i < fadeIn; i++) {
    const gain = i / fadeIn;
    buffer.left[i] *= gain;
    buffer.right[i] *= gain;
  }
  for (let i = 0; i < fadeOut; i++) {
    const index = length - 1 - i;
    const gain = i / fadeOut;
    buffer.left[index] *= gain;
    buffer.right[index] *= gain;
  }
}
