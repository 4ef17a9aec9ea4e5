// Integrated loudness per ITU-R BS.1770-4 / EBU R128: K-weighted mean square in 400 ms blocks overlapping
// by 75 %, an absolute gate at −70 LUFS, then a relative gate 10 LU below the mean of the surviving blocks.
// The meter is streaming (feed it blocks of any size), so the master can measure a limiter's output
// without storing it.

import type { Lufs, StereoBuffer } from "../types";
import { KWeighting } from "./kWeighting";

const BLOCK_SECONDS = 0.4;
const STEP_SECONDS = 0.1;
const STEPS_PER_BLOCK = Math.round(BLOCK_SECONDS / STEP_SECONDS);
const ABSOLUTE_GATE_LUFS = -70;
const RELATIVE_GATE_LU = -10;
/** The −0.691 dB offset makes a 997 Hz full-scale sine in one channel read −3.01 LUFS. */
const OFFSET_DB = -0.691;

const toLufs = (meanSquare: number): Lufs => OFFSET_DB + 10 * Math.log10(meanSquare);

export class LoudnessMeter {
  private readonly filters: [KWeighting, KWeighting];
  private readonly stepSamples: number;
  private readonly steps: number[] = [];
  private stepEnergy = 0;
  private stepFill = 0;

  constructor(sampleRate: number) {
    this.filters = [new KWeighting(sampleRate), new KWeighting(sampleRate)];
    this.stepSamples = Math.round(STEP_SECONDS * sampleRate);
  }

  /** Feeds left/right[start, start+count), split at 100 ms step boundaries. */
  add(left: Float32Array, right: Float32Array, start: number, count: number): void {
    this.stepFill = splitAtSteps(this.stepFill, this.stepSamples, start, count, (position, n, endsStep) => {
      this.stepEnergy += this.filters[0].stereoEnergy(this.filters[1], left, right, position, n);
      if (!endsStep) return;
      this.steps.push(this.stepEnergy);
      this.stepEnergy = 0;
    });
  }

  /** K-weighted mean square of each complete 400 ms block (channels summed with weight 1). */
  blockPowers(): number[] {
    return blockPowersOf(this.steps, this.stepSamples);
  }

  /** Integrated loudness in LUFS; −Infinity for silence or less than one block. */
  integrated(): Lufs {
    return gatedLoudness(this.blockPowers());
  }
}

/**
 * One channel's share of a LoudnessMeter, so the two channels can be measured on two threads: the
 * K-weighted energy of each piece it is fed, split at 100 ms steps exactly as the meter splits them.
 * loudnessOfChannels() then sums the pieces in the meter's order, which gives its reading to the bit.
 */
export class ChannelLoudness {
  private readonly filter: KWeighting;
  private readonly stepSamples: number;
  private stepFill = 0;
  private readonly pieceEnergies: number[] = [];
  /** For each complete step, the number of pieces up to its end. */
  private readonly stepEnds: number[] = [];

  constructor(sampleRate: number) {
    this.filter = new KWeighting(sampleRate);
    this.stepSamples = Math.round(STEP_SECONDS * sampleRate);
  }

  add(x: Float32Array, start: number, count: number): void {
    this.stepFill = splitAtSteps(this.stepFill, this.stepSamples, start, count, (position, n, endsStep) => {
      this.pieceEnergies.push(this.filter.energy(x, position, n));
      if (endsStep) this.stepEnds.push(this.pieceEnergies.length);
    });
  }

  /** What crosses threads: plain arrays. */
  pieces(): ChannelPieces {
    return { stepSamples: this.stepSamples, energies: Float64Array.from(this.pieceEnergies), stepEnds: Int32Array.from(this.stepEnds) };
  }
}

export interface ChannelPieces {
  stepSamples: number;
  energies: Float64Array;
  stepEnds: Int32Array;
}

/** Integrated loudness of two channels measured apart (ChannelLoudness fed the same pieces). */
export function loudnessOfChannels(left: ChannelPieces, right: ChannelPieces): Lufs {
  const steps: number[] = [];
  let piece = 0;
  for (const end of left.stepEnds) {
    // Accumulated as LoudnessMeter.add accumulates stereoEnergy's left + right, piece by piece.
    let energy = 0;
    for (; piece < end; piece++) energy += left.energies[piece] + right.energies[piece];
    steps.push(energy);
  }
  return gatedLoudness(blockPowersOf(steps, left.stepSamples));
}

/**
 * Splits [start, start+count) into pieces that end at 100 ms step boundaries, given how many samples of
 * the current step came before; `piece` is told whether each completes its step. Returns the new fill.
 * Both meters split the same way, which is what lets ChannelLoudness reproduce LoudnessMeter exactly.
 */
function splitAtSteps(stepFill: number, stepSamples: number, start: number, count: number, piece: (position: number, n: number, endsStep: boolean) => void): number {
  let fill = stepFill;
  for (let position = start, end = start + count; position < end; ) {
    const n = Math.min(end - position, stepSamples - fill);
    fill += n;
    const endsStep = fill === stepSamples;
    piece(position, n, endsStep);
    if (endsStep) fill = 0;
    position += n;
  }
  return fill;
}

function blockPowersOf(steps: readonly number[], stepSamples: number): number[] {
  const powers: number[] = [];
  for (let b = 0; b + STEPS_PER_BLOCK <= steps.length; b++) {
    let energy = 0;
    for (let k = 0; k < STEPS_PER_BLOCK; k++) energy += steps[b + k];
    powers.push(energy / (stepSamples * STEPS_PER_BLOCK));
  }
  return powers;
}

function gatedLoudness(blockPowers: number[]): Lufs {
  const aboveAbsolute = blockPowers.filter((p) => p > 0 && toLufs(p) > ABSOLUTE_GATE_LUFS);
  if (aboveAbsolute.length === 0) return -Infinity;
  const relativeGate = toLufs(mean(aboveAbsolute)) + RELATIVE_GATE_LU;
  return toLufs(mean(aboveAbsolute.filter((p) => toLufs(p) > relativeGate)));
}

export function integratedLoudness(buffer: StereoBuffer): Lufs {
  const meter = new LoudnessMeter(buffer.sampleRate);
  meter.add(buffer.left, buffer.right, 0, buffer.left.length);
  return meter.integrated();
}

/** Loudness of each 400 ms block (100 ms apart), for silence checks and loudness curves. */
export function blockLoudness(buffer: StereoBuffer): number[] {
  const meter = new LoudnessMeter(buffer.sampleRate);
  meter.add(buffer.left, buffer.right, 0, buffer.left.length);
  return meter.blockPowers().map((p) => (p > 0 ? toLufs(p) : -Infinity));
}

function mean(values: number[]): number {
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}
