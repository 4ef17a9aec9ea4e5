// True-peak level per BS.1770-4 Annex 2: the signal is 4× oversampled with a windowed-sinc interpolator
// and the largest absolute value is the true peak. Interpolating every sample costs ~100 multiplies, so
// only samples next to a loud one are interpolated: an inter-sample peak can exceed the level of its
// neighbours by a few dB at most, so a threshold 6 dB under the level of interest loses nothing.
// The meter streams (blocks of any size), so the master can measure a limiter's output without storing it.

import type { Decibels, StereoBuffer } from "../types";
import { gainToDb } from "../dsp/units";

const OVERSAMPLING = 4;
const TAPS = 12;
const HALF = TAPS / 2;
/** Samples below this fraction of the level of interest skip interpolation. */
const CANDIDATE_RATIO = 0.5;

/** Polyphase interpolation kernels for the 3 in-between phases (phase 0 is the sample itself). */
const KERNELS: Float64Array[] = Array.from({ length: OVERSAMPLING - 1 }, (_, p) => {
  const fraction = (p + 1) / OVERSAMPLING;
  const kernel = new Float64Array(TAPS);
  for (let k = 0; k < TAPS; k++) {
    const x = k - (HALF - 1) - fraction;
    const sinc = Math.sin(Math.PI * x) / (Math.PI * x);
    // Blackman window over the kernel span keeps the interpolation error around 0.1 dB.
    const w = 0.42 + 0.5 * Math.cos((Math.PI * x) / (HALF + 1)) + 0.08 * Math.cos((2 * Math.PI * x) / (HALF + 1));
    kernel[k] = sinc * w;
  }
  return kernel;
});

export class TruePeakMeter {
  private peak = 0;
  /**
   * The last TAPS samples of each channel, stored twice in a ring of 2×TAPS so the window ending at the
   * newest sample is always contiguous: it is ring[position+1 .. position+TAPS].
   */
  private readonly rings = [new Float64Array(2 * TAPS), new Float64Array(2 * TAPS)];
  private position = 0;
  private readonly threshold: number;

  /** `levelOfInterest`: peaks far below it need no exact value (e.g. the limiter ceiling). */
  constructor(levelOfInterest: number) {
    this.threshold = levelOfInterest * CANDIDATE_RATIO;
  }

  add(left: Float32Array, right: Float32Array, start: number, count: number): void {
    this.scan(0, left, start, count);
    this.position = this.scan(1, right, start, count);
  }

  /** Feeds one channel only: a meter for one channel of a stereo signal (the other measured elsewhere). */
  addChannel(x: Float32Array, start: number, count: number): void {
    this.position = this.scan(0, x, start, count);
  }

  /** Scans x[start, start+count) through ring `c`, from the current position; returns the new position. */
  private scan(c: number, x: Float32Array, start: number, count: number): number {
    const [p0k0, p0k1, p0k2, p0k3, p0k4, p0k5, p0k6, p0k7, p0k8, p0k9, p0k10, p0k11] = KERNELS[0];
    const [p1k0, p1k1, p1k2, p1k3, p1k4, p1k5, p1k6, p1k7, p1k8, p1k9, p1k10, p1k11] = KERNELS[1];
    const [p2k0, p2k1, p2k2, p2k3, p2k4, p2k5, p2k6, p2k7, p2k8, p2k9, p2k10, p2k11] = KERNELS[2];
    const ring = this.rings[c];
    let peak = this.peak;
    let position = this.position;
    for (let i = start, end = start + count; i < end; i++) {
      position = position + 1 === TAPS ? 0 : position + 1;
      const v = x[i];
      ring[position] = v;
      ring[position + TAPS] = v;
      const a = v < 0 ? -v : v;
      if (a > peak) peak = a;
      // Interpolate between the two centre samples of the window when either is loud.
      const w = position + 1;
      const before = ring[w + HALF - 1], after = ring[w + HALF];
      if ((before < 0 ? -before : before) < this.threshold && (after < 0 ? -after : after) < this.threshold) continue;
      // The three phases, written out: each sums its 12 products in the same order as a loop would
      // (so the same value), loading the window once instead of once per phase.
      const r0 = ring[w], r1 = ring[w + 1], r2 = ring[w + 2], r3 = ring[w + 3], r4 = ring[w + 4], r5 = ring[w + 5];
      const r6 = ring[w + 6], r7 = ring[w + 7], r8 = ring[w + 8], r9 = ring[w + 9], r10 = ring[w + 10], r11 = ring[w + 11];
      let y = p0k0 * r0 + p0k1 * r1 + p0k2 * r2 + p0k3 * r3 + p0k4 * r4 + p0k5 * r5 + p0k6 * r6 + p0k7 * r7 + p0k8 * r8 + p0k9 * r9 + p0k10 * r10 + p0k11 * r11;
      let m = y < 0 ? -y : y;
      if (m > peak) peak = m;
      y = p1k0 * r0 + p1k1 * r1 + p1k2 * r2 + p1k3 * r3 + p1k4 * r4 + p1k5 * r5 + p1k6 * r6 + p1k7 * r7 + p1k8 * r8 + p1k9 * r9 + p1k10 * r10 + p1k11 * r11;
      m = y < 0 ? -y : y;
      if (m > peak) peak = m;
      y = p2k0 * r0 + p2k1 * r1 + p2k2 * r2 + p2k3 * r3 + p2k4 * r4 + p2k5 * r5 + p2k6 * r6 + p2k7 * r7 + p2k8 * r8 + p2k9 * r9 + p2k10 * r10 + p2k11 * r11;
      m = y < 0 ? -y : y;
      if (m > peak) peak = m;
    }
    this.peak = peak;
    return position;
  }

  /** Linear true peak so far. */
  value(): number {
    return this.peak;
  }
}

/** Linear true peak of the louder channel of a whole buffer. */
export function truePeak(buffer: StereoBuffer): number {
  let samplePeak = 0;
  for (const channel of [buffer.left, buffer.right]) for (let i = 0; i < channel.length; i++) samplePeak = Math.max(samplePeak, Math.abs(channel[i]));
  const meter = new TruePeakMeter(samplePeak);
  meter.add(buffer.left, buffer.right, 0, buffer.left.length);
  return meter.value();
}

export const truePeakDb = (buffer: StereoBuffer): Decibels => gainToDb(truePeak(buffer));
