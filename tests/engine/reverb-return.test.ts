// The mix's reverb made on the stem worker (threads/reverbReturn.ts) must add exactly what the reverb adds
// in place, and a side that fails must stop the other with an error rather than leave it waiting.
import { mixStyle } from "~/engine/mix/mixStyles";
import { Reverb } from "~/engine/mix/reverb";
import { consumeReverbReturn, createReverbRing, fail, produceReverbReturn } from "~/engine/threads/reverbReturn";

const BLOCK = 4096;
// Within the ring's 16 blocks, so one thread can produce them all before consuming.
const LENGTH = 10 * BLOCK - 123;

function noise(length: number, seed: number): Float32Array {
  const out = new Float32Array(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x = (x * 16807) % 2147483647;
    out[i] = (x / 2147483647 - 0.5) * 0.4;
  }
  return out;
}

test("the ring's return adds to the mix exactly what the reverb adds in place", () => {
  const settings = mixStyle("grand_canyon").reverb;
  const send = noise(LENGTH, 7);
  const inPlace = { sampleRate: 44100, left: noise(LENGTH, 11), right: noise(LENGTH, 13) };
  const viaRing = { sampleRate: 44100, left: inPlace.left.slice(), right: inPlace.right.slice() };

  const reverb = new Reverb(settings);
  for (let start = 0; start < LENGTH; start += BLOCK) reverb.process(send, inPlace.left, inPlace.right, start, Math.min(BLOCK, LENGTH - start));

  const ring = createReverbRing(BLOCK);
  produceReverbReturn(settings, send, LENGTH, ring);
  const add = consumeReverbReturn(ring);
  for (let start = 0; start < LENGTH; start += BLOCK) add(viaRing, start, Math.min(BLOCK, LENGTH - start));

  expect(Buffer.from(viaRing.left.buffer).equals(Buffer.from(inPlace.left.buffer))).toBe(true);
  expect(Buffer.from(viaRing.right.buffer).equals(Buffer.from(inPlace.right.buffer))).toBe(true);
  // The reverb did add something.
  expect(Buffer.from(viaRing.left.buffer).equals(Buffer.from(noise(LENGTH, 11).buffer))).toBe(false);
});

test("once the worker's side failed, the mixing thread gets an error instead of waiting", () => {
  const ring = createReverbRing(BLOCK);
  fail(ring);
  const add = consumeReverbReturn(ring);
  const mix = { sampleRate: 44100, left: new Float32Array(BLOCK), right: new Float32Array(BLOCK) };
  expect(() => add(mix, 0, BLOCK)).toThrow("the reverb's thread failed");
});

test("once the mixing thread gave up, the worker stops instead of waiting for room in the ring", () => {
  const ring = createReverbRing(BLOCK);
  fail(ring);
  // 40 blocks would fill the 16 slots and wait for the mixing thread; with the flag set it returns.
  expect(() => produceReverbReturn(mixStyle("lofi").reverb, new Float32Array(40 * BLOCK), 40 * BLOCK, ring)).not.toThrow();
  expect(Atomics.load(ring.control, 0)).toBe(0);
});
