// The mastering chain: tone tilt -> bus compression -> gain -> look-ahead limiter. The limiter's loudness
// loss and the inter-sample peaks it leaves depend on the material, so gain and ceiling are found by
// measuring the limiter's output (without storing it) and correcting, then applied once in place.
// The mix buffer is mastered in place: the caller hands it over.

import type { Decibels, Lufs, StereoBuffer } from "../types";
import { Biquad } from "../dsp/biquad";
import { Compressor } from "../dsp/compressor";
import { scaleInPlace } from "../dsp/stereo";
import { dbToGain, gainToDb } from "../dsp/units";
import { limit, type LimitedMeasurements, type LimiterSettings } from "./limiter";
import { integratedLoudness } from "./loudness";
import type { MasterPreset } from "./presets";
import { TruePeakMeter } from "./truePeak";

/**
 * First guess of how far inter-sample peaks rise above the sample peaks after limiting: measured 1.0 to
 * 1.5 dB on full songs of every style, so starting at 1 dB usually lands the first pass near the ceiling.
 */
const INITIAL_INTERSAMPLE_MARGIN_DB = 1.0;
/** Aim slightly under the true-peak ceiling: the 4× interpolator itself is accurate to ~0.1 dB. */
const TRUE_PEAK_SAFETY_DB = 0.1;
/**
 * The true peak of a limited song follows the ceiling almost dB for dB, so a corrected ceiling lands on
 * the aim; aiming this much under it keeps rounding from landing a hair over, which cost a whole pass.
 */
const CEILING_CORRECTION_MARGIN_DB = 0.05;
/** Before two passes measured it: the slope seen on most songs (0.6 to 1.0 dB of true peak per dB of ceiling). */
const INITIAL_PEAK_SLOPE = 0.8;
/** Half the promise (−14 ± 1 LU): tighter only buys extra limiter passes nobody can hear. */
const LOUDNESS_TOLERANCE_LU = 0.5;
const MAX_MEASURING_PASSES = 5;
const AIR_LIMIT_HZ = 18000;

export interface MasterResult {
  audio: StereoBuffer;
  lufs: Lufs;
  truePeakDb: Decibels;
}

export function master(mix: StereoBuffer, preset: MasterPreset): MasterResult {
  applyTilt(mix, preset);
  const inputLufs = integratedLoudness(mix);
  if (!Number.isFinite(inputLufs)) return { audio: mix, lufs: inputLufs, truePeakDb: -Infinity };
  // A loudness-relative threshold makes the compressor work the same on quiet and loud mixes.
  new Compressor({
    thresholdDb: inputLufs + preset.compressorThresholdLu,
    ratio: preset.compressorRatio,
    attackSeconds: 0.03,
    releaseSeconds: 0.25,
    kneeDb: 6,
  }).process(mix.left, mix.right);

  // Search the input gain (for loudness) and the limiter's sample-peak ceiling (for true peak) by
  // measuring the limiter's output; inter-sample overs depend on the material, so both are corrected.
  const limiter: LimiterSettings = { ceilingDb: preset.ceilingDbtp - INITIAL_INTERSAMPLE_MARGIN_DB, lookAheadSeconds: 0.005, releaseSeconds: 0.08 };
  let gainDb = preset.targetLufs - integratedLoudness(mix);
  // True peak is measured only while the ceiling may still need to move: it is the costly part.
  let checkPeak = true;
  // The limiter flattens the loudness response to gain (1 dB in gives less than 1 LU out), so the gain
  // is corrected by the secant slope measured between passes.
  let previous: { gainDb: number; lufs: number } | null = null;
  // The true peak follows the ceiling by less than dB for dB (the limiter sees sample peaks only), so the
  // ceiling is corrected by the secant slope too, once two passes measured it.
  let previousPeak: { ceilingDb: number; truePeakDb: number } | null = null;
  // Each measuring pass writes its output to a scratch buffer, so the pass that converges is kept as it
  // is instead of being limited again: the final pass would repeat it exactly.
  const scratch: StereoBuffer = { sampleRate: mix.sampleRate, left: new Float32Array(mix.left.length), right: new Float32Array(mix.right.length) };
  let final: LimitedMeasurements | null = null;
  for (let pass = 0; pass < MAX_MEASURING_PASSES; pass++) {
    const measured = limit(mix, dbToGain(gainDb), limiter, { write: false, truePeak: checkPeak, output: scratch });
    const loudnessError = preset.targetLufs - measured.lufs;
    const peakExcess = measured.truePeakDb - (preset.ceilingDbtp - TRUE_PEAK_SAFETY_DB);
    if (Math.abs(loudnessError) <= LOUDNESS_TOLERANCE_LU && peakExcess <= 0) {
      mix.left.set(scratch.left);
      mix.right.set(scratch.right);
      // A pass that skipped true peak still needs it: measuring it alone is a fraction of a pass.
      final = checkPeak ? measured : { lufs: measured.lufs, truePeakDb: gainToDb(truePeakOf(mix, dbToGain(limiter.ceilingDb))) };
      break;
    }
    const slope = previous && checkPeak === false && gainDb !== previous.gainDb ? (measured.lufs - previous.lufs) / (gainDb - previous.gainDb) : 1;
    previous = { gainDb, lufs: measured.lufs };
    gainDb += loudnessError / Math.min(1, Math.max(0.25, slope));
    const peakSlope =
      previousPeak && checkPeak && limiter.ceilingDb !== previousPeak.ceilingDb ? (measured.truePeakDb - previousPeak.truePeakDb) / (limiter.ceilingDb - previousPeak.ceilingDb) : INITIAL_PEAK_SLOPE;
    if (checkPeak) previousPeak = { ceilingDb: limiter.ceilingDb, truePeakDb: measured.truePeakDb };
    checkPeak = peakExcess > 0;
    if (checkPeak) limiter.ceilingDb -= (peakExcess + CEILING_CORRECTION_MARGIN_DB) / Math.min(1, Math.max(0.4, peakSlope));
  }
  final ??= limit(mix, dbToGain(gainDb), limiter, { write: true, truePeak: true });
  let lufs = final.lufs;
  let peakDb = final.truePeakDb;
  // Should the search not have converged, trim: the ceiling is a hard promise, loudness a target.
  if (peakDb > preset.ceilingDbtp) {
    const trimDb = preset.ceilingDbtp - peakDb - TRUE_PEAK_SAFETY_DB;
    scaleInPlace(mix, dbToGain(trimDb));
    lufs += trimDb;
    peakDb += trimDb;
  }
  return { audio: mix, lufs, truePeakDb: peakDb };
}

/**
 * Tone tilt, plus a gentle 4th-order roll-off above 18 kHz: content near Nyquist is inaudible but makes
 * the largest inter-sample peaks, which would otherwise cost loudness at the true-peak ceiling.
 */
function applyTilt(buffer: StereoBuffer, preset: MasterPreset): void {
  const chain = () => [
    new Biquad({ shape: "lowshelf", frequencyHz: 100, q: 0.7, gainDb: preset.lowShelfDb }),
    new Biquad({ shape: "highshelf", frequencyHz: 8000, q: 0.7, gainDb: preset.highShelfDb }),
    new Biquad({ shape: "lowpass", frequencyHz: AIR_LIMIT_HZ, q: 0.54 }),
    new Biquad({ shape: "lowpass", frequencyHz: AIR_LIMIT_HZ, q: 1.31 }),
  ];
  Biquad.processStereoChain(chain(), chain(), buffer.left, buffer.right);
}

/** True peak of a limiter's output, measured as the limiter measures it (candidates near `ceiling`). */
function truePeakOf(buffer: StereoBuffer, ceiling: number): number {
  const meter = new TruePeakMeter(ceiling);
  meter.add(buffer.left, buffer.right, 0, buffer.left.length);
  return meter.value();
}
