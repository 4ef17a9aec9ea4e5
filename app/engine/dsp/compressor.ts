// A feed-forward, stereo-linked compressor with a soft knee. The detector follows the peak of both
// channels (or of a separate key signal, for sidechain ducking) with separate attack and release times.
// process() works in place on a range of samples and allocates nothing.

import type { Decibels, Seconds } from "../types";
import { SAMPLE_RATE } from "../types";
import { dbToGain, onePoleCoefficient } from "./units";

export interface CompressorSettings {
  thresholdDb: Decibels;
  ratio: number;
  attackSeconds: Seconds;
  releaseSeconds: Seconds;
  kneeDb?: Decibels;
  makeupDb?: Decibels;
}

export class Compressor {
  private readonly attack: number;
  private readonly release: number;
  private readonly knee: number;
  private readonly makeup: number;
  private envelopeDb = -120;

  constructor(private readonly s: CompressorSettings, sampleRate: number = SAMPLE_RATE) {
    this.attack = onePoleCoefficient(s.attackSeconds, sampleRate);
    this.release = onePoleCoefficient(s.releaseSeconds, sampleRate);
    this.knee = s.kneeDb ?? 6;
    this.makeup = dbToGain(s.makeupDb ?? 0);
  }

  /** Gain reduction in dB (≤ 0) for a detector level. */
  private reductionDb(levelDb: Decibels): Decibels {
    const over = levelDb - this.s.thresholdDb;
    const slope = 1 / this.s.ratio - 1;
    if (over <= -this.knee / 2) return 0;
    if (over >= this.knee / 2) return slope * over;
    const x = over + this.knee / 2;
    return (slope * x * x) / (2 * this.knee);
  }

  /** Compresses left/right[start, start+count) in place, keyed from `key` when given (sidechain). */
  process(left: Float32Array, right: Float32Array, start = 0, count = left.length - start, key?: Float32Array): void {
    let env = this.envelopeDb;
    for (let i = start, end = start + count; i < end; i++) {
      const level = key ? Math.abs(key[i]) : Math.max(Math.abs(left[i]), Math.abs(right[i]));
      const levelDb = level > 1e-6 ? 20 * Math.log10(level) : -120;
      env = levelDb > env ? levelDb + (env - levelDb) * this.attack : levelDb + (env - levelDb) * this.release;
      const g = Math.pow(10, this.reductionDb(env) / 20) * this.makeup;
      left[i] *= g;
      right[i] *= g;
    }
    this.envelopeDb = env;
  }
}
