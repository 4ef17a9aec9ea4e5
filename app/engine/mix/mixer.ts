// Mixes dry stems into one stereo mix, one stem at a time so the caller can free (or never hold) the
// other stems: each stem runs through its channel strip into the bus and the mono effect sends; finish()
// adds the reverb and delay returns and runs the style's bus chain. The bus and sends are fixed point
// (fixedPoint.ts), so stems may be added in any order, or into several Mixers (one per thread) whose
// partials are then added together, and the mix is the same to the byte.

import type { Bpm, Gain, PartName, StereoBuffer, Track } from "../types";
import { SAMPLE_RATE } from "../types";
import { dbToGain } from "../dsp/units";
import { integratedLoudness } from "../master/loudness";
import { BusChain } from "./busChain";
import { finishStrip, runChannelStrip, StripBack, type StripSettings, type StripTargets } from "./channelStrip";
import { EffectReturns, MIX_BLOCK, settleInto, type EffectShare, type EffectsInput } from "./effectReturns";
import { createFixed } from "./fixedPoint";
import { duckCurve, kickSamples } from "./kickPump";
import { mixStyle, type MixStyle } from "./mixStyles";
import { PART_MIX, type PartMix } from "./partDefaults";
import { PUMPING_FILTERS } from "./pumpingFilters";

/**
 * Effect returns made on another thread (threads/effectReturns.ts), block by block in order: take() waits
 * for the block of mix samples [start, start + count) and gives where it is; release() frees its slot.
 */
export interface RemoteReturns {
  share: EffectShare;
  take(start: number, count: number): { left: Float64Array; right: Float64Array; offset: number };
  release(): void;
}
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

/** What a Mixer has accumulated before its effects run: the fixed-point bus and mono effect sends. */
export type PartialMix = StripTargets;

/**
 * What the front of a part's channel strip (mix/channelStrip.ts stripFront) runs with for a stem of that
 * loudness: its settings and staging gain. No mix style changes them. Null when the part adds nothing.
 */
export function stripFrontFor(part: PartName, stemLufs: number, levels: MixOptions["levels"]): { part: PartMix; gain: Gain } | null {
  const settings = PART_MIX[part];
  const level = levels[part] ?? 1;
  if (!Number.isFinite(stemLufs) || level <= 0) return null;
  // Gain staging by measurement: any instrument at any velocity lands at the part's target loudness.
  const stagingDb = Math.max(-MAX_STAGING_DB, Math.min(MAX_STAGING_DB, settings.targetLufs - stemLufs));
  return { part: settings, gain: dbToGain(stagingDb) * level };
}

export class Mixer {
  private readonly style: MixStyle;
  private readonly sums: PartialMix;
  /** Other Mixers' sums, added in block by block when the effects run (finish). */
  private readonly partials: PartialMix[] = [];
  private finished = false;
  private readonly kicks: number[];
  private readonly pumpDepth: number;
  /** How far the kick ducks each sample (kickPump.ts duckCurve): every pumping part ducks alike. */
  private duck: Float32Array | null;

  /**
   * `sums`: zeroed fixed-point signals of this length to mix into, instead of new ones (a worker keeps
   * its own between renders). `duck`: the song's duck curve, from another thread's Mixer (duckCurve()).
   */
  constructor(
    readonly lengthSamples: number,
    tracks: Track[],
    private readonly options: MixOptions,
    shared: { sums?: PartialMix; duck?: Float32Array } = {},
  ) {
    this.style = mixStyle(options.mix);
    this.sums = shared.sums ?? {
      busLeft: createFixed(lengthSamples),
      busRight: createFixed(lengthSamples),
      // Shared memory, so the stem worker can make the effects' returns from them (threads/effectReturns.ts).
      reverbSend: createFixed(lengthSamples, true),
      delaySend: createFixed(lengthSamples, true),
    };
    this.duck = shared.duck ?? null;
    this.kicks = kickSamples(tracks);
    this.pumpDepth = Math.min(MAX_PUMP_DEPTH, Math.max(this.style.pumpDepth, PUMPING_FILTERS[options.filter] ?? 0));
  }

  /** Whether any part of these tracks ducks under the kick (so a pump curve is needed). */
  private get pumps(): boolean {
    return this.pumpDepth > 0 && this.kicks.length > 0;
  }

  /** The duck curve (shared memory), for another thread's Mixer of the same song; null when no part pumps. */
  duckCurve(): Float32Array | null {
    if (!this.pumps) return null;
    this.duck ??= duckCurve(this.kicks, this.options.tempoBpm, this.lengthSamples);
    return this.duck;
  }

  /** `stemLufs`: the stem's integrated loudness if already measured (the stem worker does it). */
  addStem(part: PartName, stem: StereoBuffer, stemLufs: number = integratedLoudness(stem)): void {
    const strip = this.stripFor(part, stemLufs);
    if (strip) runChannelStrip(stem, strip, this.targets());
  }

  /**
   * Adds a stem whose strip front (gain, filters, compressor) already ran with stripFor(part, stemLufs)
   * (mix/channelStrip.ts stripFront), here or on another thread: the same result as addStem.
   */
  addFrontProcessedStem(part: PartName, processed: StereoBuffer, skipped: Uint8Array, stemLufs: number): void {
    const strip = this.stripFor(part, stemLufs);
    if (strip) finishStrip(processed, skipped, strip, this.targets());
  }

  /**
   * The rest of the part's strip for its front (stripFront output, of a stem of that loudness) streamed in
   * stretches (StripBack.add); null when the part adds nothing. The same sums as addFrontProcessedStem.
   */
  stripBackFor(part: PartName, stemLufs: number, skipped: Uint8Array): StripBack | null {
    const strip = this.stripFor(part, stemLufs);
    return strip ? new StripBack(strip, skipped, this.targets()) : null;
  }

  /** The part's channel-strip settings for a stem of that loudness; null when the part adds nothing. */
  stripFor(part: PartName, stemLufs: number): StripSettings | null {
    const front = stripFrontFor(part, stemLufs, this.options.levels);
    if (!front) return null;
    const settings = front.part;
    const pumps = settings.pumps && this.pumps;
    return {
      ...front,
      reverbSend: settings.reverbSend * dbToGain(this.style.reverbReturnDb),
      delaySend: settings.delaySend * dbToGain(this.style.delay.returnDb),
      pump: pumps ? { duck: this.duckCurve()!, depth: this.pumpDepth } : null,
    };
  }

  private targets(): StripTargets {
    if (this.finished) throw new Error("Mixer: stems added after the mix was finished");
    return this.sums;
  }

  /** The accumulated bus and sends, e.g. to hand from a worker thread to the main mixer. */
  partial(): PartialMix {
    return this.targets();
  }

  /**
   * Adds another mixer's partial (same length and options) into this one: exact, in any order. It is
   * read as the effects run (finish), so it must stay unchanged until then.
   */
  addPartial(partial: PartialMix): void {
    this.targets();
    this.partials.push(partial);
  }

  /** What the effects' returns are made from, for another thread to make them (threads/effectReturns.ts). */
  effectsInput(): EffectsInput {
    const all = [this.sums, ...this.partials];
    return { mix: this.options.mix, tempoBpm: this.options.tempoBpm, length: this.lengthSamples, sends: { reverb: all.map((mix) => mix.reverbSend), delay: all.map((mix) => mix.delaySend) } };
  }

  /**
   * Turns the sums into the float mix block by block (the bus's memory becomes the mix), adds the
   * effects' returns (made here, or, for the effects in its share, by `remote` from effectsInput()) and
   * runs the bus chain. Call once; no stems after it.
   */
  finish(remote?: RemoteReturns): StereoBuffer {
    this.finished = true;
    const { sums, partials, style } = this;
    const length = this.lengthSamples;
    // Sums of its own become the mix in place; shared ones (both threads add into them, threads/editMix.ts) into new
    // buffers, which the master may then move to another thread and back (masterOnWorker.ts).
    const inPlace = !(sums.busLeft.buffer instanceof SharedArrayBuffer);
    const left = inPlace ? new Float32Array(sums.busLeft.buffer, sums.busLeft.byteOffset, length) : new Float32Array(length);
    const right = inPlace ? new Float32Array(sums.busRight.buffer, sums.busRight.byteOffset, length) : new Float32Array(length);
    const mix: StereoBuffer = { sampleRate: SAMPLE_RATE, left, right };
    const busLeft = [sums.busLeft, ...partials.map((partial) => partial.busLeft)];
    const busRight = [sums.busRight, ...partials.map((partial) => partial.busRight)];
    const here = remote ? { reverb: !remote.share.reverb, delay: !remote.share.delay } : { reverb: true, delay: true };
    const local = here.reverb || here.delay ? new EffectReturns(this.effectsInput(), here) : null;
    const localLeft = new Float64Array(MIX_BLOCK), localRight = new Float64Array(MIX_BLOCK);
    const bus = new BusChain(style, this.options.intensity, this.options.seed);
    for (let start = 0; start < length; start += MIX_BLOCK) {
      const count = Math.min(MIX_BLOCK, length - start);
      // In place: each sample's integers are read before its float is written.
      settleInto(left.subarray(start, start + count), busLeft, start, count);
      settleInto(right.subarray(start, start + count), busRight, start, count);
      local?.render(start, count, localLeft, localRight, 0);
      if (remote) {
        const far = remote.take(start, count);
        const farLeft = far.left, farRight = far.right, offset = far.offset;
        if (local) {
          for (let k = 0; k < count; k++) {
            left[start + k] += farLeft[offset + k] + localLeft[k];
            right[start + k] += farRight[offset + k] + localRight[k];
          }
        } else {
          for (let k = 0; k < count; k++) {
            left[start + k] += farLeft[offset + k];
            right[start + k] += farRight[offset + k];
          }
        }
        remote.release();
      } else {
        for (let k = 0; k < count; k++) {
          left[start + k] += localLeft[k];
          right[start + k] += localRight[k];
        }
      }
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
