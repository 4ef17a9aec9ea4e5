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
  private readonly mixed = new Float64Array(LINES);

  constructor(settings: ReverbSettings, sampleRate: number = SAMPLE_RATE) {
    this.preDelay = new DelayLine(Math.max(1, Math.round(settings.preDelaySeconds * sampleRate)));
    this.diffusers = DIFFUSER_MS.map((ms) => new DelayLine(Math.round((ms * sampleRate) / 1000)));
    this.lines = LINE_MS.map((ms) => new DelayLine(Math.max(2, Math.round((ms * settings.size * sampleRate) / 1000))));
    // Each pass through a line of length d must lose 60 dB * d / RT60.
    this.gains = Float64Array.from(this.lines, (line) => Math.pow(10, (-3 * line.length) / (settings.decaySeconds * sampleRate)));
    this.lowpass = new Float64Array(LINES);
    this.damping = Math.min(0.95, Math.max(0, settings.damping));
  }

  /** Adds the reverb of the mono `input` into the outputs over [start, start+count). */
  process(input: Float32Array, outLeft: Float32Array, outRight: Float32Array, start: number, count: number): void {
    const { lines, gains, lowpass, mixed, damping, preDelay, diffusers } = this;
    for (let i = start, end = start + count; i < end; i++) {
      let x = preDelay.buffer[preDelay.index];
      preDelay.buffer[preDelay.index] = input[i];
      if (++preDelay.index === preDelay.length) preDelay.index = 0;
      for (let d = 0; d < diffusers.length; d++) {
        // Schroeder allpass: smears the input's transients before they enter the network.
        const diffuser = diffusers[d];
        const delayed = diffuser.buffer[diffuser.index];
        const v = x + DIFFUSER_GAIN * delayed;
        diffuser.buffer[diffuser.index] = v;
        if (++diffuser.index === diffuser.length) diffuser.index = 0;
        x = delayed - DIFFUSER_GAIN * v;
      }
      let left = 0, right = 0;
      for (let k = 0; k < LINES; k++) {
        const line = lines[k];
        const y = line.buffer[line.index];
        lowpass[k] = y + damping * (lowpass[k] - y);
        mixed[k] = lowpass[k] * gains[k];
        if (k & 1) right += y;
        else left += y;
      }
      hadamard8(mixed);
      for (let k = 0; k < LINES; k++) {
        const line = lines[k];
        let v = mixed[k] + (k & 2 ? -x : x);
        // A tail ringing out over silence would otherwise decay into slow subnormal floats.
        if (v < TINY && v > -TINY) v = 0;
        line.buffer[line.index] = v;
        if (++line.index === line.length) line.index = 0;
      }
      outLeft[i] += left * 0.25;
      outRight[i] += right * 0.25;
    }
  }
}

/** In-place Walsh-Hadamard transform of 8 values, scaled to be orthonormal (lossless mixing). */
function hadamard8(v: Float64Array): void {
  const a0 = v[0] + v[1], a1 = v[0] - v[1], a2 = v[2] + v[3], a3 = v[2] - v[3];
  const a4 = v[4] + v[5], a5 = v[4] - v[5], a6 = v[6] + v[7], a7 = v[6] - v[7];
  const b0 = a0 + a2, b1 = a1 + a3, b2 = a0 - a2, b3 = a1 - a3;
  const b4 = a4 + a6, b5 = a5 + a7, b6 = a4 - a6, b7 = a5 - a7;
  const scale = 0.35355339059327373; // 1 / sqrt(8)
  v[0] = (b0 + b4) * scale; v[1] = (b1 + b5) * scale; v[2] = (b2 + b6) * scale; v[3] = (b3 + b7) * scale;
  v[4] = (b0 - b4) * scale; v[5] = (b1 - b5) * scale; v[6] = (b2 - b6) * scale; v[7] = (b3 - b7) * scale;
}
