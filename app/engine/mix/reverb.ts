// An 8-line feedback delay network reverb (Jot's FDN): a pre-delay, two input allpass diffusers, eight
// mutually prime delay lines mixed through a normalised Hadamard matrix, a one-pole damping low-pass in
// each loop (highs die faster, as in real rooms), and per-line gains set from the decay time (RT60).
// process() adds the wet signal into the outputs and allocates nothing.

import type { Seconds } from "../types";
import { SAMPLE_RATE } from "../types";

export interface ReverbSettings {
  /** RT60: time for the tail to fall by 60 dB. */
  decaySeconds: Seconds;
  preDelaySeconds: Seconds;
  /** Scales the delay lines: 0.3 a small room, 1 a hall, 1.6 a canyon. */
  size: number;
  /** 0..1: how much high frequencies are damped per loop (0 = bright). */
  damping: number;
}

const LINE_MS = [29.7, 37.1, 41.1, 43.7, 53.3, 59.9, 67.7, 73.1];
const DIFFUSER_MS = [4.7, 11.3];
const DIFFUSER_GAIN = 0.6;
const LINES = LINE_MS.length;
/** −300 dB: flushed to zero. */
const TINY = 1e-15;

/** A circular buffer; `index` is both the read (oldest) and write position. */
class DelayLine {
  readonly buffer: Float32Array;
  index = 0;
  constructor(readonly length: number) {
    this.buffer = new Float32Array(length);
  }
}

export class Reverb {
  private readonly preDelay: DelayLine;
  private readonly diffusers: DelayLine[];
  private readonly lines: DelayLine[];
  private readonly gains: Float64Array;
  private readonly lowpass: Float64Array;
  private readonly damping: number;

  constructor(settings: ReverbSettings, sampleRate: number = SAMPLE_RATE) {
    this.preDelay = new DelayLine(Math.max(1, Math.round(settings.preDelaySeconds * sampleRate)));
    this.diffusers = DIFFUSER_MS.map((ms) => new DelayLine(Math.round((ms * sampleRate) / 1000)));
    this.lines = LINE_MS.map((ms) => new DelayLine(Math.max(2, Math.round((ms * settings.size * sampleRate) / 1000))));
    // Each pass through a line of length d must lose 60 dB * d / RT60.
    this.gains = Float64Array.from(this.lines, (line) => Math.pow(10, (-3 * line.length) / (settings.decaySeconds * sampleRate)));
    this.lowpass = new Float64Array(LINES);
    this.damping = Math.min(0.95, Math.max(0, settings.damping));
  }

  /**
   * Adds the reverb of the mono `input` into the outputs over [start, start+count).
   * The eight lines, their filters and the Hadamard mix are written out by hand with every state in a
   * local: the same arithmetic in the same order as a loop over the lines (so the same bytes), without
   * a property load per line per sample.
   */
  process(input: Float32Array, outLeft: Float32Array | Float64Array, outRight: Float32Array | Float64Array, start: number, count: number, outStart: number = start): void {
    const { lines, gains, lowpass, damping, preDelay, diffusers } = this;
    const pre = preDelay.buffer, preLength = preDelay.length;
    let pi = preDelay.index;
    const d0 = diffusers[0].buffer, d0n = diffusers[0].length, d1 = diffusers[1].buffer, d1n = diffusers[1].length;
    let d0i = diffusers[0].index, d1i = diffusers[1].index;
    const b0 = lines[0].buffer, b1 = lines[1].buffer, b2 = lines[2].buffer, b3 = lines[3].buffer;
    const b4 = lines[4].buffer, b5 = lines[5].buffer, b6 = lines[6].buffer, b7 = lines[7].buffer;
    const n0 = lines[0].length, n1 = lines[1].length, n2 = lines[2].length, n3 = lines[3].length;
    const n4 = lines[4].length, n5 = lines[5].length, n6 = lines[6].length, n7 = lines[7].length;
    let i0 = lines[0].index, i1 = lines[1].index, i2 = lines[2].index, i3 = lines[3].index;
    let i4 = lines[4].index, i5 = lines[5].index, i6 = lines[6].index, i7 = lines[7].index;
    const g0 = gains[0], g1 = gains[1], g2 = gains[2], g3 = gains[3], g4 = gains[4], g5 = gains[5], g6 = gains[6], g7 = gains[7];
    let l0 = lowpass[0], l1 = lowpass[1], l2 = lowpass[2], l3 = lowpass[3], l4 = lowpass[4], l5 = lowpass[5], l6 = lowpass[6], l7 = lowpass[7];
    const scale = HADAMARD_SCALE;
    // Song sample i is written at out[i - shift]: a block of the effects' returns (mix/effectReturns.ts).
    const shift = start - outStart;
    for (let i = start, end = start + count; i < end; i++) {
      let x = pre[pi];
      pre[pi] = input[i];
      if (++pi === preLength) pi = 0;
      // Schroeder allpasses: smear the input's transients before they enter the network.
      let delayed = d0[d0i];
      let v = x + DIFFUSER_GAIN * delayed;
      d0[d0i] = v;
      if (++d0i === d0n) d0i = 0;
      x = delayed - DIFFUSER_GAIN * v;
      delayed = d1[d1i];
      v = x + DIFFUSER_GAIN * delayed;
      d1[d1i] = v;
      if (++d1i === d1n) d1i = 0;
      x = delayed - DIFFUSER_GAIN * v;

      const y0 = b0[i0], y1 = b1[i1], y2 = b2[i2], y3 = b3[i3], y4 = b4[i4], y5 = b5[i5], y6 = b6[i6], y7 = b7[i7];
      l0 = y0 + damping * (l0 - y0); l1 = y1 + damping * (l1 - y1); l2 = y2 + damping * (l2 - y2); l3 = y3 + damping * (l3 - y3);
      l4 = y4 + damping * (l4 - y4); l5 = y5 + damping * (l5 - y5); l6 = y6 + damping * (l6 - y6); l7 = y7 + damping * (l7 - y7);
      let left = 0, right = 0;
      left += y0; right += y1; left += y2; right += y3; left += y4; right += y5; left += y6; right += y7;
      // Walsh-Hadamard transform of the eight damped, decayed lines, scaled to be orthonormal.
      const m0 = l0 * g0, m1 = l1 * g1, m2 = l2 * g2, m3 = l3 * g3, m4 = l4 * g4, m5 = l5 * g5, m6 = l6 * g6, m7 = l7 * g7;
      const a0 = m0 + m1, a1 = m0 - m1, a2 = m2 + m3, a3 = m2 - m3;
      const a4 = m4 + m5, a5 = m4 - m5, a6 = m6 + m7, a7 = m6 - m7;
      const c0 = a0 + a2, c1 = a1 + a3, c2 = a0 - a2, c3 = a1 - a3;
      const c4 = a4 + a6, c5 = a5 + a7, c6 = a4 - a6, c7 = a5 - a7;
      // Lines 2, 3, 6 and 7 take the input inverted; tails ringing out over silence are flushed to zero
      // rather than decaying into slow subnormal floats.
      let w = (c0 + c4) * scale + x; if (Math.abs(w) < TINY) w = 0; b0[i0] = w; if (++i0 === n0) i0 = 0;
      w = (c1 + c5) * scale + x; if (Math.abs(w) < TINY) w = 0; b1[i1] = w; if (++i1 === n1) i1 = 0;
      w = (c2 + c6) * scale + -x; if (Math.abs(w) < TINY) w = 0; b2[i2] = w; if (++i2 === n2) i2 = 0;
      w = (c3 + c7) * scale + -x; if (Math.abs(w) < TINY) w = 0; b3[i3] = w; if (++i3 === n3) i3 = 0;
      w = (c0 - c4) * scale + x; if (Math.abs(w) < TINY) w = 0; b4[i4] = w; if (++i4 === n4) i4 = 0;
      w = (c1 - c5) * scale + x; if (Math.abs(w) < TINY) w = 0; b5[i5] = w; if (++i5 === n5) i5 = 0;
      w = (c2 - c6) * scale + -x; if (Math.abs(w) < TINY) w = 0; b6[i6] = w; if (++i6 === n6) i6 = 0;
      w = (c3 - c7) * scale + -x; if (Math.abs(w) < TINY) w = 0; b7[i7] = w; if (++i7 === n7) i7 = 0;
      outLeft[i - shift] += left * 0.25;
      outRight[i - shift] += right * 0.25;
    }
    preDelay.index = pi;
    diffusers[0].index = d0i;
    diffusers[1].index = d1i;
    lines[0].index = i0; lines[1].index = i1; lines[2].index = i2; lines[3].index = i3;
    lines[4].index = i4; lines[5].index = i5; lines[6].index = i6; lines[7].index = i7;
    lowpass[0] = l0; lowpass[1] = l1; lowpass[2] = l2; lowpass[3] = l3; lowpass[4] = l4; lowpass[5] = l5; lowpass[6] = l6; lowpass[7] = l7;
  }
}

const HADAMARD_SCALE = 0.35355339059327373; // 1 / sqrt(8)
