// WSOLA time-stretching (Verhelst & Roelands, 1993): Hann frames overlap-added at a fixed output hop; each
// frame is read from near where the time map says, at the offset whose waveform best continues the frame
// before it, so periods line up and the pitch does not change. The time map is piecewise linear, so one
// pass can keep a syllable's consonants at their natural speed and stretch only its vowel.
import type { Samples } from "../types";

export interface WarpPoint {
  /** Output sample position. */
  out: number;
  /** Input sample position it reads from. */
  in: number;
}

export interface WsolaOptions {
  /** Frame length in samples (even). */
  frame?: Samples;
  /** How far a frame may move from its nominal position to line up (≥ half the longest period). */
  tolerance?: Samples;
}

const CORRELATION_LENGTH = 160;

/** Input position for an output position, by linear interpolation of the warp points (sorted by `out`). */
function mapTime(points: readonly WarpPoint[], out: number): number {
  if (out <= points[0].out) return points[0].in + (out - points[0].out);
  for (let index = 1; index < points.length; index++) {
    const a = points[index - 1], b = points[index];
    if (out <= b.out) return b.out === a.out ? b.in : a.in + ((out - a.out) * (b.in - a.in)) / (b.out - a.out);
  }
  const last = points[points.length - 1];
  return last.in + (out - last.out);
}

/**
 * Stretches `input` to `outputLength` samples following `points` (out → in; defaults to a uniform stretch).
 * Output frames that map at the natural speed are copied without searching.
 */
export function wsola(input: Float32Array, outputLength: Samples, points?: readonly WarpPoint[], options: WsolaOptions = {}): Float32Array {
  const frame = options.frame ?? 1024;
  const tolerance = options.tolerance ?? 256;
  const hop = frame / 2;
  const warp = points ?? [{ out: 0, in: 0 }, { out: outputLength, in: input.length }];
  const output = new Float32Array(outputLength);
  const window = new Float32Array(frame);
  for (let index = 0; index < frame; index++) window[index] = 0.5 - 0.5 * Math.cos((2 * Math.PI * index) / frame);
  // A frame may hang half over either end of the input, reading zeros: the input is padded once so the
  // inner loops index it directly.
  const pad = hop + tolerance + frame;
  const padded = new Float32Array(input.length + 2 * pad);
  padded.set(input, pad);
  const first = -hop;
  const last = Math.max(first, input.length - hop);
  const clampStart = (position: number) => Math.max(first, Math.min(last, Math.round(position)));
  const correlate = (candidate: number, natural: number) => {
    let sum = 0;
    for (let n = 0; n < CORRELATION_LENGTH; n++) sum += padded[pad + candidate + n] * padded[pad + natural + n];
    return sum;
  };

  // Frames are centred on their output position, so the first and last samples get full weight too.
  let previous: number | null = null;
  for (let centre = 0; centre - hop < outputLength; centre += hop) {
    const outStart = centre - hop;
    const nominal = clampStart(mapTime(warp, centre) - hop);
    let chosen = nominal;
    if (previous !== null) {
      const natural = previous + hop;
      if (Math.abs(natural - nominal) > 1) {
        // The frame that best continues the previous one within the tolerance: every other offset first,
        // then the neighbours of the best.
        const from = Math.max(first, nominal - tolerance);
        const to = Math.min(last, nominal + tolerance);
        let best = -Infinity;
        for (let candidate = from; candidate <= to; candidate += 2) {
          const correlation = correlate(candidate, natural);
          if (correlation > best) {
            best = correlation;
            chosen = candidate;
          }
        }
        const coarse = chosen;
        for (const candidate of [coarse - 1, coarse + 1]) {
          if (candidate < from || candidate > to) continue;
          const correlation = correlate(candidate, natural);
          if (correlation > best) {
            best = correlation;
            chosen = candidate;
          }
        }
      } else chosen = natural;
    }
    const base = pad + chosen;
    const from = Math.max(0, -outStart);
    const to = Math.min(frame, outputLength - outStart);
    for (let n = from; n < to; n++) output[outStart + n] += window[n] * padded[base + n];
    previous = chosen;
  }
  return output;
}
