// Integrated loudness per ITU-R BS.1770-4 / EBU R128: K-weighted mean square in 400 ms blocks overlapping
// by 75 %, an absolute gate at −70 LUFS, then a relative gate 10 LU below the mean of the surviving blocks.

import type { Lufs, StereoBuffer } from "../types";
import { kWeightingFilter } from "./kWeighting";

const BLOCK_SECONDS = 0.4;
const STEP_SECONDS = 0.1;
const ABSOLUTE_GATE_LUFS = -70;
const RELATIVE_GATE_LU = -10;
/** The −0.691 dB offset makes a 997 Hz full-scale sine in one channel read −3.01 LUFS. */
const OFFSET_DB = -0.691;

const toLufs = (meanSquare: number): Lufs => OFFSET_DB + 10 * Math.log10(meanSquare);

/** K-weighted mean square per 400 ms block (stereo channels summed with weight 1, as the standard says). */
export function blockPowers(buffer: StereoBuffer): Float64Array {
  const step = Math.round(STEP_SECONDS * buffer.sampleRate);
  const stepsPerBlock = Math.round(BLOCK_SECONDS / STEP_SECONDS);
  const stepCount = Math.floor(buffer.left.length / step);
  // Sum of squares per 100 ms step; each block is four consecutive steps.
  const stepEnergy = new Float64Array(stepCount);
  for (const channel of [buffer.left, buffer.right]) {
    const [shelf, highpass] = kWeightingFilter(buffer.sampleRate);
    for (let s = 0; s < stepCount; s++) {
      let energy = 0;
      for (let i = s * step, end = i + step; i < end; i++) {
        const y = highpass.tick(shelf.tick(channel[i]));
        energy += y * y;
      }
      stepEnergy[s] += energy;
    }
  }
  const blockCount = Math.max(0, stepCount - stepsPerBlock + 1);
  const powers = new Float64Array(blockCount);
  for (let b = 0; b < blockCount; b++) {
    let energy = 0;
    for (let k = 0; k < stepsPerBlock; k++) energy += stepEnergy[b + k];
    powers[b] = energy / (step * stepsPerBlock);
  }
  return powers;
}

/** Integrated loudness in LUFS; −Infinity for silence or a buffer shorter than one block. */
export function integratedLoudness(buffer: StereoBuffer): Lufs {
  const powers = blockPowers(buffer);
  const aboveAbsolute = powers.filter((p) => p > 0 && toLufs(p) > ABSOLUTE_GATE_LUFS);
  if (aboveAbsolute.length === 0) return -Infinity;
  const relativeGate = toLufs(mean(aboveAbsolute)) + RELATIVE_GATE_LU;
  const gated = aboveAbsolute.filter((p) => toLufs(p) > relativeGate);
  return toLufs(mean(gated));
}

/** Short-term-style loudness of each 400 ms block, for silence checks and loudness curves. */
export function blockLoudness(buffer: StereoBuffer): Float64Array {
  return blockPowers(buffer).map((p) => (p > 0 ? toLufs(p) : -Infinity));
}

function mean(values: Float64Array): number {
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}
