// Measurements of a master's character, for the tests that hold each preset to its name, the spectrum
// picture on the Select Preview step and docs/mastering.md: the three bands' energies (the chain's own
// split), crest factor, stereo width and an octave-band spectrum; and the song's loudest stretch, the
// default preview window.

import { Biquad } from "../../dsp/biquad";
import type { Decibels, Seconds, StereoBuffer } from "../../types";
import { blockLoudness } from "../loudness";
import { splitBands } from "./bands";

export interface Character {
  /** Energy (mean square, dB) of the low, mid and high bands. */
  lowDb: Decibels;
  midDb: Decibels;
  highDb: Decibels;
  /**
   * Crest factor, dB: the mean over 50 ms windows of each window's sample peak over its RMS. Lower is
   * denser, higher punchier. (The whole song's peak over RMS says little once a limiter has brought every
   * master to the same loudness under the same ceiling.)
   */
  crestDb: Decibels;
  /** Side energy over mid energy, dB: higher is wider. */
  widthDb: Decibels;
}

const CREST_WINDOW_SECONDS = 0.05;

const db = (meanSquare: number) => 10 * Math.log10(Math.max(meanSquare, 1e-20));

function meanSquare(buffer: StereoBuffer): number {
  let sum = 0;
  const { left, right } = buffer;
  for (let i = 0; i < left.length; i++) sum += left[i] * left[i] + right[i] * right[i];
  return sum / Math.max(1, 2 * left.length);
}

export function measureCharacter(buffer: StereoBuffer): Character {
  const bands = splitBands(buffer);
  const { left, right } = buffer;
  const window = Math.round(CREST_WINDOW_SECONDS * buffer.sampleRate);
  let mid = 0, side = 0, crestSum = 0, windows = 0;
  for (let from = 0; from + window <= left.length; from += window) {
    let peak = 0, energy = 0;
    for (let i = from; i < from + window; i++) {
      peak = Math.max(peak, Math.abs(left[i]), Math.abs(right[i]));
      energy += left[i] * left[i] + right[i] * right[i];
      const m = left[i] + right[i], s = left[i] - right[i];
      mid += m * m;
      side += s * s;
    }
    if (energy <= 0) continue;
    crestSum += 20 * Math.log10(peak) - db(energy / (2 * window));
    windows++;
  }
  return {
    lowDb: db(meanSquare(bands.low)),
    midDb: db(meanSquare(bands.mid)),
    highDb: db(meanSquare(bands.high)),
    crestDb: windows > 0 ? crestSum / windows : 0,
    widthDb: db(side) - db(mid),
  };
}

export const SPECTRUM_CENTRES_HZ = [31, 63, 125, 250, 500, 1000, 2000, 4000, 8000, 16000] as const;
/** The spectrum is measured on at most this much of the middle of the audio: enough for a stable picture. */
const SPECTRUM_SECONDS = 4;

/** Octave-band energies (dB, relative to the loudest band) of the middle of `buffer`, mono. */
export function octaveSpectrum(buffer: StereoBuffer): number[] {
  const n = Math.min(buffer.left.length, Math.round(SPECTRUM_SECONDS * buffer.sampleRate));
  const from = Math.floor((buffer.left.length - n) / 2);
  const mono = new Float32Array(n);
  for (let i = 0; i < n; i++) mono[i] = 0.5 * (buffer.left[from + i] + buffer.right[from + i]);
  const levels = SPECTRUM_CENTRES_HZ.map((hz) => {
    const band = mono.slice();
    // Two cascaded band-passes: an octave-wide skirt steep enough to tell neighbours apart.
    Biquad.processChain([0, 1].map(() => new Biquad({ shape: "bandpass", frequencyHz: hz, q: 1.41 }, buffer.sampleRate)), band);
    let energy = 0;
    for (let i = 0; i < n; i++) energy += band[i] * band[i];
    return db(energy / Math.max(1, n));
  });
  const top = Math.max(...levels);
  return levels.map((level) => Math.round((level - top) * 10) / 10);
}

/**
 * The start (seconds) of the loudest `seconds`-long stretch by BS.1770 block loudness (100 ms steps): the
 * default preview window. A song shorter than the window starts at 0.
 */
export function loudestWindowStart(buffer: StereoBuffer, seconds: Seconds): Seconds {
  const total = buffer.left.length / buffer.sampleRate;
  if (total <= seconds) return 0;
  const powers = blockLoudness(buffer).map((lufs) => (Number.isFinite(lufs) ? Math.pow(10, lufs / 10) : 0));
  const span = Math.round(seconds / 0.1) - 3; // 400 ms blocks 100 ms apart: a window holds this many whole blocks
  let sum = 0;
  for (let i = 0; i < Math.min(span, powers.length); i++) sum += powers[i];
  let best = sum, bestAt = 0;
  for (let i = span; i < powers.length; i++) {
    sum += powers[i] - powers[i - span];
    if (sum > best) {
      best = sum;
      bestAt = i - span + 1;
    }
  }
  return Math.min(Math.round(bestAt) / 10, Math.floor(total - seconds));
}
