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
const TINY = 1e-15;

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
}
