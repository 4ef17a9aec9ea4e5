// Mixes dry stems into one stereo mix, one stem at a time so the caller can free (or never hold) the
// other stems: each stem runs through its channel strip into the bus and the mono effect sends; finish()
// adds the reverb and delay returns and runs the style's bus chain. Stems must be added in a fixed order
// (track order) for byte-identical results, since floating-point sums depend on order.

import type { Bpm, Gain, PartName, StereoBuffer, Track } from "../types";
import { createStereo } from "../dsp/stereo";
import { dbToGain } from "../dsp/units";
import { integratedLoudness } from "../master/loudness";
import { BusChain } from "./busChain";
import { finishStrip, runChannelStrip, type StripSettings, type StripTargets } from "./channelStrip";
import { PingPongDelay } from "./delay";
import { KickPump, kickSamples } from "./kickPump";
import { mixStyle, type MixStyle } from "./mixStyles";
import { PART_MIX } from "./partDefaults";
import { PUMPING_FILTERS } from "./pumpingFilters";
import { Reverb, type ReverbSettings } from "./reverb";

/** Adds the reverb's return for mix samples [start, start + count), blocks in order. */
export type ReverbReturn = (mix: StereoBuffer, start: number, count: number) => void;

const BLOCK = 4096;
/** Stem gain staging never moves a stem by more than this. */
const MAX_STAGING_DB = 30;
/** Ceiling on kick ducking depth, so pumping never fully mutes a part. */
const MAX_PUMP_DEPTH = 0.85;

export interface MixOptions {
  mix: string;
  filter: string;
  tempoBpm: Bpm;
  intensity: number;
  levels: Partial<Record<PartName, Gain>>;
  seed: number;
}

/** What a Mixer has accumulated before its effects run: the dry bus and the mono effect sends. */
export interface PartialMix {
  bus: StereoBuffer;
  reverbSend: Float32Array;
  delaySend: Float32Array;
}

export class Mixer {
  private readonly style: MixStyle;
  private readonly mix: StereoBuffer;
  private readonly reverbSend: Float32Array;
  private readonly delaySend: Float32Array;
  private readonly kicks: number[];
  private readonly pumpDepth: number;
  /** The kick-keyed ducking gain over the whole song, made once: every pumping part ducks alike. */
  private pumpCurve: Float32Array | null = null;

  constructor(lengthSamples: number, tracks: Track[], private readonly options: MixOptions) {
    this.style = mixStyle(options.mix);
    this.mix = createStereo(lengthSamples);
    // Shared memory, so another thread can run the reverb over it (threads/reverbReturn.ts) without a copy.
    this.reverbSend = new Float32Array(new SharedArrayBuffer(lengthSamples * Float32Array.BYTES_PER_ELEMENT));
    this.delaySend = new Float32Array(lengthSamples);
    this.kicks = kickSamples(tracks);
    this.pumpDepth = Math.min(MAX_PUMP_DEPTH, Math.max(this.style.pumpDepth, PUMPING_FILTERS[options.filter] ?? 0));
  }

  /** `stemLufs`: the stem's integrated loudness if already measured (the stem worker does it). */
  addStem(part: PartName, stem: StereoBuffer, stemLufs: number = integratedLoudness(stem)): void {
    const strip = this.stripFor(part, stemLufs);
    if (strip) runChannelStrip(stem, strip, this.targets());
  }

  /**
   * Adds a stem whose strip front (gain, filters, compressor) another thread already ran with
   * stripFor(part, stemLufs) (mix/channelStrip.ts stripFront): the same result as addStem.
   */
  addFrontProcessedStem(part: PartName, processed: StereoBuffer, skipped: Uint8Array, stemLufs: number): void {
    const strip = this.stripFor(part, stemLufs);
    if (strip) finishStrip(processed, skipped, strip, this.targets());
  }

  /** The part's channel-strip settings for a stem of that loudness; null when the part adds nothing. */
  stripFor(part: PartName, stemLufs: number): StripSettings | null {
    const settings = PART_MIX[part];
    const level = this.options.levels[part] ?? 1;
    if (!Number.isFinite(stemLufs) || level <= 0) return null;
    // Gain staging by measurement: any instrument at any velocity lands at the part's target loudness.
    const stagingDb = Math.max(-MAX_STAGING_DB, Math.min(MAX_STAGING_DB, settings.targetLufs - stemLufs));
    const pumps = settings.pumps && this.pumpDepth > 0 && this.kicks.length > 0;
    return {
      part: settings,
      gain: dbToGain(stagingDb) * level,
      reverbSend: settings.reverbSend * dbToGain(this.style.reverbReturnDb),
      delaySend: settings.delaySend * dbToGain(this.style.delay.returnDb),
      pump: pumps ? this.pumpGains() : null,
    };
  }

  private pumpGains(): Float32Array {
    if (!this.pumpCurve) {
      this.pumpCurve = new Float32Array(this.mix.left.length);
      new KickPump(this.kicks, this.pumpDepth, this.options.tempoBpm).fill(this.pumpCurve, 0, this.pumpCurve.length);
    }
    return this.pumpCurve;
  }

  /** Length of the mix: a strip processes min(stem length, this). */
  get lengthSamples(): number {
    return this.mix.left.length;
  }

  private targets(): StripTargets {
    return { bus: this.mix, reverbSend: this.reverbSend, delaySend: this.delaySend };
  }

  /** The accumulated bus and sends, e.g. to hand from a worker thread to the main mixer. */
  partial(): PartialMix {
    return { bus: this.mix, reverbSend: this.reverbSend, delaySend: this.delaySend };
  }

  /** Sums another mixer's partial into this one (same length, same options). */
  addPartial(partial: PartialMix): void {
    const pairs: [Float32Array, Float32Array][] = [
      [this.mix.left, partial.bus.left],
      [this.mix.right, partial.bus.right],
      [this.reverbSend, partial.reverbSend],
      [this.delaySend, partial.delaySend],
    ];
    for (const [target, source] of pairs) for (let i = 0; i < target.length; i++) target[i] += source[i];
  }

  /** What the reverb return is made of, for another thread to make it (threads/reverbReturn.ts). */
  reverbInput(): { settings: ReverbSettings; send: Float32Array; length: number; block: number } {
    return { settings: this.style.reverb, send: this.reverbSend, length: this.mix.left.length, block: BLOCK };
  }

  /**
   * Adds the effect returns, runs the bus chain and returns the mix. Call once. `reverbReturn` adds the
   * reverb's return for a block made elsewhere (exactly what the reverb here would add); without it the
   * reverb runs here.
   */
  finish(reverbReturn?: ReverbReturn): StereoBuffer {
    const { mix, style } = this;
    const reverb = reverbReturn ? null : new Reverb(style.reverb);
    const delay = new PingPongDelay({ tempoBpm: this.options.tempoBpm, beats: style.delay.beats, feedback: style.delay.feedback });
    const bus = new BusChain(style, this.options.intensity, this.options.seed);
    const length = mix.left.length;
    for (let start = 0; start < length; start += BLOCK) {
      const count = Math.min(BLOCK, length - start);
      if (reverb) reverb.process(this.reverbSend, mix.left, mix.right, start, count);
      else reverbReturn!(mix, start, count);
      delay.process(this.delaySend, mix.left, mix.right, start, count);
      bus.process(mix, start, count);
    }
    return mix;
  }
}

/** Convenience: mixes a set of stems (in PART order) in one call. */
export function mixStems(stems: Partial<Record<PartName, StereoBuffer>>, tracks: Track[], options: MixOptions): StereoBuffer {
  const present = tracks.map((t) => t.part).filter((part) => stems[part]);
  const length = Math.max(0, ...present.map((part) => stems[part]?.left.length ?? 0));
  const mixer = new Mixer(length, tracks, options);
  for (const part of present) {
    const stem = stems[part];
    if (stem) mixer.addStem(part, stem);
  }
  return mixer.finish();
}
