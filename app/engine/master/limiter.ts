// A look-ahead brickwall limiter. The gain each sample needs (ceiling / peak) is held over the look-ahead
// window (a sliding minimum), released exponentially, then smoothed by a moving average of the same
// window, so the gain is fully down when a peak arrives and no sample exceeds the ceiling. It streams
// with O(window) memory, and can either write its output in place or only measure it (loudness and true
// peak); the master uses the measuring mode to search for its settings without copying the song.

import type { Decibels, Gain, Lufs, Seconds, StereoBuffer } from "../types";
import { dbToGain, gainToDb, onePoleCoefficient } from "../dsp/units";
import { LoudnessMeter } from "./loudness";
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
  const n = left.length;
  const window = Math.max(1, Math.round(settings.lookAheadSeconds * buffer.sampleRate));
  const ceiling = dbToGain(settings.ceilingDb);
  const release = onePoleCoefficient(settings.releaseSeconds, buffer.sampleRate);
  // The gain each window-sized block needs (the minimum over the block). The gain held at sample i is
  // the smaller of its own block's and the next block's, which covers every peak in [i, i + window):
  // a conservative sliding minimum at a fraction of the cost.
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
  // The song is preceded by an imagined stretch already at the first window's gain, so a peak in the
  // first few milliseconds is caught too. Float64 so the running sum's additions and subtractions
  // cancel exactly over millions of samples.
  let held = Math.min(blockNeed[0], blockNeed[1]);
  const smoothRing = new Float64Array(window).fill(held);
  let smoothSum = window * held;
  let smoothSlot = 0;
  const meter = new LoudnessMeter(buffer.sampleRate);
  const peakMeter = new TruePeakMeter(ceiling);
  const outLeft = new Float32Array(OUT_BLOCK), outRight = new Float32Array(OUT_BLOCK);
  // Each block is read before it is written, so writing in place gives the same output as elsewhere.
  const target = mode.output ?? (mode.write ? buffer : null);
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
      const g = (smoothSum / window) * inputGain;
      outLeft[k] = left[start + k] * g;
      outRight[k] = right[start + k] * g;
    }
    meter.add(outLeft, outRight, 0, count);
    if (mode.truePeak) peakMeter.add(outLeft, outRight, 0, count);
    if (target) {
      target.left.set(outLeft.subarray(0, count), start);
      target.right.set(outRight.subarray(0, count), start);
    }
  }
  return { lufs: meter.integrated(), truePeakDb: mode.truePeak ? gainToDb(peakMeter.value()) : -Infinity };
}
