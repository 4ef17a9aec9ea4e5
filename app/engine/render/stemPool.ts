// Stem buffers reused within a render. A 3-minute stem is 62 MB; a song makes eight or more of them, each
// garbage once mixed, and V8 collects them later than they pile up: a song's peak memory grew by several
// stems' worth during the render stage. The mixing thread hands each stem it has finished with back to
// the thread that makes stems (threads/renderMix.ts), which renders the next one into it. Bounded, and
// emptied when a render ends, so an idle process holds none.

import type { StereoBuffer } from "../types";
import { createStereo } from "../dsp/stereo";

/** Enough for the stems in flight between the two threads (renderMix keeps one requested ahead). */
const MAX_POOLED = 3;

const pool: StereoBuffer[] = [];

/**
 * A stem of `length` samples: a pooled one if there is one that long, else a new one. Zeroed, unless the
 * caller overwrites every sample anyway (`zeroed: false`, e.g. reading a stem from disk).
 */
export function takeStem(length: number, sampleRate: number, { zeroed = true } = {}): StereoBuffer {
  const index = pool.findIndex((stem) => stem.left.length === length && stem.sampleRate === sampleRate);
  if (index < 0) return createStereo(length, sampleRate);
  const [stem] = pool.splice(index, 1);
  if (zeroed) {
    stem.left.fill(0);
    stem.right.fill(0);
  }
  return stem;
}

/** Gives a stem nobody uses any more to the pool (the oldest drops out when it is full). */
export function recycleStem(stem: StereoBuffer): void {
  pool.push(stem);
  if (pool.length > MAX_POOLED) pool.shift();
}

export function drainStemPool(): void {
  pool.length = 0;
}
