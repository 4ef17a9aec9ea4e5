// Vinyl surface noise: sparse seeded clicks (dust) of random size and polarity plus a faint band-limited
// hiss. Adds into the buffers, block by block.

import { SAMPLE_RATE } from "../types";
import { Biquad } from "../dsp/biquad";
import { Random } from "../dsp/random";

const CLICKS_PER_SECOND = 9;

export class VinylCrackle {
  private readonly random: Random;
  private readonly hissLeft = new Biquad({ shape: "bandpass", frequencyHz: 3000, q: 0.5 });
  private readonly hissRight = new Biquad({ shape: "bandpass", frequencyHz: 3000, q: 0.5 });
  private readonly clickChance: number;
  private readonly clickDecay: number;
  private click = 0;

  /** `level` is the linear amplitude of the loudest click (about 0.02 sits under a −14 LUFS mix). */
  constructor(private readonly level: number, seed: number, sampleRate: number = SAMPLE_RATE) {
    this.random = new Random(seed);
    this.clickChance = CLICKS_PER_SECOND / sampleRate;
    this.clickDecay = Math.exp(-1 / (0.0004 * sampleRate));
  }

  process(left: Float32Array, right: Float32Array, start: number, count: number): void {
    const { random, level } = this;
    const hiss = level * 0.04;
    for (let i = start, end = start + count; i < end; i++) {
      if (random.next() < this.clickChance) this.click = level * (random.next() < 0.5 ? -1 : 1) * (0.2 + 0.8 * random.next() ** 3);
      left[i] += this.click + this.hissLeft.tick(random.bipolar()) * hiss;
      right[i] += this.click * 0.8 + this.hissRight.tick(random.bipolar()) * hiss;
      this.click *= this.clickDecay;
    }
  }
}
