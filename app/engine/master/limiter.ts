// A look-ahead brickwall limiter. The gain each sample needs (ceiling / peak) is held for the look-ahead
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
  truePeakDb: Decibels;
}

/**
 * Applies `inputGain` then limits. With `write`, the buffer is replaced by the output; either way the
 * output's integrated loudness and true peak are returned.
 */
export function limit(buffer: StereoBuffer, inputGain: Gain, settings: LimiterSettings, write: boolean): LimitedMeasurements {
  const { left, right } = buffer;
  const n = left.length;
  const window = Math.max(1, Math.round(settings.lookAheadSeconds * buffer.sampleRate));
  const ceiling = dbToGain(settings.ceilingDb);
  const release = onePoleCoefficient(settings.releaseSeconds, buffer.sampleRate);
  const ring = window + 1;
  const needed = new Float32Array(ring);
  // The deque holds ring slots of `needed` and, alongside, the sample index each slot came from.
  const deque = new Int32Array(ring);
  const dequeJ = new Float64Array(ring);
  let head = 0, size = 0;
  const smoothRing = new Float32Array(window).fill(1);
  let smoothSum = window;
  let held = 1;
  const meter = new LoudnessMeter(buffer.sampleRate);
  const peakMeter = new TruePeakMeter(ceiling);
  const outLeft = new Float32Array(OUT_BLOCK), outRight = new Float32Array(OUT_BLOCK);
  let outCount = 0, outStart = 0;

  // Ring positions advance with j and i; explicit wrap-around is much cheaper than `%` per sample.
  let tailSlot = 0;
  let smoothSlot = 0;
  for (let j = 0; j < n + window - 1; j++) {
    // Push the gain sample j needs into the sliding-minimum deque (values increase from head to tail).
    const peak = j < n ? Math.max(Math.abs(left[j]), Math.abs(right[j])) * inputGain : 0;
    const need = peak > ceiling ? ceiling / peak : 1;
    needed[tailSlot] = need;
    while (size > 0) {
      let last = head + size - 1;
      if (last >= ring) last -= ring;
      if (needed[deque[last]] < need) break;
      size--;
    }
    let slot = head + size;
    if (slot >= ring) slot -= ring;
    deque[slot] = tailSlot;
    dequeJ[slot] = j;
    size++;
    if (++tailSlot === ring) tailSlot = 0;
    const i = j - window + 1;
    if (i < 0) continue;
    while (dequeJ[head] < i) {
      if (++head === ring) head = 0;
      size--;
    }
    const minimum = needed[deque[head]];
    held = minimum < held ? minimum : minimum + (held - minimum) * release;
    smoothSum += held - smoothRing[smoothSlot];
    smoothRing[smoothSlot] = held;
    if (++smoothSlot === window) smoothSlot = 0;
    const g = (smoothSum / window) * inputGain;
    outLeft[outCount] = left[i] * g;
    outRight[outCount] = right[i] * g;
    if (++outCount === OUT_BLOCK || i === n - 1) {
      meter.add(outLeft, outRight, 0, outCount);
      peakMeter.add(outLeft, outRight, 0, outCount);
      if (write) {
        left.set(outLeft.subarray(0, outCount), outStart);
        right.set(outRight.subarray(0, outCount), outStart);
      }
      outStart += outCount;
      outCount = 0;
    }
  }
  return { lufs: meter.integrated(), truePeakDb: gainToDb(peakMeter.value()) };
}
