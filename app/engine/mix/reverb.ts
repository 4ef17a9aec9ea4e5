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

class DelayLine {
  readonly buffer: Float32Array;
  index = 0;
  constructor(readonly length: number) {
    this.buffer = new Float32Array(length);
  }
  /** The sample written `length` samples ago. */
  read(): number {
    return this.buffer[this.index];
  }
  write(value: number): void {
    this.buffer[this.index] = value;
    this.index = this.index + 1 === this.length ? 0 : this.index + 1;
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

  /** Adds the reverb of (inLeft+inRight)/2 into the outputs over [start, start+count). */
  process(inLeft: Float32Array, inRight: Float32Array, outLeft: Float32Array, outRight: Float32Array, start: number, count: number): void {
    const { lines, gains, lowpass, mixed, damping } = this;
    for (let i = start, end = start + count; i < end; i++) {
      let x = this.preDelay.read();
      this.preDelay.write(0.5 * (inLeft[i] + inRight[i]));
      for (const diffuser of this.diffusers) {
        // Schroeder allpass: smears the input's transients before they enter the network.
        const delayed = diffuser.read();
        const v = x + DIFFUSER_GAIN * delayed;
        diffuser.write(v);
        x = delayed - DIFFUSER_GAIN * v;
      }
      let left = 0, right = 0;
      for (let k = 0; k < LINES; k++) {
        const y = lines[k].read();
        lowpass[k] = y + damping * (lowpass[k] - y);
        mixed[k] = lowpass[k] * gains[k];
        if (k & 1) right += y;
        else left += y;
      }
      hadamard8(mixed);
      for (let k = 0; k < LINES; k++) lines[k].write(mixed[k] + (k & 2 ? -x : x));
      outLeft[i] += left * 0.25;
      outRight[i] += right * 0.25;
    }
  }
}

/** In-place fast Walsh-Hadamard transform of 8 values, scaled to be orthonormal (lossless mixing). */
function hadamard8(v: Float64Array): void {
  for (let h = 1; h < 8; h <<= 1) {
    for (let i = 0; i < 8; i += h << 1) {
      for (let j = i; j < i + h; j++) {
        const a = v[j], b = v[j + h];
        v[j] = a + b;
        v[j + h] = a - b;
      }
    }
  }
  const scale = 1 / Math.sqrt(8);
  for (let i = 0; i < 8; i++) v[i] *= scale;
}
