// A biquad filter (RBJ Audio EQ Cookbook formulas), transposed direct form II. One instance filters one
// channel; stereo users keep two. Coefficients can be changed between blocks without clicks large enough
// to matter for the slow sweeps we use.

import type { Decibels, Hertz } from "../types";
import { SAMPLE_RATE } from "../types";

/**
 * Outputs below this (−300 dB) are flushed to zero. A filter ringing out over silence otherwise decays
 * into subnormal floats, and every stage after it (Float32Array stores and loads included) slows down
 * by an order of magnitude on x86.
 */
export const TINY = 1e-15;

export type BiquadShape = "lowpass" | "highpass" | "bandpass" | "peak" | "lowshelf" | "highshelf";

export interface BiquadSettings {
  shape: BiquadShape;
  frequencyHz: Hertz;
  /** Resonance; 0.707 is maximally flat for low/high-pass. */
  q: number;
  /** Only for peak and shelf shapes. */
  gainDb?: Decibels;
}

export class Biquad {
  private b0 = 1;
  private b1 = 0;
  private b2 = 0;
  private a1 = 0;
  private a2 = 0;
  private z1 = 0;
  private z2 = 0;

  constructor(settings?: BiquadSettings, private readonly sampleRate: number = SAMPLE_RATE) {
    if (settings) this.set(settings);
  }

  set({ shape, frequencyHz, q, gainDb = 0 }: BiquadSettings): void {
    const f = Math.min(Math.max(frequencyHz, 10), this.sampleRate * 0.49);
    const w0 = (2 * Math.PI * f) / this.sampleRate;
    const cos = Math.cos(w0);
    const alpha = Math.sin(w0) / (2 * q);
    const a = Math.pow(10, gainDb / 40);
    let b0: number, b1: number, b2: number, a0: number, a1: number, a2: number;
    switch (shape) {
      case "lowpass":
        b0 = (1 - cos) / 2; b1 = 1 - cos; b2 = b0;
        a0 = 1 + alpha; a1 = -2 * cos; a2 = 1 - alpha;
        break;
      case "highpass":
        b0 = (1 + cos) / 2; b1 = -(1 + cos); b2 = b0;
        a0 = 1 + alpha; a1 = -2 * cos; a2 = 1 - alpha;
        break;
      case "bandpass":
        b0 = alpha; b1 = 0; b2 = -alpha;
        a0 = 1 + alpha; a1 = -2 * cos; a2 = 1 - alpha;
        break;
      case "peak":
        b0 = 1 + alpha * a; b1 = -2 * cos; b2 = 1 - alpha * a;
        a0 = 1 + alpha / a; a1 = -2 * cos; a2 = 1 - alpha / a;
        break;
      case "lowshelf": {
        const s = 2 * Math.sqrt(a) * alpha;
        b0 = a * (a + 1 - (a - 1) * cos + s); b1 = 2 * a * (a - 1 - (a + 1) * cos); b2 = a * (a + 1 - (a - 1) * cos - s);
        a0 = a + 1 + (a - 1) * cos + s; a1 = -2 * (a - 1 + (a + 1) * cos); a2 = a + 1 + (a - 1) * cos - s;
        break;
      }
      case "highshelf": {
        const s = 2 * Math.sqrt(a) * alpha;
        b0 = a * (a + 1 + (a - 1) * cos + s); b1 = -2 * a * (a - 1 + (a + 1) * cos); b2 = a * (a + 1 + (a - 1) * cos - s);
        a0 = a + 1 - (a - 1) * cos + s; a1 = 2 * (a - 1 - (a + 1) * cos); a2 = a + 1 - (a - 1) * cos - s;
        break;
      }
    }
    this.b0 = b0 / a0; this.b1 = b1 / a0; this.b2 = b2 / a0;
    this.a1 = a1 / a0; this.a2 = a2 / a0;
  }

  /** Sets raw normalised coefficients (a0 = 1), for filters specified by their coefficients (K-weighting). */
  setCoefficients(b0: number, b1: number, b2: number, a1: number, a2: number): void {
    this.b0 = b0; this.b1 = b1; this.b2 = b2;
    this.a1 = a1; this.a2 = a2;
  }

  /** The coefficients and state, for a loop that runs the filter inline (e.g. mix/delay.ts); see setState. */
  state(): { b0: number; b1: number; b2: number; a1: number; a2: number; z1: number; z2: number } {
    return { b0: this.b0, b1: this.b1, b2: this.b2, a1: this.a1, a2: this.a2, z1: this.z1, z2: this.z2 };
  }

  setState(z1: number, z2: number): void {
    this.z1 = z1;
    this.z2 = z2;
  }

  /** True when the filter holds no energy: zero input will give zero output. */
  isAtRest(): boolean {
    return this.z1 === 0 && this.z2 === 0;
  }

  /** Filters one sample. */
  tick(x: number): number {
    let y = this.b0 * x + this.z1;
    if (y < TINY && y > -TINY) y = 0;
    this.z1 = this.b1 * x - this.a1 * y + this.z2;
    this.z2 = this.b2 * x - this.a2 * y;
    return y;
  }

  /** Filters `buffer[start, start+count)` in place. */
  process(buffer: Float32Array, start: number = 0, count: number = buffer.length - start): void {
    const { b0, b1, b2, a1, a2 } = this;
    let z1 = this.z1, z2 = this.z2;
    const end = start + count;
    for (let i = start; i < end; i++) {
      const x = buffer[i];
      let y = b0 * x + z1;
      if (y < TINY && y > -TINY) y = 0;
      z1 = b1 * x - a1 * y + z2;
      z2 = b2 * x - a2 * y;
      buffer[i] = y;
    }
    this.z1 = z1;
    this.z2 = z2;
  }

  /**
   * Runs `leftChain` over `left` and `rightChain` over `right` (same length: stage k of each is the same
   * filter), exactly as calling process() for every filter in turn would, to the bit. It is faster because
   * a biquad's recursion is a chain of dependent multiply-adds that leaves the CPU mostly waiting: here
   * up to four independent recursions (two stages of both channels) run interleaved in one loop, and the
   * samples between two stages stay in registers (rounded to float32 exactly as a buffer store would).
   */
  static processStereoChain(leftChain: readonly Biquad[], rightChain: readonly Biquad[], left: Float32Array, right: Float32Array, start = 0, count = left.length - start): void {
    for (let k = 0; k < leftChain.length; k += 2) {
      if (k + 1 < leftChain.length) processTwoStagesStereo(leftChain[k], leftChain[k + 1], rightChain[k], rightChain[k + 1], left, right, start, count);
      else processOneStageStereo(leftChain[k], rightChain[k], left, right, start, count);
    }
  }

  /**
   * Runs `chain` over one channel, exactly as calling process() for every filter in turn would, to the
   * bit: two stages per loop (the first stage's output rounded to float32 as a buffer store would), so the
   * two recursions overlap and the samples are read and written half as often.
   */
  static processChain(chain: readonly Biquad[], samples: Float32Array, start = 0, count = samples.length - start): void {
    for (let k = 0; k < chain.length; k += 2) {
      if (k + 1 < chain.length) processTwoStages(chain[k], chain[k + 1], samples, start, count);
      else chain[k].process(samples, start, count);
    }
  }
}

// The helpers below repeat process()'s arithmetic operation for operation (same order, same flush),
// which is what keeps processStereoChain and processChain bit-identical to it.

function processTwoStages(first: Biquad, second: Biquad, samples: Float32Array, start: number, count: number): void {
  const s = first as unknown as BiquadState, u = second as unknown as BiquadState;
  const lb0 = s.b0, lb1 = s.b1, lb2 = s.b2, la1 = s.a1, la2 = s.a2;
  const mb0 = u.b0, mb1 = u.b1, mb2 = u.b2, ma1 = u.a1, ma2 = u.a2;
  let lz1 = s.z1, lz2 = s.z2, mz1 = u.z1, mz2 = u.z2;
  for (let i = start, end = start + count; i < end; i++) {
    const x = samples[i];
    let y = lb0 * x + lz1;
    if (y < TINY && y > -TINY) y = 0;
    lz1 = lb1 * x - la1 * y + lz2;
    lz2 = lb2 * x - la2 * y;
    const w = Math.fround(y);
    let m = mb0 * w + mz1;
    if (m < TINY && m > -TINY) m = 0;
    mz1 = mb1 * w - ma1 * m + mz2;
    mz2 = mb2 * w - ma2 * m;
    samples[i] = m;
  }
  s.z1 = lz1; s.z2 = lz2; u.z1 = mz1; u.z2 = mz2;
}

function processOneStageStereo(l: Biquad, r: Biquad, left: Float32Array, right: Float32Array, start: number, count: number): void {
  const s = l as unknown as BiquadState, t = r as unknown as BiquadState;
  const lb0 = s.b0, lb1 = s.b1, lb2 = s.b2, la1 = s.a1, la2 = s.a2;
  const rb0 = t.b0, rb1 = t.b1, rb2 = t.b2, ra1 = t.a1, ra2 = t.a2;
  let lz1 = s.z1, lz2 = s.z2, rz1 = t.z1, rz2 = t.z2;
  for (let i = start, end = start + count; i < end; i++) {
    const xl = left[i];
    const xr = right[i];
    let yl = lb0 * xl + lz1;
    let yr = rb0 * xr + rz1;
    if (yl < TINY && yl > -TINY) yl = 0;
    if (yr < TINY && yr > -TINY) yr = 0;
    lz1 = lb1 * xl - la1 * yl + lz2;
    rz1 = rb1 * xr - ra1 * yr + rz2;
    lz2 = lb2 * xl - la2 * yl;
    rz2 = rb2 * xr - ra2 * yr;
    left[i] = yl;
    right[i] = yr;
  }
  s.z1 = lz1; s.z2 = lz2; t.z1 = rz1; t.z2 = rz2;
}

function processTwoStagesStereo(l1: Biquad, l2: Biquad, r1: Biquad, r2: Biquad, left: Float32Array, right: Float32Array, start: number, count: number): void {
  const s = l1 as unknown as BiquadState, t = r1 as unknown as BiquadState;
  const u = l2 as unknown as BiquadState, v = r2 as unknown as BiquadState;
  const lb0 = s.b0, lb1 = s.b1, lb2 = s.b2, la1 = s.a1, la2 = s.a2;
  const rb0 = t.b0, rb1 = t.b1, rb2 = t.b2, ra1 = t.a1, ra2 = t.a2;
  const mb0 = u.b0, mb1 = u.b1, mb2 = u.b2, ma1 = u.a1, ma2 = u.a2;
  const nb0 = v.b0, nb1 = v.b1, nb2 = v.b2, na1 = v.a1, na2 = v.a2;
  let lz1 = s.z1, lz2 = s.z2, rz1 = t.z1, rz2 = t.z2;
  let mz1 = u.z1, mz2 = u.z2, nz1 = v.z1, nz2 = v.z2;
  for (let i = start, end = start + count; i < end; i++) {
    const xl = left[i];
    const xr = right[i];
    let yl = lb0 * xl + lz1;
    let yr = rb0 * xr + rz1;
    if (yl < TINY && yl > -TINY) yl = 0;
    if (yr < TINY && yr > -TINY) yr = 0;
    lz1 = lb1 * xl - la1 * yl + lz2;
    rz1 = rb1 * xr - ra1 * yr + rz2;
    lz2 = lb2 * xl - la2 * yl;
    rz2 = rb2 * xr - ra2 * yr;
    // What the first stage would have stored in the Float32Array and the second read back.
    const wl = Math.fround(yl);
    const wr = Math.fround(yr);
    let ml = mb0 * wl + mz1;
    let mr = nb0 * wr + nz1;
    if (ml < TINY && ml > -TINY) ml = 0;
    if (mr < TINY && mr > -TINY) mr = 0;
    mz1 = mb1 * wl - ma1 * ml + mz2;
    nz1 = nb1 * wr - na1 * mr + nz2;
    mz2 = mb2 * wl - ma2 * ml;
    nz2 = nb2 * wr - na2 * mr;
    left[i] = ml;
    right[i] = mr;
  }
  s.z1 = lz1; s.z2 = lz2; t.z1 = rz1; t.z2 = rz2;
  u.z1 = mz1; u.z2 = mz2; v.z1 = nz1; v.z2 = nz2;
}

/** A Biquad's fields, for the stereo helpers above (they are private to users of the class). */
interface BiquadState {
  b0: number; b1: number; b2: number; a1: number; a2: number; z1: number; z2: number;
}
