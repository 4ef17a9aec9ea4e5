// Helpers for StereoBuffer: allocation, summing, peak. Allocation happens once per stage, never per block.

import type { Gain, Samples, StereoBuffer } from "../types";
import { SAMPLE_RATE } from "../types";

export function createStereo(length: Samples, sampleRate: number = SAMPLE_RATE): StereoBuffer {
  return { sampleRate, left: new Float32Array(length), right: new Float32Array(length) };
}

/** Adds `source * gain` into `target` (lengths may differ; the overlap is summed). */
export function addInto(target: StereoBuffer, source: StereoBuffer, gain: Gain = 1): void {
  const n = Math.min(target.left.length, source.left.length);
  const tl = target.left, tr = target.right, sl = source.left, sr = source.right;
  for (let i = 0; i < n; i++) {
    tl[i] += sl[i] * gain;
    tr[i] += sr[i] * gain;
  }
}

export function scaleInPlace(buffer: StereoBuffer, gain: Gain): void {
  const { left, right } = buffer;
  for (let i = 0; i < left.length; i++) {
    left[i] *= gain;
    right[i] *= gain;
  }
}

export function samplePeak(buffer: StereoBuffer): number {
  let peak = 0;
  const { left, right } = buffer;
  for (let i = 0; i < left.length; i++) {
    const a = Math.abs(left[i]), b = Math.abs(right[i]);
    if (a > peak) peak = a;
    if (b > peak) peak = b;
  }
  return peak;
}

export function cloneStereo(buffer: StereoBuffer): StereoBuffer {
  return { sampleRate: buffer.sampleRate, left: buffer.left.slice(), right: buffer.right.slice() };
}
