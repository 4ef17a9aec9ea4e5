// A look-ahead brickwall limiter working on the whole song at once (offline, so "look-ahead" is just
// reading ahead in the array). The gain needed at each sample is held for the look-ahead window, then
// smoothed by a moving average of the same length, so the gain has fully come down when the peak arrives
// and no sample exceeds the ceiling; release is exponential.

import type { Decibels, Seconds, StereoBuffer } from "../types";
import { dbToGain, onePoleCoefficient } from "../dsp/units";

export interface LimiterSettings {
  ceilingDb: Decibels;
  lookAheadSeconds: Seconds;
  releaseSeconds: Seconds;
}

/** Limits `buffer` in place. */
export function limit(buffer: StereoBuffer, { ceilingDb, lookAheadSeconds, releaseSeconds }: LimiterSettings): void {
  const { left, right } = buffer;
  const n = left.length;
  const window = Math.max(1, Math.round(lookAheadSeconds * buffer.sampleRate));
  const ceiling = dbToGain(ceilingDb);
  const gain = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const peak = Math.max(Math.abs(left[i]), Math.abs(right[i]));
    gain[i] = peak > ceiling ? ceiling / peak : 1;
  }
  const held = minimumAhead(gain, window);
  // Instant attack to the held minimum, exponential recovery towards unity.
  const release = onePoleCoefficient(releaseSeconds, buffer.sampleRate);
  let state = 1;
  for (let i = 0; i < n; i++) {
    state = held[i] < state ? held[i] : held[i] + (state - held[i]) * release;
    held[i] = state;
  }
  // Moving average over the window ending at i: every value in it is ≤ the gain the peak at i needs.
  let sum = window;
  for (let i = 0; i < n; i++) {
    sum += held[i] - (i >= window ? held[i - window] : 1);
    const g = sum / window;
    left[i] *= g;
    right[i] *= g;
  }
}

/** out[i] = min(values[i .. i+window-1]), by a monotonic deque (O(n)). */
function minimumAhead(values: Float32Array, window: number): Float32Array {
  const n = values.length;
  const out = new Float32Array(n);
  const deque = new Int32Array(n);
  let head = 0, tail = 0;
  for (let i = n - 1; i >= 0; i--) {
    while (tail > head && values[deque[tail - 1]] >= values[i]) tail--;
    deque[tail++] = i;
    while (deque[head] >= i + window) head++;
    out[i] = values[deque[head]];
  }
  return out;
}
