// A look-ahead brickwall limiter. The gain each sample needs (ceiling / peak) is held over the look-ahead
// window (a sliding minimum), released exponentially, then smoothed by a moving average of the same
// window, so the gain is fully down when a peak arrives and no sample exceeds the ceiling. It streams
// with O(window) memory, and can either write its output in place or only measure it (loudness and true
// peak); the master uses the measuring mode to search for its settings without copying the song.

import type { Decibels, Gain, Lufs, Seconds, StereoBuffer } from "../types";
import { dbToGain, gainToDb, onePoleCoefficient } from "../dsp/units";
import { ChannelLoudness, LoudnessMeter, type ChannelPieces } from "./loudness";
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
 * Applies `inputGain` then limits. With `write`, the buffer is replaced by the output; with `output`, the
 * output is written there instead (same length; the input is left as it is). Either way the output's
 * integrated loudness (and, with `truePeak`, its true peak, the costlier measurement) is returned.
 */
export function limit(
  buffer: StereoBuffer,
  inputGain: Gain,
  settings: LimiterSettings,
  mode: { write: boolean; truePeak: boolean; output?: StereoBuffer },
): LimitedMeasurements {
  const { left, right } = buffer;
  const meter = new LoudnessMeter(buffer.sampleRate);
  const peakMeter = new TruePeakMeter(dbToGain(settings.ceilingDb));
  const outLeft = new Float32Array(OUT_BLOCK), outRight = new Float32Array(OUT_BLOCK);
  // Each block is read before it is written, so writing in place gives the same output as elsewhere.
  const target = mode.output ?? (mode.write ? buffer : null);
  forEachGainBlock(limiterPlan(buffer, inputGain, settings), left.length, (gains, start, count) => {
    for (let k = 0; k < count; k++) {
      outLeft[k] = left[start + k] * gains[k];
      outRight[k] = right[start + k] * gains[k];
    }
    meter.add(outLeft, outRight, 0, count);
    if (mode.truePeak) peakMeter.add(outLeft, outRight, 0, count);
    if (target) {
      target.left.set(outLeft.subarray(0, count), start);
      target.right.set(outRight.subarray(0, count), start);
    }
  });
  return { lufs: meter.integrated(), truePeakDb: mode.truePeak ? gainToDb(peakMeter.value()) : -Infinity };
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

export function limiterPlan(buffer: StereoBuffer, inputGain: Gain, settings: LimiterSettings): LimiterPlan {
  const { left, right } = buffer;
  const n = left.length;
  const window = Math.max(1, Math.round(settings.lookAheadSeconds * buffer.sampleRate));
  const ceiling = dbToGain(settings.ceilingDb);
  // The gain held at sample i is the smaller of its own block's need and the next block's, which covers
  // every peak in [i, i + window): a conservative sliding minimum at a fraction of the cost.
  const blocks = Math.ceil(n / window) + 1;
  const blockNeed = new Float32Array(blocks).fill(1);
  for (let b = 0, i = 0; i < n; b++) {
    let loudest = 0;
    for (const end = Math.min(n, i + window); i < end; i++) {
      const l = Math.abs(left[i]), r = Math.abs(right[i]);
      if (l > loudest) loudest = l;
      if (r > loudest) loudest = r;
    }
    const peak = loudest * inputGain;
    if (peak > ceiling) blockNeed[b] = ceiling / peak;
  }
  return { blockNeed, window, release: onePoleCoefficient(settings.releaseSeconds, buffer.sampleRate), inputGain, ceiling };
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
