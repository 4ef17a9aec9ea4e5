// The mix's effect returns made on the stem worker (threads/effectReturns.ts) must add exactly what the
// effects add when made in place, and a side that fails must stop the other with an error rather than
// leave it waiting.
import { EffectReturns, MIX_BLOCK, type EffectsInput } from "~/engine/mix/effectReturns";
import { FIXED_ONE } from "~/engine/mix/fixedPoint";
import { Mixer } from "~/engine/mix/mixer";
import { consumeEffectReturns, createEffectRing, fail, produceEffectReturns } from "~/engine/threads/effectReturns";

// Within the ring's 16 blocks, so one thread can produce them all before consuming.
const LENGTH = 10 * MIX_BLOCK - 123;

function noise(length: number, seed: number): Float32Array {
  const out = new Float32Array(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x = (x * 16807) % 2147483647;
    out[i] = (x / 2147483647 - 0.5) * 0.4;
  }
  return out;
}

/** A fixed-point send as a Mixer would hold it. */
function fixedNoise(length: number, seed: number): Int32Array {
  return Int32Array.from(noise(length, seed), (x) => (x * FIXED_ONE) | 0);
}

function input(mix: string): EffectsInput {
  // Two partial sums per send, as when both threads mixed parts.
  return { mix, tempoBpm: 120, length: LENGTH, sends: { reverb: [fixedNoise(LENGTH, 7), fixedNoise(LENGTH, 8)], delay: [fixedNoise(LENGTH, 9), fixedNoise(LENGTH, 10)] } };
}

/** A Mixer of a few noise stems (the same ones each time), ready to finish. */
function mixerWithStems(mix: string): Mixer {
  const mixer = new Mixer(LENGTH, [], { mix, filter: "house", tempoBpm: 120, intensity: 5, levels: {}, seed: 3 });
  for (const [part, seed] of [["lead", 21], ["pad", 22], ["chords", 23]] as const) mixer.addStem(part, { sampleRate: 44100, left: noise(LENGTH, seed), right: noise(LENGTH, seed + 100) });
  return mixer;
}

test.each([
  ["both effects on the worker", { reverb: true, delay: true }],
  ["the reverb on the worker, the delay here", { reverb: true, delay: false }],
])("a mix whose effect returns come through the ring (%s) is the same to the byte as one made in place", (_, share) => {
  const inPlace = mixerWithStems("grand_canyon").finish();
  const mixer = mixerWithStems("grand_canyon");
  const ring = createEffectRing(MIX_BLOCK);
  produceEffectReturns(mixer.effectsInput(), share, ring);
  const viaRing = mixer.finish(consumeEffectReturns(ring, share));
  expect(Buffer.from(viaRing.left.buffer).equals(Buffer.from(inPlace.left.buffer))).toBe(true);
  expect(Buffer.from(viaRing.right.buffer).equals(Buffer.from(inPlace.right.buffer))).toBe(true);
  // The effects did add something: a mix without sends differs.
  const dry = mixerWithStems("grand_canyon");
  const silent = { ...dry.effectsInput(), sends: { reverb: [new Int32Array(LENGTH)], delay: [new Int32Array(LENGTH)] } };
  const dryRing = createEffectRing(MIX_BLOCK);
  produceEffectReturns(silent, { reverb: true, delay: true }, dryRing);
  expect(Buffer.from(dry.finish(consumeEffectReturns(dryRing, { reverb: true, delay: true })).left.buffer).equals(Buffer.from(inPlace.left.buffer))).toBe(false);
});

test("the returns carry both the reverb (of the reverb send) and the delay (of the delay send)", () => {
  const silentReverb: EffectsInput = { ...input("clean"), sends: { reverb: [new Int32Array(LENGTH)], delay: [fixedNoise(LENGTH, 9)] } };
  const silentDelay: EffectsInput = { ...input("clean"), sends: { reverb: [fixedNoise(LENGTH, 7)], delay: [new Int32Array(LENGTH)] } };
  const energy = (returns: EffectsInput) => {
    const effects = new EffectReturns(returns);
    const left = new Float64Array(MIX_BLOCK), right = new Float64Array(MIX_BLOCK);
    let sum = 0;
    for (let start = 0; start < LENGTH; start += MIX_BLOCK) {
      const count = Math.min(MIX_BLOCK, LENGTH - start);
      effects.render(start, count, left, right, 0);
      for (let k = 0; k < count; k++) sum += left[k] * left[k] + right[k] * right[k];
    }
    return sum;
  };
  expect(energy(silentReverb)).toBeGreaterThan(0);
  expect(energy(silentDelay)).toBeGreaterThan(0);
  expect(energy({ ...input("clean"), sends: { reverb: [new Int32Array(LENGTH)], delay: [new Int32Array(LENGTH)] } })).toBe(0);
});

test("once the worker's side failed, the mixing thread gets an error instead of waiting", () => {
  const ring = createEffectRing(MIX_BLOCK);
  fail(ring);
  const remote = consumeEffectReturns(ring, { reverb: true, delay: true });
  expect(() => remote.take(0, MIX_BLOCK)).toThrow("the effects' thread failed");
});

test("once the mixing thread gave up, the worker stops instead of waiting for room in the ring", () => {
  const ring = createEffectRing(MIX_BLOCK);
  fail(ring);
  // 40 blocks would fill the 16 slots and wait for the mixing thread; with the flag set it returns.
  const long: EffectsInput = { mix: "lofi", tempoBpm: 120, length: 40 * MIX_BLOCK, sends: { reverb: [new Int32Array(40 * MIX_BLOCK)], delay: [new Int32Array(40 * MIX_BLOCK)] } };
  expect(() => produceEffectReturns(long, { reverb: true, delay: true }, ring)).not.toThrow();
  expect(Atomics.load(ring.control, 0)).toBe(0);
});
