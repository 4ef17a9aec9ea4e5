// A preset's mastering chain (catalogue.ts): the song is brought to a reference loudness, split into three
// bands (bands.ts); each band's gain follows its own dynamics (compression, or upward expansion for punch)
// plus a dynamic EQ that moves the band's running level toward the preset's target spectrum; the bands are
// recombined through the stereo image (bass to mono, the rest wider or narrower) and a soft saturation;
// then the engine's true-peak limiter (masterChain.ts) brings the result to the platform's loudness under
// the ceiling, measuring as it goes. Intensity (0–100) scales every move: at 0 only loudness changes.

import { dbToGain, onePoleCoefficient } from "../../dsp/units";
import type { Decibels, Lufs, StereoBuffer } from "../../types";
import { integratedLoudness } from "../loudness";
import { master } from "../masterChain";
import type { MasterPreset } from "./standard";
import { truePeakDb } from "../truePeak";
import { ChannelSplitter, type StereoBands } from "./bands";
import type { BandDynamics, MasteringPreset } from "./catalogue";
import { TRUE_PEAK_CEILING_DBTP } from "./platforms";

/** The level the chain works at: its thresholds and saturation drive are set for a song at this loudness. */
const REFERENCE_LUFS = -18;
/** How long the running band levels (the dynamic EQ's and thresholds' reference) remember, seconds. */
const LEVEL_SECONDS = 0.6;
/** Gain moves are computed every GAIN_INTERVAL samples and smoothed per sample over GAIN_SMOOTHING_SECONDS. */
const GAIN_INTERVAL = 32;
const GAIN_SMOOTHING_SECONDS = 0.004;
const KNEE_DB = 6;
/** Bounds of a band's dynamics move: expansion adds punch, never a jump. */
const MAX_CUT_DB = -12;
const MAX_BOOST_DB = 6;
const BLOCK = 4096;
/** The promise: within ±0.5 LU of the platform's target. */
const LOUDNESS_TOLERANCE_LU = 0.5;
/** How fast the dynamic EQ follows the song: the time it takes to close a gap to the target, seconds. */
const EQ_SECONDS = 0.5;
/** The EQ's own bound: its range plus what dense dynamics may take from a band. */
const MAX_EQ_DB = 18;

const clamp = (value: number, range: number) => Math.min(range, Math.max(-range, value));

export interface Loudness {
  lufs: Lufs;
  truePeakDb: Decibels;
}

export interface ChainOptions {
  /** 0–100: how far the chain moves the song. */
  intensity: number;
  targetLufs: Lufs;
  ceilingDbtp?: Decibels;
}

export interface MasteredAudio {
  audio: StereoBuffer;
  before: Loudness;
  after: Loudness;
}

/** The preset's settings at an intensity: every move scaled toward "leave it alone". */
interface Effective {
  bands: [BandSettings, BandSettings, BandSettings];
  eqTargets: [number, number, number];
  eqRangeDb: number;
  width: number;
  bassSide: number;
  saturationDrive: number;
  saturationMix: number;
}

interface BandSettings {
  thresholdDb: number;
  slope: number;
  attack: number;
  release: number;
}

function effective(preset: MasteringPreset, intensity: number, sampleRate: number): Effective {
  const k = Math.min(100, Math.max(0, intensity)) / 100;
  const band = (d: BandDynamics): BandSettings => ({
    thresholdDb: d.thresholdDb,
    // The ratio moves from 1 toward the preset's: slope is the dB of gain per dB over the threshold.
    slope: 1 / (1 + (d.ratio - 1) * k) - 1,
    attack: onePoleCoefficient(d.attackSeconds, sampleRate),
    release: onePoleCoefficient(d.releaseSeconds, sampleRate),
  });
  return {
    bands: [band(preset.dynamics.low), band(preset.dynamics.mid), band(preset.dynamics.high)],
    eqTargets: [preset.target.lowDb, 0, preset.target.highDb],
    eqRangeDb: preset.eqRangeDb * k,
    width: 1 + (preset.width - 1) * k,
    bassSide: 1 - preset.bassMono * k,
    saturationDrive: dbToGain(preset.saturation.driveDb),
    saturationMix: preset.saturation.mix * k,
  };
}

/** Where the chain reads its bands: split beforehand (previews share one split) or split block by block. */
interface BandSource {
  /** The bands of [start, start+count), as [low, mid, high] × [left, right] arrays and the offset to read them at. */
  block(start: number, count: number): { bands: Float32Array[][]; at: number };
}

function presplitSource(bands: StereoBands): BandSource {
  const arrays = [bands.low, bands.mid, bands.high].map((b) => [b.left, b.right]);
  return { block: (start) => ({ bands: arrays, at: start }) };
}

function streamingSource(input: StereoBuffer): BandSource {
  const splitters = [new ChannelSplitter(input.sampleRate), new ChannelSplitter(input.sampleRate)];
  const arrays = [0, 1, 2].map(() => [new Float32Array(BLOCK), new Float32Array(BLOCK)]);
  return {
    block(start, count) {
      splitters[0].split(input.left, start, count, arrays[0][0], arrays[1][0], arrays[2][0], 0);
      splitters[1].split(input.right, start, count, arrays[0][1], arrays[1][1], arrays[2][1], 0);
      return { bands: arrays, at: 0 };
    },
  };
}

/** Each band's mean square over the whole song (both channels): where the running levels start. */
function bandEnergies(source: BandSource, length: number): [number, number, number] {
  const sums = [0, 0, 0];
  for (let start = 0; start < length; start += BLOCK) {
    const count = Math.min(BLOCK, length - start);
    const { bands, at } = source.block(start, count);
    for (let b = 0; b < 3; b++) {
      const [l, r] = bands[b];
      let sum = 0;
      for (let i = at; i < at + count; i++) sum += l[i] * l[i] + r[i] * r[i];
      sums[b] += sum;
    }
  }
  return sums.map((sum) => sum / Math.max(1, 2 * length)) as [number, number, number];
}

/**
 * One band's running state: its peak envelope, the running level of its input and of its output (what the
 * dynamic EQ steers), the EQ's current move and the smoothed gain.
 */
interface BandState {
  envelope: number;
  level: number;
  outLevel: number;
  eqDb: number;
  gain: number;
  target: number;
}

const toDb = (meanSquareOrPeak: number, power: boolean) => (power ? 10 : 20) * Math.log10(Math.max(meanSquareOrPeak, 1e-12));

/** A soft-knee gain move in dB for `over` dB above the threshold. */
function kneeMove(over: number, slope: number): number {
  if (over <= -KNEE_DB / 2) return 0;
  if (over >= KNEE_DB / 2) return slope * over;
  const x = over + KNEE_DB / 2;
  return (slope * x * x) / (2 * KNEE_DB);
}

/** tanh's Padé approximant, exact enough for a saturation curve and far cheaper; flat past ±3. */
function softClip(x: number): number {
  if (x >= 3) return 1;
  if (x <= -3) return -1;
  const x2 = x * x;
  return (x * (27 + x2)) / (27 + 9 * x2);
}

/**
 * Runs the preset (before the limiter) over `length` samples of `source`, each sample scaled by `preGain`,
 * into a new buffer.
 */
function shape(source: BandSource, length: number, sampleRate: number, settings: Effective, preGain: number, energies: [number, number, number]): StereoBuffer {
  const out: StereoBuffer = { sampleRate, left: new Float32Array(length), right: new Float32Array(length) };
  const g2 = preGain * preGain;
  // The EQ starts where the song's overall balance says it should, then follows the song.
  const startDb = energies.map((energy, b) => (b === 1 ? 0 : clamp(settings.eqTargets[b] - (toDb(energy, true) - toDb(energies[1], true)), settings.eqRangeDb)));
  const states: BandState[] = energies.map((energy, b) => ({
    envelope: Math.sqrt(energy * g2),
    level: energy * g2,
    outLevel: energy * g2 * dbToGain(2 * startDb[b]),
    eqDb: startDb[b],
    gain: 1,
    target: 1,
  }));
  const eqStep = GAIN_INTERVAL / (EQ_SECONDS * sampleRate);
  const levelCoefficient = onePoleCoefficient(LEVEL_SECONDS, sampleRate);
  const smoothing = onePoleCoefficient(GAIN_SMOOTHING_SECONDS, sampleRate);
  const gained = [0, 1, 2].map(() => [new Float32Array(BLOCK), new Float32Array(BLOCK)]);
  const { width, bassSide, saturationDrive, saturationMix, eqRangeDb, eqTargets } = settings;
  for (let start = 0; start < length; start += BLOCK) {
    const count = Math.min(BLOCK, length - start);
    const { bands, at } = source.block(start, count);
    for (let b = 0; b < 3; b++) {
      const state = states[b];
      const band = settings.bands[b];
      const [inL, inR] = bands[b];
      const [outL, outR] = gained[b];
      let { envelope, level, outLevel, eqDb, gain, target } = state;
      const midInDb = toDb(states[1].level, true), midOutDb = toDb(states[1].outLevel, true);
      let countdown = 0;
      for (let i = 0; i < count; i++) {
        const l = inL[at + i] * preGain, r = inR[at + i] * preGain;
        const peak = Math.max(Math.abs(l), Math.abs(r));
        envelope = peak > envelope ? peak + band.attack * (envelope - peak) : peak + band.release * (envelope - peak);
        const power = 0.5 * (l * l + r * r);
        level = power + levelCoefficient * (level - power);
        outLevel = power * gain * gain + levelCoefficient * (outLevel - power * gain * gain);
        if (countdown-- === 0) {
          countdown = GAIN_INTERVAL - 1;
          const levelDb = toDb(level, true);
          const dynamicsDb = Math.min(MAX_BOOST_DB, Math.max(MAX_CUT_DB, kneeMove(toDb(envelope, false) - (levelDb + band.thresholdDb), band.slope)));
          // The dynamic EQ steers the band's output level: the mid band back to its input level (its
          // dynamics shape it, they do not turn it down), the others to the balance against the mid band
          // that the target asks for, at most eqRangeDb from the song's own balance. The mid band's levels
          // are as they stood at the end of its last block: milliseconds, against a 0.6 s level memory.
          const outDb = toDb(outLevel, true);
          const inputBalance = levelDb - midInDb;
          const wanted = b === 1 ? levelDb - outDb : inputBalance + clamp(eqTargets[b] - inputBalance, eqRangeDb) - (outDb - midOutDb);
          eqDb = clamp(eqDb + wanted * eqStep, MAX_EQ_DB);
          target = dbToGain(dynamicsDb + eqDb);
        }
        gain = target + smoothing * (gain - target);
        outL[i] = l * gain;
        outR[i] = r * gain;
      }
      Object.assign(state, { envelope, level, outLevel, eqDb, gain, target });
    }
    const [lowL, lowR] = gained[0], [midL, midR] = gained[1], [highL, highR] = gained[2];
    const { left, right } = out;
    for (let i = 0; i < count; i++) {
      const lowMid = 0.5 * (lowL[i] + lowR[i]), lowSide = 0.5 * (lowL[i] - lowR[i]) * bassSide;
      const upL = midL[i] + highL[i], upR = midR[i] + highR[i];
      const upMid = 0.5 * (upL + upR), upSide = 0.5 * (upL - upR) * width;
      let l = lowMid + lowSide + upMid + upSide;
      let r = lowMid - lowSide + upMid - upSide;
      if (saturationMix > 0) {
        l += saturationMix * (softClip(l * saturationDrive) / saturationDrive - l);
        r += saturationMix * (softClip(r * saturationDrive) / saturationDrive - r);
      }
      left[start + i] = l;
      right[start + i] = r;
    }
  }
  return out;
}

/**
 * The limiter stage: the engine's master with its tilt and compressor left neutral (the preset did that work).
 * No codec headroom yet: the mastered WAV is held to the ceiling itself (its MP3 is not metered yet).
 */
function limiterStage(targetLufs: Lufs, ceilingDbtp: Decibels): MasterPreset {
  return { id: "mastering", targetLufs, ceilingDbtp, codecHeadroomDb: 0, lowShelfDb: 0, highShelfDb: 0, compressorThresholdLu: 0, compressorRatio: 1 };
}

/** The input's loudness and true peak, measured once for every preset run on it. */
export function measureLoudness(audio: StereoBuffer): Loudness {
  return { lufs: integratedLoudness(audio), truePeakDb: truePeakDb(audio) };
}

/** A song (or sample) prepared for several presets: measured and split into bands once. */
export interface PreparedInput {
  length: number;
  sampleRate: number;
  before: Loudness;
  source: BandSource;
  energies: [number, number, number];
}

export function prepareInput(input: StereoBuffer, bands: StereoBands | null, before: Loudness = measureLoudness(input)): PreparedInput {
  const length = input.left.length;
  const energies = bandEnergies(bands ? presplitSource(bands) : streamingSource(input), length);
  // The streaming source keeps filter state: the pass that measured used one, the chain gets a fresh one.
  const source = bands ? presplitSource(bands) : streamingSource(input);
  return { length, sampleRate: input.sampleRate, before, source, energies };
}

/** Masters a prepared input with one preset. Silence comes back as it is. */
export function runPreset(input: PreparedInput, preset: MasteringPreset, options: ChainOptions): MasteredAudio {
  const { before } = input;
  const ceiling = options.ceilingDbtp ?? TRUE_PEAK_CEILING_DBTP;
  const preGain = Number.isFinite(before.lufs) ? dbToGain(REFERENCE_LUFS - before.lufs) : 1;
  const shaped = shape(input.source, input.length, input.sampleRate, effective(preset, options.intensity, input.sampleRate), preGain, input.energies);
  const stage = limiterStage(options.targetLufs, ceiling);
  let limited = master(shaped, stage);
  // Heavy limiting (a loud target on a peaky song) can outlast the limiter's search, which then trims
  // under the ceiling and lands short: once more from there lands it (the second search starts close).
  if (Math.abs(limited.lufs - options.targetLufs) > LOUDNESS_TOLERANCE_LU) limited = master(limited.audio, stage);
  return { audio: limited.audio, before, after: { lufs: limited.lufs, truePeakDb: limited.truePeakDb } };
}

/** Masters a whole song with one preset (bands split block by block, so memory stays near the song's size). */
export function masterWithPreset(input: StereoBuffer, preset: MasteringPreset, options: ChainOptions): MasteredAudio {
  return runPreset(prepareInput(input, null), preset, options);
}

/**
 * The unmastered sample at the masters' loudness, for A/B listening: gain only, lowered if it would peak
 * over the ceiling (then the player evens the rest out from the measured loudness of each file).
 */
export function loudnessMatched(input: StereoBuffer, before: Loudness, targetLufs: Lufs, ceilingDbtp: Decibels = TRUE_PEAK_CEILING_DBTP): MasteredAudio {
  if (!Number.isFinite(before.lufs)) return { audio: input, before, after: before };
  const gainDb = Math.min(targetLufs - before.lufs, ceilingDbtp - before.truePeakDb);
  const gain = dbToGain(gainDb);
  const audio: StereoBuffer = { sampleRate: input.sampleRate, left: input.left.map((x) => x * gain), right: input.right.map((x) => x * gain) };
  return { audio, before, after: { lufs: before.lufs + gainDb, truePeakDb: before.truePeakDb + gainDb } };
}
