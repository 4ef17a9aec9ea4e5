// The mastering chain: tone tilt -> bus compression -> gain -> look-ahead limiter. The limiter's loudness
// loss and the inter-sample peaks it leaves depend on the material, so gain and ceiling are found by
// measuring the limiter's output (without storing it) and correcting; the pass that lands is kept.
// The mix buffers are used up (the caller hands them over); the result is in new ones.

import type { Decibels, Lufs, StereoBuffer } from "../types";
import { compressorTargets } from "../dsp/compressor";
import { createStereo, scaleInPlace } from "../dsp/stereo";
import { dbToGain, gainToDb } from "../dsp/units";
import { runChannelOp, type ChannelOp, type ChannelOpResult } from "./channelShare";
import { limitChannel, limiterPlanFromPeaks, limiterWindow, type LimitedMeasurements, type LimiterPlan, type LimiterSettings } from "./limiter";
import { loudnessOfChannels } from "./loudness";
import type { MasterPreset } from "./presets/standard";
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
  /** Limiter passes the search ran (1: it landed on its first settings, which the first seconds had). */
  limiterPasses: number;
}

/**
 * Asks for the song's first `samples` mastered with the limiter's first settings, as soon as the
 * compressor has run: before the search for the final settings, which takes one to five passes over the
 * whole song. They are the master's own first samples when the search lands on its first settings (often),
 * else within its correction (one to two dB of level: the search raises the gain and lowers the ceiling);
 * their true peak is held under the master's aim either way. An edit plays them while the rest is mastered
 * and encoded (docs/edit-flow.md). masterOnTwoThreads awaits what `ready` returns (their encode) before this
 * thread's next op, while the other thread runs its own: this thread's event loop is what feeds the encoder.
 */
export interface FirstSeconds {
  samples: number;
  ready: (audio: StereoBuffer) => void | Promise<void>;
}

/**
 * Another thread that runs the right channel's share of masterOnTwoThreads (threads/masterOnWorker.ts
 * posts each op to the stem worker, transferring its buffers there and back).
 */
export interface RightChannelThread {
  run(op: ChannelOp): Promise<ChannelOpResult>;
}

/** The bus compressor's timing; its threshold follows the programme (loudness-relative) and the preset. */
const COMPRESSOR = { attackSeconds: 0.03, releaseSeconds: 0.25, kneeDb: 6 } as const;

/** The song's channels and the scratch channels the limiter writes into, as the ops leave them. */
interface Channels {
  song: StereoBuffer;
  scratch: StereoBuffer;
}

/** The op each channel runs next, given its samples and its scratch channel. */
type OpFor = (samples: Float32Array, scratch: Float32Array) => ChannelOp;
type Results = [left: ChannelOpResult, right: ChannelOpResult];

/**
 * The master as a sequence of per-channel ops (channelShare.ts), each yielded for both channels with
 * their results passed back: master() runs them here, masterOnTwoThreads the right channel's elsewhere.
 * One description of the master, so both give the same bytes. Tilt, loudness and the compressor's
 * detector are one pass; the compressor, loudness again and the limiter windows' peaks another; then
 * limiting passes until the search lands (the landing pass's output, in scratch, is the result).
 */
function* masterSteps(channels: Channels, preset: MasterPreset, first?: FirstSeconds): Generator<OpFor, MasterResult, Results> {
  const sampleRate = channels.song.sampleRate;
  const [preparedLeft, preparedRight] = yield (samples) => ({ kind: "prepare", samples, preset, detector: COMPRESSOR, sampleRate });
  const inputLufs = loudnessOfChannels(preparedLeft.loudness!, preparedRight.loudness!);
  if (!Number.isFinite(inputLufs)) return { audio: channels.song, lufs: inputLufs, truePeakDb: -Infinity, limiterPasses: 0 };
  const targets = compressorTargets(
    { ...COMPRESSOR, thresholdDb: inputLufs + preset.compressorThresholdLu, ratio: preset.compressorRatio },
    preparedLeft.envelopes!,
    preparedRight.envelopes!,
  );
  const search = new LimiterSearch(preset);
  const window = limiterWindow(search.limiter, sampleRate);
  const [compressedLeft, compressedRight] = yield (samples) => ({ kind: "compress", samples, targets, window, sampleRate });
  search.start(loudnessOfChannels(compressedLeft.loudness!, compressedRight.loudness!));
  const planNow = () => limiterPlanFromPeaks(compressedLeft.peaks!, compressedRight.peaks!, sampleRate, search.inputGain(), search.limiter);
  if (first && first.samples <= channels.song.left.length) first.ready(limitedStart(channels.song, first.samples, planNow(), preset));
  let limiterPasses = 0;
  const limitPass = function* (truePeak: boolean): Generator<OpFor, LimitedMeasurements, Results> {
    limiterPasses++;
    const plan = planNow();
    const [left, right] = yield (samples, output) => ({ kind: "limit", samples, plan, sampleRate, truePeak, output });
    return { lufs: loudnessOfChannels(left.loudness!, right.loudness!), truePeakDb: truePeak ? gainToDb(Math.max(left.truePeak!, right.truePeak!)) : -Infinity };
  };
  let final: LimitedMeasurements | null = null;
  for (let pass = 0; pass < MAX_MEASURING_PASSES && !final; pass++) {
    const checkPeak = search.checkPeak;
    const measured = yield* limitPass(checkPeak);
    if (!search.landed(measured)) continue;
    if (checkPeak) final = measured;
    else {
      // The landing pass's output (in scratch) measured alone: a fraction of a pass.
      const levelOfInterest = dbToGain(search.limiter.ceilingDb);
      const [left, right] = yield (_samples, output) => ({ kind: "truePeak", samples: output, levelOfInterest });
      final = { lufs: measured.lufs, truePeakDb: gainToDb(Math.max(left.truePeak!, right.truePeak!)) };
    }
  }
  // Not converged: the last settings, measured, into scratch (the search's settings moved after its last pass).
  final ??= yield* limitPass(true);
  return { ...trimmed(channels.scratch, final, preset), limiterPasses };
}

/**
 * The first `samples` of the compressed song through the limiter with `plan`: the same samples as a
 * whole pass's first ones (the limiter's gain is causal, planned from the whole song's window peaks),
 * trimmed if their true peak is over the master's aim.
 */
function limitedStart(song: StereoBuffer, samples: number, plan: LimiterPlan, preset: MasterPreset): StereoBuffer {
  const audio = createStereo(samples, song.sampleRate);
  limitChannel(song.left.subarray(0, samples), plan, song.sampleRate, { truePeak: false, output: audio.left });
  limitChannel(song.right.subarray(0, samples), plan, song.sampleRate, { truePeak: false, output: audio.right });
  const aim = pcmCeiling(preset) - TRUE_PEAK_SAFETY_DB;
  const meter = new TruePeakMeter(dbToGain(aim));
  meter.add(audio.left, audio.right, 0, samples);
  const peakDb = gainToDb(meter.value());
  if (peakDb > aim) scaleInPlace(audio, dbToGain(aim - peakDb));
  return audio;
}

/** Masters `mix` on this thread; the mix's buffers are used up (the result is in new ones). */
export function master(mix: StereoBuffer, preset: MasterPreset, first?: FirstSeconds): MasterResult {
  const channels: Channels = { song: mix, scratch: createStereo(mix.left.length, mix.sampleRate) };
  const steps = masterSteps(channels, preset, first);
  let step = steps.next();
  while (!step.done) {
    const opFor = step.value;
    const left = runChannelOp(opFor(channels.song.left, channels.scratch.left));
    const right = runChannelOp(opFor(channels.song.right, channels.scratch.right));
    step = steps.next([left, right]);
  }
  return step.value;
}

/**
 * master(), with the right channel's ops on another thread while this one runs the left's: the same
 * bytes in less time. Each channel must own its ArrayBuffer (the right one travels to the other thread and
 * back); the result is in new buffers and `mix` is used up.
 */
export async function masterOnTwoThreads(mix: StereoBuffer, preset: MasterPreset, other: RightChannelThread, first?: FirstSeconds, pause?: () => Promise<void>): Promise<MasterResult> {
  // The channels as they are now: the right ones are away during each op, and come back in its result.
  const channels: Channels = { song: { ...mix }, scratch: createStereo(mix.left.length, mix.sampleRate) };
  let handing: void | Promise<void> = undefined;
  const steps = masterSteps(channels, preset, first && { samples: first.samples, ready: (audio) => void (handing = first.ready(audio)) });
  let step = steps.next();
  while (!step.done) {
    // A background render gives way between ops (each a pass over one channel).
    await pause?.();
    const opFor = step.value;
    const farOp = opFor(channels.song.right, channels.scratch.right);
    const remote = other.run(farOp);
    await handing;
    handing = undefined;
    const left = runChannelOp(opFor(channels.song.left, channels.scratch.left));
    const right = await remote;
    if (farOp.samples === channels.scratch.right) channels.scratch.right = right.samples;
    else channels.song.right = right.samples;
    if (right.output) channels.scratch.right = right.output;
    step = steps.next([left, right]);
  }
  return step.value;
}

/**
 * The search for the limiter's input gain (for loudness) and sample-peak ceiling (for true peak), by
 * measuring the limiter's output pass after pass; inter-sample overs depend on the material, so both
 * are corrected from what each pass measured.
 */
class LimiterSearch {
  readonly limiter: LimiterSettings;
  private gainDb = 0;
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

  constructor(private readonly preset: MasterPreset) {
    this.limiter = { ceilingDb: pcmCeiling(preset) - INITIAL_INTERSAMPLE_MARGIN_DB, lookAheadSeconds: 0.005, releaseSeconds: 0.08 };
  }

  /** The first guess: the gain that brings the compressed programme to the target before limiting. */
  start(compressedLufs: Lufs): void {
    this.gainDb = this.preset.targetLufs - compressedLufs;
  }

  inputGain(): number {
    return dbToGain(this.gainDb);
  }

  /** Whether the pass measured so lands on target; if not, the settings move for the next pass. */
  landed(measured: LimitedMeasurements): boolean {
    const { preset, limiter } = this;
    const loudnessError = preset.targetLufs - measured.lufs;
    const peakExcess = measured.truePeakDb - (pcmCeiling(preset) - TRUE_PEAK_SAFETY_DB);
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

/** The PCM's true-peak aim: the ceiling less the room the MP3 encoder's overshoot needs. */
const pcmCeiling = (preset: MasterPreset) => preset.ceilingDbtp - preset.codecHeadroomDb;

/** Should the search not have converged, trim: the ceiling is a hard promise, loudness a target. */
function trimmed(audio: StereoBuffer, measured: LimitedMeasurements, preset: MasterPreset): Omit<MasterResult, "limiterPasses"> {
  let lufs = measured.lufs;
  let peakDb = measured.truePeakDb;
  if (peakDb > pcmCeiling(preset)) {
    const trimDb = pcmCeiling(preset) - peakDb - TRUE_PEAK_SAFETY_DB;
    scaleInPlace(audio, dbToGain(trimDb));
    lufs += trimDb;
    peakDb += trimDb;
  }
  return { audio, lufs, truePeakDb: peakDb };
}


