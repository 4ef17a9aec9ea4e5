// The mix bus and the effect sends add up the parts in fixed point: every part's contribution is cut to a
// whole number of FIXED_STEP (2^-22, about -132 dBFS, far below the 16-bit output's dither) and the sums
// are of 32-bit integers, which are exact in any order. So a re-render may mix its parts in whatever order
// and on whichever thread is free (threads/editMix.ts) and still give the same bytes as a render that
// mixed them one by one in track order. A float bus would not: float sums round differently by order.
// Range: ±512 (+54 dBFS) before the integers wrap, far above any sum of staged parts.

/** Integer units per 1.0 of signal. A power of two, so scaling by it is exact. */
export const FIXED_ONE = 2 ** 22;
export const FIXED_STEP = 1 / FIXED_ONE;

/** A mono fixed-point signal the length of the song. */
export type FixedSignal = Int32Array;

export function createFixed(length: number, shared = false): FixedSignal {
  return shared ? new Int32Array(new SharedArrayBuffer(length * Int32Array.BYTES_PER_ELEMENT)) : new Int32Array(length);
}
