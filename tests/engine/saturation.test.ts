// The bus saturation's tanh table against Math.tanh, and what saturation does to a signal.
import { saturate, tableTanh } from "~/engine/mix/saturation";

test("the tanh table is within 1e-7 of Math.tanh everywhere, including past its end and at zero", () => {
  let worst = 0;
  for (let k = -1_300_000; k <= 1_300_000; k++) {
    const x = k / 100_000 + 1 / 7_919;
    worst = Math.max(worst, Math.abs(tableTanh(x) - Math.tanh(x)));
  }
  expect(worst).toBeLessThan(1e-7);
  expect(tableTanh(0)).toBe(0);
  expect(tableTanh(50)).toBe(1);
  expect(tableTanh(-50)).toBe(-1);
  expect(tableTanh(-0.3)).toBe(-tableTanh(0.3));
});

test("saturation passes quiet samples at unity, rounds loud ones off under 1 / drive, and keeps the sign", () => {
  const driveDb = 6;
  const drive = 10 ** (driveDb / 20);
  const input = [0.001, -0.001, 0.5, -0.5, 4, -4];
  const left = Float32Array.from(input);
  const right = Float32Array.from(input.map((x) => -x));
  saturate(left, right, 0, input.length, driveDb);
  expect(left[0]).toBeCloseTo(0.001, 6);
  expect(left[1]).toBeCloseTo(-0.001, 6);
  expect(left[2]).toBeCloseTo(Math.tanh(0.5 * drive) / drive, 6);
  expect(left[2]).toBeLessThan(0.4);
  expect(left[4]).toBeLessThan(1 / drive);
  expect(left[4]).toBeGreaterThan(0.99 / drive);
  expect(Array.from(right)).toEqual(Array.from(left).map((x) => -x));
  // Without drive the signal is untouched.
  const untouched = Float32Array.from(input);
  saturate(untouched, untouched.slice(), 0, input.length, 0);
  expect(Array.from(untouched)).toEqual(Array.from(Float32Array.from(input)));
});
