// The mix's effect returns (reverb and delay, mix/effectReturns.ts) made on the stem worker while the mixing
// thread settles the bus and runs the bus chain: once the parts are mixed, the worker would otherwise sit
// idle through the mix effects. The worker renders the returns block by block into a small shared ring;
// the mixing thread adds each block into the mix when its turn comes (Mixer.finish). The ring holds the
// returns at double precision, exactly the values made in place otherwise, so the mix is the same to the
// byte either way.
import type { RemoteReturns } from "../mix/mixer";
import { EffectReturns, type EffectShare, type EffectsInput } from "../mix/effectReturns";

/** Blocks the worker may run ahead of the mixing thread (16 × 4096 samples: 1 MB of doubles). */
const SLOTS = 16;
// Indices into `control`.
const PRODUCED = 0;
const CONSUMED = 1;
const FAILED = 2;
/** How long either side waits for the other before giving up: far longer than any block takes. */
const WAIT_MS = 60_000;

export interface EffectRing {
  /** Blocks produced, blocks consumed, and 1 once either side failed. */
  control: Int32Array;
  left: Float64Array;
  right: Float64Array;
  block: number;
}

export function createEffectRing(block: number): EffectRing {
  const bytes = SLOTS * block * Float64Array.BYTES_PER_ELEMENT;
  return {
    control: new Int32Array(new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT)),
    left: new Float64Array(new SharedArrayBuffer(bytes)),
    right: new Float64Array(new SharedArrayBuffer(bytes)),
    block,
  };
}

/** Worker side: renders the returns of `share` of the effects of `input` into the ring, waiting while it is full. */
export function produceEffectReturns(input: EffectsInput, share: EffectShare, ring: EffectRing): void {
  const { control, left, right, block } = ring;
  const effects = new EffectReturns(input, share);
  try {
    for (let start = 0, b = 0; start < input.length; start += block, b++) {
      for (;;) {
        if (Atomics.load(control, FAILED)) return;
        const consumed = Atomics.load(control, CONSUMED);
        if (b - consumed < SLOTS) break;
        if (Atomics.wait(control, CONSUMED, consumed, WAIT_MS) === "timed-out") throw new Error("the mixing thread stopped taking the effects' returns");
      }
      effects.render(start, Math.min(block, input.length - start), left, right, (b % SLOTS) * block);
      Atomics.store(control, PRODUCED, b + 1);
      Atomics.notify(control, PRODUCED);
    }
  } catch (error) {
    fail(ring);
    throw error;
  }
}

/** Mixing-thread side: the ring's blocks, in order, as the worker makes them. */
export function consumeEffectReturns(ring: EffectRing, share: EffectShare): RemoteReturns {
  const { control, left, right, block } = ring;
  let b = 0;
  return {
    share,
    take: () => {
      for (;;) {
        const produced = Atomics.load(control, PRODUCED);
        if (produced > b) break;
        if (Atomics.load(control, FAILED)) throw new Error("the effects' thread failed");
        if (Atomics.wait(control, PRODUCED, produced, WAIT_MS) === "timed-out") {
          fail(ring);
          throw new Error("timed out waiting for the effects' thread");
        }
      }
      return { left, right, offset: (b % SLOTS) * block };
    },
    release: () => {
      b++;
      Atomics.store(control, CONSUMED, b);
      Atomics.notify(control, CONSUMED);
    },
  };
}

/** Stops the other side: it sees the flag at its next wait. */
export function fail(ring: EffectRing): void {
  Atomics.store(ring.control, FAILED, 1);
  Atomics.notify(ring.control, PRODUCED);
  Atomics.notify(ring.control, CONSUMED);
}
