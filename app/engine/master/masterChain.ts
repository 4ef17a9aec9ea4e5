// The mastering chain: tone tilt -> bus compression -> gain -> look-ahead limiter. The limiter's loudness
// loss and the inter-sample peaks it leaves depend on the material, so gain and ceiling are found by
// measuring the limiter's output (without storing it) and correcting; the pass that lands is kept.
// The mix buffer is mastered in place (master) or used up (masterOnTwoThreads): the caller hands it over.

import type { Decibels, Lufs, StereoBuffer } from "../types";
import { Biquad } from "../dsp/biquad";
import { Compressor } from "../dsp/compressor";
import { createStereo, scaleInPlace } from "../dsp/stereo";
import { dbToGain, gainToDb } from "../dsp/units";
import { runChannelOp, tiltChain, type ChannelOp, type ChannelOpResult } from "./channelShare";
import { limit, limiterPlan, type LimitedMeasurements, type LimiterSettings } from "./limiter";
import { integratedLoudness, loudnessOfChannels } from "./loudness";
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

export interface MasterResult {
  audio: StereoBuffer;
  lufs: Lufs;
  truePeakDb: Decibels;
}

/**
 * Another thread that runs the right channel's share of masterOnTwoThreads (threads/masterOnWorker.ts
 * posts each op to the stem worker, transferring its buffers there and back).
 */
export interface RightChannelThread {
  run(op: ChannelOp): Promise<ChannelOpResult>;
}

export function master(mix: StereoBuffer, preset: MasterPreset): MasterResult {
  applyTilt(mix, preset);
  const inputLufs = integratedLoudness(mix);
  if (!Number.isFinite(inputLufs)) return { audio: mix, lufs: inputLufs, truePeakDb: -Infinity };
  compress(mix, preset, inputLufs);
  const search = new LimiterSearch(preset, integratedLoudness(mix));
  // Each measuring pass writes its output to a scratch buffer, so the pass that converges is kept as it
  // is instead of being limited again: the final pass would repeat it exactly.
  const scratch = createStereo(mix.left.length, mix.sampleRate);
  let final: LimitedMeasurements | null = null;
  for (let pass = 0; pass < MAX_MEASURING_PASSES; pass++) {
    const checkPeak = search.checkPeak;
    const measured = limit(mix, search.inputGain(), search.limiter, { write: false, truePeak: checkPeak, output: scratch });
    if (search.landed(measured)) {
      mix.left.set(scratch.left);
      mix.right.set(scratch.right);
      // A pass that skipped true peak still needs it: measuring it alone is a fraction of a pass.
      final = checkPeak ? measured : { lufs: measured.lufs, truePeakDb: gainToDb(truePeakOf(mix, dbToGain(search.limiter.ceilingDb))) };
      break;
    }
  }
  final ??= limit(mix, search.inputGain(), search.limiter, { write: true, truePeak: true });
  return trimmed(mix, final, preset);
}

/**
 * master(), with the right channel's filtering, measuring and limiting on another thread while this one
 * does the left's (the compressor, which links the channels, and the limiter's plan run here alone): the
 * same bytes in less time. Each channel must own its ArrayBuffer (the right one travels to the other
 * thread and back); the result is in new buffers and `mix` is used up.
 */
export async function masterOnTwoThreads(mix: StereoBuffer, preset: MasterPreset, other: RightChannelThread): Promise<MasterResult> {
  const { sampleRate } = mix;
  // The channels as they are now: the right one is away during each op, and comes back in its result.
  const song: StereoBuffer = { sampleRate, left: mix.left, right: mix.right };
  const scratch = createStereo(song.left.length, sampleRate);
  const perChannel = async (op: (samples: Float32Array, output: Float32Array) => ChannelOp): Promise<[ChannelOpResult, ChannelOpResult]> => {
    const remote = other.run(op(song.right, scratch.right));
    const local = runChannelOp(op(song.left, scratch.left));
    const far = await remote;
    song.right = far.samples;
    if (far.output) scratch.right = far.output;
    return [local, far];
  };
  const loudnessOf = async (): Promise<Lufs> => {
    const [left, right] = await perChannel((samples) => ({ kind: "loudness", samples, sampleRate }));
    return loudnessOfChannels(left.loudness!, right.loudness!);
  };

  await perChannel((samples) => ({ kind: "tilt", samples, preset }));
  const inputLufs = await loudnessOf();
  if (!Number.isFinite(inputLufs)) return { audio: song, lufs: inputLufs, truePeakDb: -Infinity };
  compress(song, preset, inputLufs);
  const search = new LimiterSearch(preset, await loudnessOf());
  const limitPass = async (truePeak: boolean): Promise<LimitedMeasurements> => {
    const plan = limiterPlan(song, search.inputGain(), search.limiter);
    const [left, right] = await perChannel((samples, output) => ({ kind: "limit", samples, plan, sampleRate, truePeak, output }));
    return { lufs: loudnessOfChannels(left.loudness!, right.loudness!), truePeakDb: truePeak ? gainToDb(Math.max(left.truePeak!, right.truePeak!)) : -Infinity };
  };
  let final: LimitedMeasurements | null = null;
  for (let pass = 0; pass < MAX_MEASURING_PASSES && !final; pass++) {
    const checkPeak = search.checkPeak;
    const measured = await limitPass(checkPeak);
    if (!search.landed(measured)) continue;
    if (checkPeak) final = measured;
    else {
      // The landing pass's output (in scratch) measured alone, as master() does.
      const levelOfInterest = dbToGain(search.limiter.ceilingDb);
      const remote = other.run({ kind: "truePeak", samples: scratch.right, levelOfInterest });
      const left = runChannelOp({ kind: "truePeak", samples: scratch.left, levelOfInterest });
      const right = await remote;
      scratch.right = right.samples;
      final = { lufs: measured.lufs, truePeakDb: gainToDb(Math.max(left.truePeak!, right.truePeak!)) };
    }
  }
  // Not converged: the last settings, measured, into scratch (the search's settings moved after its last pass).
  final ??= await limitPass(true);
  return trimmed(scratch, final, preset);
}

/** The loudness-relative bus compressor: its threshold follows the programme, so quiet and loud mixes compress alike. */
function compress(mix: StereoBuffer, preset: MasterPreset, inputLufs: Lufs): void {
  new Compressor({
    thresholdDb: inputLufs + preset.compressorThresholdLu,
    ratio: preset.compressorRatio,
    attackSeconds: 0.03,
    releaseSeconds: 0.25,
    kneeDb: 6,
  }).process(mix.left, mix.right);
}

/**
 * The search for the limiter's input gain (for loudness) and sample-peak ceiling (for true peak), by
 * measuring the limiter's output pass after pass; inter-sample overs depend on the material, so both
 * are corrected from what each pass measured.
 */
class LimiterSearch {
  readonly limiter: LimiterSettings;
  private gainDb: number;
  /** True peak is measured only while the ceiling may still need to move: it is the costly part. */
  checkPeak = true;
  /**
   * The limiter flattens the loudness response to gain (1 dB in gives less than 1 LU out), so the gain
   * is corrected by the secant slope measured between passes.
   */
  private previous: { gainDb: number; lufs: number } | null = null;
  /**
   * The true peak follows the ceiling by less than dB for dB (the limiter sees sample peaks only), so the
   * ceiling is corrected by the secant slope too, once two passes measured it.
   */
  private previousPeak: { ceilingDb: number; truePeakDb: number } | null = null;

  constructor(private readonly preset: MasterPreset, compressedLufs: Lufs) {
    this.limiter = { ceilingDb: preset.ceilingDbtp - INITIAL_INTERSAMPLE_MARGIN_DB, lookAheadSeconds: 0.005, releaseSeconds: 0.08 };
    this.gainDb = preset.targetLufs - compressedLufs;
  }

  inputGain(): number {
    return dbToGain(this.gainDb);
  }

  /** Whether the pass measured so lands on target; if not, the settings move for the next pass. */
  landed(measured: LimitedMeasurements): boolean {
    const { preset, limiter } = this;
    const loudnessError = preset.targetLufs - measured.lufs;
    const peakExcess = measured.truePeakDb - (preset.ceilingDbtp - TRUE_PEAK_SAFETY_DB);
    if (Math.abs(loudnessError) <= LOUDNESS_TOLERANCE_LU && peakExcess <= 0) return true;
    const { checkPeak, previous, previousPeak, gainDb } = this;
    const slope = previous && checkPeak === false && gainDb !== previous.gainDb ? (measured.lufs - previous.lufs) / (gainDb - previous.gainDb) : 1;
    this.previous = { gainDb, lufs: measured.lufs };
    this.gainDb += loudnessError / Math.min(1, Math.max(0.25, slope));
    const peakSlope =
      previousPeak && checkPeak && limiter.ceilingDb !== previousPeak.ceilingDb ? (measured.truePeakDb - previousPeak.truePeakDb) / (limiter.ceilingDb - previousPeak.ceilingDb) : INITIAL_PEAK_SLOPE;
    if (checkPeak) this.previousPeak = { ceilingDb: limiter.ceilingDb, truePeakDb: measured.truePeakDb };
    this.checkPeak = peakExcess > 0;
    if (this.checkPeak) limiter.ceilingDb -= (peakExcess + CEILING_CORRECTION_MARGIN_DB) / Math.min(1, Math.max(0.4, peakSlope));
    return false;
  }
}

/** Should the search not have converged, trim: the ceiling is a hard promise, loudness a target. */
function trimmed(audio: StereoBuffer, measured: LimitedMeasurements, preset: MasterPreset): MasterResult {
  let lufs = measured.lufs;
  let peakDb = measured.truePeakDb;
  if (peakDb > preset.ceilingDbtp) {
    const trimDb = preset.ceilingDbtp - peakDb - TRUE_PEAK_SAFETY_DB;
    scaleInPlace(audio, dbToGain(trimDb));
    lufs += trimDb;
    peakDb += trimDb;
  }
  return { audio, lufs, truePeakDb: peakDb };
}

/**
 * Tone tilt, plus a gentle 4th-order roll-off above 18 kHz: content near Nyquist is inaudible but makes
 * the largest inter-sample peaks, which would otherwise cost loudness at the true-peak ceiling.
 */
function applyTilt(buffer: StereoBuffer, preset: MasterPreset): void {
  Biquad.processStereoChain(tiltChain(preset), tiltChain(preset), buffer.left, buffer.right);
}

/** True peak of a limiter's output, measured as the limiter measures it (candidates near `ceiling`). */
function truePeakOf(buffer: StereoBuffer, ceiling: number): number {
  const meter = new TruePeakMeter(ceiling);
  meter.add(buffer.left, buffer.right, 0, buffer.left.length);
  return meter.value();
}
