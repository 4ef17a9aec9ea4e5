// Linear-attack, exponential-decay/release ADSR evaluated per sample: the shape analogue synths use, cheap
// enough to compute inline in a voice loop.

import type { Samples, Seconds } from "../../types";
import { SAMPLE_RATE } from "../../types";

export interface AdsrSettings {
  attackSeconds: Seconds;
  decaySeconds: Seconds;
  /** 0..1 */
  sustainLevel: number;
  releaseSeconds: Seconds;
}

export class Adsr {
  private readonly attackSamples: number;
  private readonly decayCoefficient: number;
  private readonly releaseCoefficient: number;
  private level = 0;
  private releasedAt = -1;

  constructor(private readonly s: AdsrSettings, private readonly gateSamples: Samples) {
    this.attackSamples = Math.max(1, s.attackSeconds * SAMPLE_RATE);
    this.decayCoefficient = Math.exp(-1 / Math.max(1, s.decaySeconds * SAMPLE_RATE / 4));
    this.releaseCoefficient = Math.exp(-1 / Math.max(1, s.releaseSeconds * SAMPLE_RATE / 5));
  }

  /** Envelope value at sample index `n` since note start; call with increasing n. */
  at(n: Samples): number {
    if (n >= this.gateSamples) {
      this.releasedAt = this.releasedAt < 0 ? n : this.releasedAt;
      this.level *= this.releaseCoefficient;
    } else if (n < this.attackSamples) {
      this.level = n / this.attackSamples;
    } else {
      const sustain = this.s.sustainLevel;
      this.level = sustain + (this.level - sustain) * this.decayCoefficient;
    }
    return this.level;
  }

  /** Total samples the note sounds including its release tail. */
  lengthSamples(): Samples {
    return this.gateSamples + Math.ceil(this.s.releaseSeconds * SAMPLE_RATE);
  }
}

/** Perceptual velocity curve: quiet notes fall off faster than linear, as on real instruments. */
export const velocityGain = (velocity: number): number => Math.pow(Math.min(127, Math.max(1, velocity)) / 127, 1.6);
