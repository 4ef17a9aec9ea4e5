// Stems are reused within a render (render/stemPool.ts) to bound its memory: a reused stem must come back
// silent (stems are summed into), only a stem of the right length is reused, and the pool stays small.
import { afterEach, expect, test } from "vitest";
import { createStereo } from "~/engine/dsp/stereo";
import { drainStemPool, recycleStem, takeStem } from "~/engine/render";

afterEach(() => drainStemPool());

const loud = (length: number) => {
  const stem = createStereo(length);
  stem.left.fill(0.5);
  stem.right.fill(-0.5);
  return stem;
};

test("a recycled stem of the same length is handed out again, silent", () => {
  const used = loud(1000);
  recycleStem(used);
  const again = takeStem(1000, 44100);
  expect(again.left).toBe(used.left);
  expect(again.left.every((v) => v === 0) && again.right.every((v) => v === 0)).toBe(true);
});

test("a stem the caller overwrites anyway is handed out as it is", () => {
  const used = loud(1000);
  recycleStem(used);
  const again = takeStem(1000, 44100, { zeroed: false });
  expect(again.left).toBe(used.left);
  expect(again.left[10]).toBe(0.5);
});

test("another length gets a new stem; the pool keeps at most three; drained, it keeps none", () => {
  recycleStem(loud(1000));
  expect(takeStem(2000, 44100).left.length).toBe(2000);
  const stems = [loud(500), loud(500), loud(500), loud(500)];
  stems.forEach(recycleStem);
  const taken = [takeStem(500, 44100), takeStem(500, 44100), takeStem(500, 44100), takeStem(500, 44100)];
  // The oldest fell out: the last three come back, the fourth is new.
  expect(taken.filter((stem) => stems.some((old) => old.left === stem.left))).toHaveLength(3);
  expect(stems[0].left === taken[3].left).toBe(false);
  recycleStem(loud(500));
  drainStemPool();
  // Not zeroed on the way out, so a pooled stem would still be loud: this one is new.
  expect(takeStem(500, 44100, { zeroed: false }).left[0]).toBe(0);
});
