// The mix's reverb on the stem worker while the mixing thread adds the delay and runs the bus chain: once
// the stems are in, the worker would otherwise sit idle through the mix effects. The worker renders the
// reverb's return block by block into a small shared ring; the mixing thread adds each block into the mix
// when its turn comes (Mixer.finish). The ring holds the return at double precision, exactly the values
// the reverb would add in place, so the mix is the same to the byte either way.
import type { ReverbReturn } from "../mix/mixer";
import { Reverb, type ReverbSettings } from "../mix/reverb";

/** Blocks the worker may run ahead of the mixing thread (16 × 4096 samples: 1 MB of doubles). */
const SLOTS = 16;
// Indices into `control`.
const PRODUCED = 0;
const CONSUMED = 1;
const FAILED = 2;
/** How long either side waits for the other before giving up: far longer than any block takes. */
const WAIT_MS = 60_000;

export interface ReverbRing {
  /** Blocks produced, blocks consumed, and 1 once either side failed. */
  control: Int32Array;
  left: Float64Array;
  right: Float64Array;
  block: number;
}

export function createReverbRing(block: number): ReverbRing {
  const bytes = SLOTS * block * Float64Array.BYTES_PER_ELEMENT;
  return {
    control: new Int32Array(new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT)),
    left: new Float64Array(new SharedArrayBuffer(bytes)),
    right: new Float64Array(new SharedArrayBuffer(bytes)),
    block,
  };
}

/** Worker side: renders the return of `send` into the ring, waiting while the ring is full. */
export function produceReverbReturn(settings: ReverbSettings, send: Float32Array, length: number, ring: ReverbRing): void {
  const { control, left, right, block } = ring;
  const reverb = new Reverb(settings);
  try {
    for (let start = 0, b = 0; start < length; start += block, b++) {
      for (;;) {
        if (Atomics.load(control, FAILED)) return;
        const consumed = Atomics.load(control, CONSUMED);
        if (b - consumed < SLOTS) break;
        if (Atomics.wait(control, CONSUMED, consumed, WAIT_MS) === "timed-out") throw new Error("the mixing thread stopped taking the reverb's return");
      }
      const count = Math.min(block, length - start);
      const offset = (b % SLOTS) * block;
      left.fill(0, offset, offset + count);
      right.fill(0, offset, offset + count);
      reverb.process(send, left, right, start, count, offset);
      Atomics.store(control, PRODUCED, b + 1);
      Atomics.notify(control, PRODUCED);
    }
  } catch (error) {
    fail(ring);
    throw error;
  }
}

/** Mixing-thread side: adds the ring's blocks, in order, as the worker makes them. */
export function consumeReverbReturn(ring: ReverbRing): ReverbReturn {
  const { control, left, right, block } = ring;
  let b = 0;
  return (mix, start, count) => {
    for (;;) {
      const produced = Atomics.load(control, PRODUCED);
      if (produced > b) break;
      if (Atomics.load(control, FAILED)) throw new Error("the reverb's thread failed");
      if (Atomics.wait(control, PRODUCED, produced, WAIT_MS) === "timed-out") {
        fail(ring);
        throw new Error("timed out waiting for the reverb's thread");
      }
    }
    const offset = (b % SLOTS) * block;
    const mixLeft = mix.left, mixRight = mix.right;
    for (let k = 0; k < count; k++) {
      mixLeft[start + k] += left[offset + k];
      mixRight[start + k] += right[offset + k];
    }
    b++;
    Atomics.store(control, CONSUMED, b);
    Atomics.notify(control, CONSUMED);
  };
}

/** Stops the other side: it sees the flag at its next wait. */
export function fail(ring: ReverbRing): void {
  Atomics.store(ring.control, FAILED, 1);
  Atomics.notify(ring.control, PRODUCED);
  Atomics.notify(ring.control, CONSUMED);
}
