// The production effect applied to a user's take ("fxch_av_autotune_w_reverb"): a vocal chain of
// high-pass, a presence lift, compression and a plate-like reverb, built from the engine's dsp/ and mix/
// parts. Presets are data; the chain returns a stereo vocal (dry centred, reverb spread wide).
import { Biquad, type BiquadSettings } from "../dsp/biquad";
import { Compressor, type CompressorSettings } from "../dsp/compressor";
import { createStereo } from "../dsp/stereo";
import { dbToGain } from "../dsp/units";
import { Reverb, type ReverbSettings } from "../mix/reverb";
import type { Decibels, StereoBuffer } from "../types";

export type ProductionEffectId = "fxch_av_autotune_w_reverb";

interface ProductionPreset {
  eq: BiquadSettings[];
  compressor: CompressorSettings;
  reverb: ReverbSettings;
  reverbSendDb: Decibels;
  /** The reverb tail is allowed to ring this long past the end of the take. */
  tailSeconds: number;
}

export const PRODUCTION_EFFECTS: Record<ProductionEffectId, ProductionPreset> = {
  fxch_av_autotune_w_reverb: {
    eq: [
      { shape: "highpass", frequencyHz: 100, q: 0.707 },
      { shape: "peak", frequencyHz: 350, q: 1, gainDb: -2 },
      { shape: "peak", frequencyHz: 3200, q: 0.9, gainDb: 3 },
      { shape: "highshelf", frequencyHz: 10_000, q: 0.707, gainDb: 2 },
    ],
    compressor: { thresholdDb: -20, ratio: 3.5, attackSeconds: 0.005, releaseSeconds: 0.09, kneeDb: 6, makeupDb: 5 },
    reverb: { decaySeconds: 1.8, preDelaySeconds: 0.03, size: 0.7, damping: 0.45 },
    reverbSendDb: -12,
    tailSeconds: 2,
  },
};

export const PRODUCTION_EFFECT_IDS = Object.keys(PRODUCTION_EFFECTS) as ProductionEffectId[];

/** The mono vocal through the preset's chain, as a stereo buffer with room for the reverb tail. */
export function applyProductionEffect(vocal: Float32Array, sampleRate: number, effect: ProductionEffectId): StereoBuffer {
  const preset = PRODUCTION_EFFECTS[effect];
  const length = vocal.length + Math.round(preset.tailSeconds * sampleRate);
  const dry = new Float32Array(length);
  dry.set(vocal);
  for (const band of preset.eq) new Biquad(band, sampleRate).process(dry);
  const dryRight = dry.slice();
  new Compressor(preset.compressor, sampleRate).process(dry, dryRight);
  const out = createStereo(length, sampleRate);
  out.left.set(dry);
  out.right.set(dryRight);
  const send = dbToGain(preset.reverbSendDb);
  const sendSignal = new Float32Array(length);
  for (let index = 0; index < length; index++) sendSignal[index] = dry[index] * send;
  new Reverb(preset.reverb, sampleRate).process(sendSignal, out.left, out.right, 0, length);
  return out;
}
