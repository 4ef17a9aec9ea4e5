// One part's channel strip: gain staging, high-pass and EQ, compression, width and pan, kick-keyed pumping,
// then the dry signal into the mix bus and mono sends to the reverb and delay (both effects sum their
// input to mono anyway, so mono sends halve the memory). Runs over the whole stem in blocks with
// scratch buffers allocated once; the per-block loop allocates nothing. The bus and sends are fixed point
// (fixedPoint.ts), so parts add up to the same bytes in any order.

import type { Gain, StereoBuffer } from "../types";
import { Biquad } from "../dsp/biquad";
import { Compressor } from "../dsp/compressor";
import { FIXED_ONE, type FixedSignal } from "./fixedPoint";
import type { PartMix } from "./partDefaults";

/** Strip blocks: the front skips silent ones, and the cached front records which (stripFront). */
export const STRIP_BLOCK = 4096;
const BLOCK = STRIP_BLOCK;

export interface StripTargets {
  busLeft: FixedSignal;
  busRight: FixedSignal;
  reverbSend: FixedSignal;
  delaySend: FixedSignal;
}

export interface StripSettings {
  part: PartMix;
  gain: Gain;
  reverbSend: Gain;
  delaySend: Gain;
  /** How far the kick ducks each song sample (mix/kickPump.ts) and how deep, or null for a part that does not pump. */
  pump: { duck: Float32Array; depth: number } | null;
}

function isSilent(left: Float32Array, right: Float32Array, start: number, count: number): boolean {
  for (let i = start, end = start + count; i < end; i++) if (left[i] !== 0 || right[i] !== 0) return false;
  return true;
}

export function runChannelStrip(stem: StereoBuffer, settings: StripSettings, targets: StripTargets): void {
  const length = Math.min(stem.left.length, targets.busLeft.length);
  const front = new ChannelStripFront(settings.part, settings.gain);
  const back = new ChannelStripBack(settings);
  const left = new Float32Array(BLOCK);
  const right = new Float32Array(BLOCK);
  for (let start = 0; start < length; start += BLOCK) {
    const count = Math.min(BLOCK, length - start);
    if (front.process(stem, start, count, left, right)) back.process(left, right, 0, start, count, targets);
  }
}

/**
 * Runs the front of the strip (gain, filters, compressor) over the whole stem, in place or into `output`,
 * so it can be kept or run on another thread; finishStrip() then does the rest. Together they give
 * exactly what runChannelStrip gives. Returns one flag per block: 1 where the block was silent and skipped
 * (nothing is written there).
 */
export function stripFront(stem: StereoBuffer, part: PartMix, gain: Gain, length: number, output: StereoBuffer = stem): Uint8Array {
  const front = new ChannelStripFront(part, gain);
  const skipped = new Uint8Array(Math.ceil(length / BLOCK));
  for (let start = 0, b = 0; start < length; start += BLOCK, b++) {
    const count = Math.min(BLOCK, length - start);
    if (!front.process(stem, start, count, output.left.subarray(start, start + count), output.right.subarray(start, start + count))) skipped[b] = 1;
  }
  return skipped;
}

/** The rest of the strip for a stem stripFront() processed: pan, width, pumping, bus and sends. */
export function finishStrip(processed: StereoBuffer, skipped: Uint8Array, settings: StripSettings, targets: StripTargets): void {
  new StripBack(settings, skipped, targets).add(processed.left, processed.right, 0, 0, Math.min(processed.left.length, targets.busLeft.length));
}

/**
 * finishStrip() a stretch at a time: add() takes song samples [start, start + count) of a stripFront()
 * output from left/right[from...], so a front can be streamed into the mix a chunk at a time. Stretches
 * start on a strip block (4096 samples), like the skip flags.
 */
export class StripBack {
  private readonly back: ChannelStripBack;

  constructor(
    settings: StripSettings,
    private readonly skipped: Uint8Array,
    private readonly targets: StripTargets,
  ) {
    this.back = new ChannelStripBack(settings);
  }

  add(left: Float32Array, right: Float32Array, from: number, start: number, count: number): void {
    if (start % BLOCK !== 0) throw new Error(`StripBack: a stretch must start on a block, not at ${start}`);
    const end = Math.min(start + count, this.targets.busLeft.length);
    for (let at = start; at < end; at += BLOCK) {
      if (!this.skipped[at / BLOCK]) this.back.process(left, right, from + (at - start), at, Math.min(BLOCK, end - at), this.targets);
    }
  }
}

/** Gain staging, high-pass and EQ, compression. */
class ChannelStripFront {
  // Per channel: the high-pass, then the corrective EQ bands.
  private readonly filters: Biquad[][];
  private readonly compressor: Compressor;

  constructor(part: PartMix, private readonly gain: Gain) {
    this.filters = [0, 1].map(() => [{ shape: "highpass" as const, frequencyHz: part.highpassHz, q: 0.707 }, ...part.eq].map((settings) => new Biquad(settings)));
    this.compressor = new Compressor({
      thresholdDb: part.targetLufs + part.compressorThresholdLu,
      ratio: part.compressorRatio,
      attackSeconds: 0.008,
      releaseSeconds: 0.15,
    });
  }

  /**
   * Processes stem[start, start+count) into left/right[0, count) (which may be the stem itself); false
   * when the block was silent and skipped (nothing written).
   */
  process(stem: StereoBuffer, start: number, count: number, left: Float32Array, right: Float32Array): boolean {
    const { filters, gain } = this;
    const stemLeft = stem.left, stemRight = stem.right;
    // Parts are silent for whole sections; a silent block into filters at rest adds nothing.
    if (isSilent(stemLeft, stemRight, start, count) && filters.every((chain) => chain.every((f) => f.isAtRest()))) {
      this.compressor.rest(count);
      return false;
    }
    for (let n = 0; n < count; n++) {
      left[n] = stemLeft[start + n] * gain;
      right[n] = stemRight[start + n] * gain;
    }
    Biquad.processStereoChain(filters[0], filters[1], left, right, 0, count);
    this.compressor.process(left, right, 0, count);
    return true;
  }
}

/** Width and pan, kick-keyed pumping, then into the bus and the mono effect sends. */
class ChannelStripBack {
  // The block's mid signal at full (double) precision, for the sends.
  private readonly mid = new Float64Array(BLOCK);
  // Pan and send gains in fixed-point units (a power-of-two scale: the same products, exactly).
  private readonly panLeft: number;
  private readonly panRight: number;
  private readonly reverbGain: number;
  private readonly delayGain: number;

  constructor(private readonly settings: StripSettings) {
    // Constant-power pan law, normalised so a centred part passes at unity.
    const angle = ((settings.part.pan + 1) * Math.PI) / 4;
    this.panLeft = Math.cos(angle) * Math.SQRT2 * FIXED_ONE;
    this.panRight = Math.sin(angle) * Math.SQRT2 * FIXED_ONE;
    this.reverbGain = settings.reverbSend * FIXED_ONE;
    this.delayGain = settings.delaySend * FIXED_ONE;
  }

  /** Adds the processed block left/right[from, from+count) (song samples [start, start+count)) into the targets. */
  process(left: Float32Array, right: Float32Array, from: number, start: number, count: number, targets: StripTargets): void {
    const { mid, panLeft, panRight, reverbGain, delayGain } = this;
    const { pump } = this.settings;
    const width = this.settings.part.width;
    const { busLeft, busRight, reverbSend, delaySend } = targets;
    // Each contribution is truncated to a whole fixed-point step (`| 0`); the integer sums are exact.
    // Two loops rather than a gain of 1 for parts that do not pump: x * 1 is x, so the bytes are the same.
    if (pump) {
      const { duck, depth } = pump;
      for (let n = 0; n < count; n++) {
        const l0 = left[from + n], r0 = right[from + n];
        const i = start + n;
        const gain = 1 - depth * duck[i];
        const m = 0.5 * (l0 + r0) * gain;
        const side = 0.5 * (l0 - r0) * width * gain;
        busLeft[i] += ((m + side) * panLeft) | 0;
        busRight[i] += ((m - side) * panRight) | 0;
        mid[n] = m;
      }
    } else {
      for (let n = 0; n < count; n++) {
        const l0 = left[from + n], r0 = right[from + n];
        const i = start + n;
        const m = 0.5 * (l0 + r0);
        const side = 0.5 * (l0 - r0) * width;
        busLeft[i] += ((m + side) * panLeft) | 0;
        busRight[i] += ((m - side) * panRight) | 0;
        mid[n] = m;
      }
    }
    // Most parts feed one effect or none: adding `mid * 0` would leave the send as it is, so skip it.
    if (reverbGain !== 0) for (let n = 0; n < count; n++) reverbSend[start + n] += (mid[n] * reverbGain) | 0;
    if (delayGain !== 0) for (let n = 0; n < count; n++) delaySend[start + n] += (mid[n] * delayGain) | 0;
  }
}
