// From a dry sung vocal to a finished song: the production effect shapes the vocal (the same chain a
// user's take gets, productionEffect.ts), mixVocal sets it against the instrumental by loudness at the
// chosen emphasis, ducks the instrumental a little under it, and re-masters the sum to the engine's
// standard (−14 LUFS, ≤ −1 dBTP).
import { Compressor } from "../dsp/compressor";
import { dbToGain } from "../dsp/units";
import { integratedLoudness, master, STANDARD_MASTER, type MasterPreset } from "../master";
import type { Decibels, Lufs, StereoBuffer } from "../types";
import { VocalInputError } from "./inputError";
import { applyProductionEffect, PRODUCTION_EFFECT_IDS, type ProductionEffectId } from "./productionEffect";


/** The level the production chain's compressor is set for. */
const CHAIN_INPUT_RMS_DB: Decibels = -16;
/** Vocal loudness relative to the instrumental at emphasis 0 and 1 (0.5 sits 1 LU under it). */
const EMPHASIS_LOW_LU = -6;
const EMPHASIS_HIGH_LU = 4;
/** How far the instrumental may duck under the vocal. */
const DUCK_RATIO = 1.6;

/** RMS of the samples louder than −50 dBFS in 10 ms blocks: the vocal's level while it sings. */
function activeRmsDb(samples: Float32Array, sampleRate: number): Decibels {
  const block = Math.round(sampleRate / 100);
  let sum = 0;
  let count = 0;
  for (let start = 0; start + block <= samples.length; start += block) {
    let blockSum = 0;
    for (let index = start; index < start + block; index++) blockSum += samples[index] * samples[index];
    if (blockSum / block > 1e-5) {
      sum += blockSum;
      count += block;
    }
  }
  return count === 0 ? -Infinity : 10 * Math.log10(sum / count);
}

/** The dry mono vocal through the production effect, as a stereo buffer (reverb tail included). */
export function produceVocal(vocal: Float32Array, sampleRate: number, effect: ProductionEffectId = "fxch_av_autotune_w_reverb"): StereoBuffer {
  if (!PRODUCTION_EFFECT_IDS.includes(effect)) {
    throw new VocalInputError("productionEffect", `unknown value ${JSON.stringify(effect)} (expected one of ${PRODUCTION_EFFECT_IDS.join(", ")})`);
  }
  const level = activeRmsDb(vocal, sampleRate);
  const gain = Number.isFinite(level) ? dbToGain(CHAIN_INPUT_RMS_DB - level) : 1;
  const scaled = new Float32Array(vocal.length);
  for (let index = 0; index < vocal.length; index++) scaled[index] = vocal[index] * gain;
  return applyProductionEffect(scaled, sampleRate, effect);
}

export interface MixVocalInput {
  instrumental: StereoBuffer;
  /** A produced vocal (produceVocal, or a processed take), aligned to the instrumental's start. */
  vocal: StereoBuffer;
  /** 0..1: how far the vocal stands out of the instrumental. Default 0.5. */
  emphasis?: number;
  master?: MasterPreset;
}

export interface MixedSong {
  audio: StereoBuffer;
  lufs: Lufs;
  truePeakDb: Decibels;
  /** Vocal loudness minus instrumental loudness as mixed, in LU. */
  vocalRelativeLu: number;
  timings: { mix: number; master: number };
}

export function mixVocal({ instrumental, vocal, emphasis = 0.5, master: preset = STANDARD_MASTER }: MixVocalInput): MixedSong {
  if (typeof emphasis !== "number" || !Number.isFinite(emphasis) || emphasis < 0 || emphasis > 1) {
    throw new VocalInputError("emphasis", `must be a number from 0 to 1, got ${JSON.stringify(emphasis)}`);
  }
  if (vocal.sampleRate !== instrumental.sampleRate) {
    throw new VocalInputError("vocal", `sample rate ${vocal.sampleRate} Hz differs from the instrumental's ${instrumental.sampleRate} Hz`);
  }
  let started = performance.now();
  const instrumentalLufs = integratedLoudness(instrumental);
  const vocalLufs = integratedLoudness(vocal);
  const relative = EMPHASIS_LOW_LU + (EMPHASIS_HIGH_LU - EMPHASIS_LOW_LU) * emphasis;
  const vocalGain = Number.isFinite(vocalLufs) && Number.isFinite(instrumentalLufs) ? dbToGain(instrumentalLufs + relative - vocalLufs) : 0;

  const length = Math.max(instrumental.left.length, vocal.left.length);
  const left = new Float32Array(length);
  const right = new Float32Array(length);
  left.set(instrumental.left);
  right.set(instrumental.right);
  if (vocalGain > 0) {
    // The instrumental gives way a little where the vocal sings (MUSIC.md: duck under the vocal).
    const key = new Float32Array(length);
    for (let index = 0; index < vocal.left.length; index++) key[index] = 0.5 * (vocal.left[index] + vocal.right[index]) * vocalGain;
    new Compressor({ thresholdDb: instrumentalLufs + relative - 6, ratio: DUCK_RATIO, attackSeconds: 0.01, releaseSeconds: 0.25, kneeDb: 6 }, instrumental.sampleRate)
      .process(left, right, 0, length, key);
    for (let index = 0; index < vocal.left.length; index++) {
      left[index] += vocal.left[index] * vocalGain;
      right[index] += vocal.right[index] * vocalGain;
    }
  }
  const mix: StereoBuffer = { sampleRate: instrumental.sampleRate, left, right };
  const mixMs = performance.now() - started;
  started = performance.now();
  const mastered = master(mix, preset);
  return {
    audio: mastered.audio,
    lufs: mastered.lufs,
    truePeakDb: mastered.truePeakDb,
    vocalRelativeLu: vocalGain > 0 ? relative : -Infinity,
    timings: { mix: mixMs, master: performance.now() - started },
  };
}
