// The previews' fade (app/engine/pipeline.ts fadeInOut): silence at both ends, the music untouched between.
import { fadeInOut } from "~/engine/pipeline";

test("fades in from silence and out to silence, leaving the middle alone", () => {
  const sampleRate = 100;
  const buffer = { sampleRate, left: new Float32Array(1000).fill(0.5), right: new Float32Array(1000).fill(-0.5) };
  fadeInOut(buffer as never, 1, 2);
  expect(buffer.left[0]).toBe(0);
  expect(buffer.right[999]).toBeCloseTo(0);
  expect(buffer.left[50]).toBeCloseTo(0.25);
  expect(buffer.left[899]).toBeCloseTo(0.25, 1);
  expect(buffer.left[500]).toBe(0.5);
  expect(buffer.right[500]).toBe(-0.5);
});
