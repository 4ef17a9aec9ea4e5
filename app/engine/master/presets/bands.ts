// The three-band split the presets work on and the analysis measures with: Linkwitz–Riley crossovers
// (two cascaded 2nd-order Butterworth sections each) at LOW_CROSSOVER_HZ and HIGH_CROSSOVER_HZ. A
// Linkwitz–Riley pair's low and high outputs sum to an all-pass, so the bands add back to the input's
// spectrum flat, only its phase turned: a preset that leaves every band alone leaves the song's sound alone.
// (Subtracting a low-pass from the signal instead would leave most of the kick in the "mid" band: below
// the crossover the low-pass lags in phase, and the difference is as loud as the input.)

import { Biquad } from "../../dsp/biquad";
import type { StereoBuffer } from "../../types";
import { HIGH_CROSSOVER_HZ, LOW_CROSSOVER_HZ } from "./catalogue";

const BUTTERWORTH_Q = Math.SQRT1_2;

/** One channel's crossover filters; keeps its state between blocks. */
export class ChannelSplitter {
  private readonly lowLow: Biquad[];
  private readonly lowHigh: Biquad[];
  private readonly highLow: Biquad[];
  private readonly highHigh: Biquad[];

  constructor(sampleRate: number) {
    const pair = (shape: "lowpass" | "highpass", frequencyHz: number) => [0, 1].map(() => new Biquad({ shape, frequencyHz, q: BUTTERWORTH_Q }, sampleRate));
    this.lowLow = pair("lowpass", LOW_CROSSOVER_HZ);
    this.lowHigh = pair("highpass", LOW_CROSSOVER_HZ);
    this.highLow = pair("lowpass", HIGH_CROSSOVER_HZ);
    this.highHigh = pair("highpass", HIGH_CROSSOVER_HZ);
  }

  /** input[start, start+count) into low/mid/high at [at, at+count). */
  split(input: Float32Array, start: number, count: number, low: Float32Array, mid: Float32Array, high: Float32Array, at: number): void {
    for (let i = 0; i < count; i++) low[at + i] = mid[at + i] = input[start + i];
    Biquad.processChain(this.lowLow, low, at, count);
    Biquad.processChain(this.lowHigh, mid, at, count);
    high.set(mid.subarray(at, at + count), at);
    Biquad.processChain(this.highLow, mid, at, count);
    Biquad.processChain(this.highHigh, high, at, count);
  }
}

/** A stereo signal split into its three bands, each a stereo buffer. */
export interface StereoBands {
  low: StereoBuffer;
  mid: StereoBuffer;
  high: StereoBuffer;
}

export function splitBands(input: StereoBuffer): StereoBands {
  const n = input.left.length;
  const make = (): StereoBuffer => ({ sampleRate: input.sampleRate, left: new Float32Array(n), right: new Float32Array(n) });
  const bands = { low: make(), mid: make(), high: make() };
  new ChannelSplitter(input.sampleRate).split(input.left, 0, n, bands.low.left, bands.mid.left, bands.high.left, 0);
  new ChannelSplitter(input.sampleRate).split(input.right, 0, n, bands.low.right, bands.mid.right, bands.high.right, 0);
  return bands;
}
