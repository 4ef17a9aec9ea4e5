// The mastering chain: tone tilt -> bus compression -> gain -> look-ahead limiter, iterated until the
// integrated loudness lands on the preset's target (the limiter's own loudness loss depends on the
// material, so one pass is not enough), then a final true-peak safety trim.

import type { Decibels, Lufs, StereoBuffer } from "../types";
import { Biquad } from "../dsp/biquad";
import { Compressor } from "../dsp/compressor";
import { cloneStereo, scaleInPlace } from "../dsp/stereo";
import { dbToGain } from "../dsp/units";
import { limit } from "./limiter";
import { integratedLoudness } from "./loudness";
import type { MasterPreset } from "./presets";
import { truePeakDb } from "./truePeak";

/** Sample-peak ceiling sits below the true-peak ceiling: inter-sample overs are typically < 0.5 dB. */
const INTERSAMPLE_MARGIN_DB = 0.6;
const LOUDNESS_TOLERANCE_LU = 0.2;
const MAX_PASSES = 4;

export interface MasterResult {
  audio: StereoBuffer;
  lufs: Lufs;
  truePeakDb: Decibels;
}

export function master(mix: StereoBuffer, preset: MasterPreset): MasterResult {
  const shaped = cloneStereo(mix);
  applyTilt(shaped, preset);
  const inputLufs = integratedLoudness(shaped);
  if (!Number.isFinite(inputLufs)) return { audio: shaped, lufs: inputLufs, truePeakDb: -Infinity };
  // A loudness-relative threshold makes the compressor work the same on quiet and loud mixes.
  new Compressor({
    thresholdDb: inputLufs + preset.compressorThresholdLu,
    ratio: preset.compressorRatio,
    attackSeconds: 0.03,
    releaseSeconds: 0.25,
    kneeDb: 6,
  }).process(shaped.left, shaped.right);

  const compressedLufs = integratedLoudness(shaped);
  let gainDb = preset.targetLufs - compressedLufs;
  let audio = shaped;
  let lufs = compressedLufs;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    audio = cloneStereo(shaped);
    scaleInPlace(audio, dbToGain(gainDb));
    limit(audio, { ceilingDb: preset.ceilingDbtp - INTERSAMPLE_MARGIN_DB, lookAheadSeconds: 0.005, releaseSeconds: 0.08 });
    lufs = integratedLoudness(audio);
    const error = preset.targetLufs - lufs;
    if (Math.abs(error) <= LOUDNESS_TOLERANCE_LU) break;
    gainDb += error;
  }
  let peakDb = truePeakDb(audio);
  if (peakDb > preset.ceilingDbtp) {
    const trimDb = preset.ceilingDbtp - peakDb - 0.05;
    scaleInPlace(audio, dbToGain(trimDb));
    lufs += trimDb;
    peakDb += trimDb;
  }
  return { audio, lufs, truePeakDb: peakDb };
}

function applyTilt(buffer: StereoBuffer, preset: MasterPreset): void {
  for (const channel of [buffer.left, buffer.right]) {
    new Biquad({ shape: "lowshelf", frequencyHz: 100, q: 0.7, gainDb: preset.lowShelfDb }).process(channel);
    new Biquad({ shape: "highshelf", frequencyHz: 8000, q: 0.7, gainDb: preset.highShelfDb }).process(channel);
  }
}
