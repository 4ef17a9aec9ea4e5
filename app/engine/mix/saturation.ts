// Soft saturation (tanh), normalised so quiet signals pass at unity gain and loud ones round off,
// adding the odd harmonics of tape and driven consoles. Processes in place.

import type { Decibels } from "../types";
import { dbToGain } from "../dsp/units";

export function saturate(left: Float32Array, right: Float32Array, start: number, count: number, driveDb: Decibels): void {
  if (driveDb <= 0) return;
  const drive = dbToGain(driveDb);
  for (let i = start, end = start + count; i < end; i++) {
    left[i] = Math.tanh(left[i] * drive) / drive;
    right[i] = Math.tanh(right[i] * drive) / drive;
  }
}
