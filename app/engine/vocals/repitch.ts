// TD-PSOLA re-pitching of a flat-pitch source: grains two source periods long are cut at the source's
// pitch marks and laid down at the target's periods. The output's pitch is set by where grains are laid,
// so it is exact whatever the source was, and the formants (the grain's contents) stay put; reading the
// grains slightly faster or slower moves the formants on purpose (a voice's formant shift). The output
// is written at its own sample rate, reading the source with cubic interpolation.
import type { Hertz, Samples } from "../types";

export interface PsolaInput {
  source: Float32Array;
  sourceRate: number;
  /** The source's (flat) fundamental. */
  sourceHz: Hertz;
  /** A sample near a glottal pulse: pitch marks are laid every period from here. */
  markOrigin: Samples;
  outputRate: number;
  /** Output length in samples: the source's duration at the output rate. */
  outputLength: Samples;
  /** Target fundamental at an output time in seconds (vibrato lives here). */
  pitchAt: (seconds: number) => Hertz;
  /** > 1 reads grains faster: formants move up by this ratio. */
  formantRatio?: number;
}

/** A Hann window over offsets -1..1, tabulated: the grain loop would otherwise call cos per sample. */
const HANN_HALF = 2048;
const HANN = Float32Array.from({ length: 2 * HANN_HALF + 1 }, (_, index) => 0.5 + 0.5 * Math.cos(Math.PI * (index / HANN_HALF - 1)));

function cubic(source: Float32Array, position: number): number {
  const index = Math.floor(position);
  if (index < 1 || index + 2 >= source.length) return index >= 0 && index < source.length ? source[index] : 0;
  const t = position - index;
  const y0 = source[index - 1], y1 = source[index], y2 = source[index + 1], y3 = source[index + 2];
  // Catmull-Rom.
  return y1 + 0.5 * t * (y2 - y0 + t * (2 * y0 - 5 * y1 + 4 * y2 - y3 + t * (3 * (y1 - y2) + y3 - y0)));
}

export function psola(input: PsolaInput): Float32Array {
  const { source, sourceRate, sourceHz, outputRate, outputLength, pitchAt } = input;
  const formantRatio = input.formantRatio ?? 1;
  const output = new Float32Array(outputLength);
  const period = sourceRate / sourceHz;
  // Marks before the origin extend back to the start of the source.
  const firstMark = input.markOrigin - Math.floor(input.markOrigin / period) * period;
  const rateRatio = sourceRate / outputRate;
  // Half-width of a grain in output samples: one source period, read at the formant ratio.
  const halfWidth = (period / rateRatio) / formantRatio;

  let time = 0;
  while (time < outputLength + halfWidth) {
    const sourceTime = time * rateRatio;
    const markIndex = Math.max(0, Math.round((sourceTime - firstMark) / period));
    const mark = firstMark + markIndex * period;
    const from = Math.max(0, Math.ceil(time - halfWidth));
    const to = Math.min(outputLength - 1, Math.floor(time + halfWidth));
    for (let n = from; n <= to; n++) {
      const offset = (n - time) / halfWidth;
      output[n] += HANN[Math.round((offset + 1) * HANN_HALF)] * cubic(source, mark + offset * period);
    }
    const hz = pitchAt(time / outputRate);
    time += outputRate / hz;
  }
  return output;
}

/** The strongest positive peak in `[from, from + period)`: a stable point of the glottal cycle. */
export function findMarkOrigin(source: Float32Array, from: Samples, period: number): Samples {
  let best = from;
  for (let index = from; index < Math.min(source.length, from + Math.ceil(period)); index++) {
    if (source[index] > source[best]) best = index;
  }
  return best;
}
