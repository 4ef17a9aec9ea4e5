// A look-ahead brickwall limiter. The gain each sample needs (ceiling / peak) is held over the look-ahead
// window (a sliding minimum), released exponentially, then smoothed by a moving average of the same
// window, so the gain is fully down when a peak arrives and no sample exceeds the ceiling. The gain is
// planned from both channels' window peaks (one value per 5 ms), then each channel is limited on its own
// (limitChannel, on either thread) into an output buffer while its loudness and true peak are measured.

import type { Decibels, Gain, Lufs, Seconds } from "../types";
import { dbToGain, onePoleCoefficient } from "../dsp/units";
import { ChannelLoudness, type ChannelPieces } from "./loudness";
import { TruePeakMeter } from "./truePeak";

export interface LimiterSettings {
  ceilingDb: Decibels;
  lookAheadSeconds: Seconds;
  releaseSeconds: Seconds;
}

const OUT_BLOCK = 4096;

export interface LimitedMeasurements {
  lufs: Lufs;
  /** −Infinity when true peak was not measured. */
  truePeakDb: Decibels;
}

/**
 * What the limiter's gain curve is made from: the gain each window-sized block needs (the minimum over
 * the block), from both channels. Small (one value per 5 ms), so it can be sent to another thread that
 * limits one channel (limitChannel) with the same gain as this one.
 */
export interface LimiterPlan {
  blockNeed: Float32Array;
  window: number;
  release: number;
  inputGain: Gain;
  ceiling: Gain;
}

/** The limiter's window (its look-ahead) in samples. */
export function limiterWindow(settings: Pick<LimiterSettings, "lookAheadSeconds">, sampleRate: number): number {
  return Math.max(1, Math.round(settings.lookAheadSeconds * sampleRate));
}

/**
 * The largest magnitude of each window-sized block of one channel (fed in pieces), from which, with the
 * other channel's, limiterPlanFromPeaks makes the plan for any input gain and ceiling without reading
 * the samples again.
 */
export class WindowPeaks {
  readonly peaks: Float32Array;
  private block = 0;
  private fill = 0;
  private loudest = 0;

  constructor(length: number, private readonly window: number) {
    this.peaks = new Float32Array(Math.ceil(length / window));
  }

  add(x: Float32Array, start: number, count: number): void {
    const { window, peaks } = this;
    let { block, fill, loudest } = this;
    for (let i = start, end = start + count; i < end; i++) {
      const a = Math.abs(x[i]);
      if (a > loudest) loudest = a;
      if (++fill === window) {
        peaks[block++] = loudest;
        fill = 0;
        loudest = 0;
      }
    }
    // A last, shorter block is complete when the channel ends: its peak so far is written each time.
    if (fill > 0) peaks[block] = loudest;
    this.block = block;
    this.fill = fill;
    this.loudest = loudest;
  }
}

/** limiterPlan() from both channels' window peaks (WindowPeaks): the same plan, without the samples. */
export function limiterPlanFromPeaks(left: Float32Array, right: Float32Array, sampleRate: number, inputGain: Gain, settings: LimiterSettings): LimiterPlan {
  const window = limiterWindow(settings, sampleRate);
  const ceiling = dbToGain(settings.ceilingDb);
  const blockNeed = new Float32Array(left.length + 1).fill(1);
  for (let b = 0; b < left.length; b++) {
    const peak = (left[b] > right[b] ? left[b] : right[b]) * inputGain;
    if (peak > ceiling) blockNeed[b] = ceiling / peak;
  }
  return { blockNeed, window, release: onePoleCoefficient(settings.releaseSeconds, sampleRate), inputGain, ceiling };
}


/** One channel's share of limit(): its output's loudness pieces and (when measured) its true peak. */
export interface ChannelLimited {
  loudness: ChannelPieces;
  /** Linear; 0 when not measured. */
  truePeak: number;
}

/**
 * limit() for one channel, into `output`, with the gain planned from both (limiterPlan), so two threads
 * can share a pass: the measurements combine to limit()'s to the bit (loudnessOfChannels, the larger
 * true peak).
 */
export function limitChannel(input: Float32Array, plan: LimiterPlan, sampleRate: number, mode: { truePeak: boolean; output: Float32Array }): ChannelLimited {
  const meter = new ChannelLoudness(sampleRate);
  const peakMeter = new TruePeakMeter(plan.ceiling);
  const out = new Float32Array(OUT_BLOCK);
  forEachGainBlock(plan, input.length, (gains, start, count) => {
    for (let k = 0; k < count; k++) out[k] = input[start + k] * gains[k];
    meter.add(out, 0, count);
    if (mode.truePeak) peakMeter.addChannel(out, 0, count);
    mode.output.set(out.subarray(0, count), start);
  });
  return { loudness: meter.pieces(), truePeak: mode.truePeak ? peakMeter.value() : 0 };
}

/**
 * The limiter's gain (input gain included) for each of `n` samples, handed to `apply` a block of
 * OUT_BLOCK at a time, in order: the block needs held, released exponentially, then smoothed by a moving
 * average of the window.
 */
function forEachGainBlock(plan: LimiterPlan, n: number, apply: (gains: Float64Array, start: number, count: number) => void): void {
  const { blockNeed, window, release, inputGain } = plan;
  // The song is preceded by an imagined stretch already at the first window's gain, so a peak in the
  // first few milliseconds is caught too. Float64 so the running sum's additions and subtractions
  // cancel exactly over millions of samples.
  let held = Math.min(blockNeed[0], blockNeed[1]);
  const smoothRing = new Float64Array(window).fill(held);
  let smoothSum = window * held;
  let smoothSlot = 0;
  const gains = new Float64Array(OUT_BLOCK);
  for (let start = 0; start < n; start += OUT_BLOCK) {
    const count = Math.min(OUT_BLOCK, n - start);
    let b = Math.floor(start / window);
    let untilNextBlock = (b + 1) * window - start;
    let minimum = Math.min(blockNeed[b], blockNeed[b + 1]);
    for (let k = 0; k < count; k++) {
      if (untilNextBlock-- === 0) {
        b++;
        untilNextBlock = window - 1;
        minimum = Math.min(blockNeed[b], blockNeed[b + 1]);
      }
      held = minimum < held ? minimum : minimum + (held - minimum) * release;
      // Moving average over the last `window` held values: all of them are at or below the gain the
      // current sample needs, so the smoothed gain never lets a peak through.
      smoothSum += held - smoothRing[smoothSlot];
      smoothRing[smoothSlot] = held;
      if (++smoothSlot === window) smoothSlot = 0;
      gains[k] = (smoothSum / window) * inputGain;
    }
    apply(gains, start, count);
  }
}
