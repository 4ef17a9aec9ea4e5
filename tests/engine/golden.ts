// Golden files for offline renders: small JSON summaries (envelopes, band energies), never raw audio.
// Run with UPDATE_GOLDEN=1 to (re)write them after an intended change to a voice or effect.

import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const GOLDEN_DIR = path.join(__dirname, "golden");

export interface Tolerance {
  absolute: number;
  relative?: number;
}

/** Compares `values` with the stored golden `file`/`key` element-wise within the tolerance. */
export function expectGolden(file: string, key: string, values: number[], tolerance: Tolerance): void {
  const target = path.join(GOLDEN_DIR, file);
  const stored: Record<string, number[]> = existsSync(target) ? JSON.parse(readFileSync(target, "utf8")) : {};
  if (process.env.UPDATE_GOLDEN === "1") {
    stored[key] = values;
    writeFileSync(target, `${JSON.stringify(stored, null, 1)}\n`);
    return;
  }
  const golden = stored[key];
  if (!golden) throw new Error(`No golden "${key}" in ${file}; run with UPDATE_GOLDEN=1 to create it`);
  expect(values.length).toBe(golden.length);
  const offending = values
    .map((v, i) => ({ i, v, g: golden[i] }))
    .filter(({ v, g }) => Math.abs(v - g) > tolerance.absolute + (tolerance.relative ?? 0) * Math.abs(g));
  expect(offending, `${key} differs from its golden at these points`).toEqual([]);
}

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/** RMS per window, rounded: a compact picture of an envelope. */
export function rmsEnvelope(x: Float32Array, windowSamples: number, digits = 4): number[] {
  const out: number[] = [];
  for (let start = 0; start + windowSamples <= x.length; start += windowSamples) {
    let sum = 0;
    for (let i = start; i < start + windowSamples; i++) sum += x[i] * x[i];
    out.push(round(Math.sqrt(sum / windowSamples), digits));
  }
  return out;
}

export const roundAll = (values: number[], digits: number) => values.map((v) => round(v, digits));
