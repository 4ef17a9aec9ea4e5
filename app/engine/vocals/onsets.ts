// Onset detection: log-compressed spectral flux finds where new sound starts (robust to vibrato and legato),
// an adaptive threshold picks its peaks, and each peak is refined on a 1.5 ms energy envelope to the
// steepest rise in level, which sits at the true start of a pluck or a sung syllable.
import type { Seconds } from "../types";
import { fft } from "./fft";

export interface Onset {
  time: Seconds;
  /** Normalised spectral-flux peak, 0..1: how strong the attack is relative to the loudest in the take. */
  strength: number;
}

export interface OnsetOptions {
  /** Closest two onsets may be. */
  minSpacing?: Seconds;
  /** Added to the local mean of the normalised flux before a peak counts (0..1). */
  delta?: number;
}

const FRAME = 1024;
const HOP = 512;
const ENERGY_HOP = 64;
const ENERGY_WINDOW = 256;
/** Log compression of magnitudes: loud and quiet syllables count alike. */
const COMPRESSION = 100;
/** The energy envelope is floored this far below its peak, so noise in silence shows no rises. */
const ENERGY_FLOOR_DB = 50;
/** ± bins (43 Hz each) the previous spectrum is widened by before differencing. */
const VIBRATO_BINS = 2;
/** Flux peaks weaker than this fraction of the strongest attack are spectral wobble, not new syllables. */
const MIN_STRENGTH = 0.05;

export interface OnsetEnvelope {
  /** Seconds between values. */
  hopSeconds: Seconds;
  /** Half-wave-rectified log spectral flux, normalised so the largest value is 1. */
  values: Float32Array;
}

/** The spectral-flux novelty curve. Value i describes the change arriving at time i * hopSeconds. */
export function onsetEnvelope(signal: Float32Array, sampleRate: number): OnsetEnvelope {
  const frames = Math.max(0, Math.ceil(signal.length / HOP));
  const values = new Float32Array(frames);
  const window = new Float64Array(FRAME);
  for (let index = 0; index < FRAME; index++) window[index] = 0.5 - 0.5 * Math.cos((2 * Math.PI * index) / FRAME);
  const bins = FRAME / 2;
  const spectra = [new Float64Array(bins), new Float64Array(bins)];
  const previous = new Float64Array(bins);
  const real = new Float64Array(FRAME);
  const imag = new Float64Array(FRAME);
  // Two real frames share one complex FFT (one in the real part, one in the imaginary part).
  for (let pair = 0; pair < frames; pair += 2) {
    for (let index = 0; index < FRAME; index++) {
      // A frame ends at its time, so the flux at time t only sees sound up to t: a rise is not reported early.
      const first = pair * HOP - FRAME + HOP + index;
      const second = first + HOP;
      real[index] = first >= 0 && first < signal.length ? signal[first] * window[index] : 0;
      imag[index] = second >= 0 && second < signal.length ? signal[second] * window[index] : 0;
    }
    fft(real, imag);
    for (let bin = 0; bin < bins; bin++) {
      const mirror = bin === 0 ? 0 : FRAME - bin;
      const ar = real[bin] + real[mirror], ai = imag[bin] - imag[mirror];
      const br = imag[bin] + imag[mirror], bi = real[mirror] - real[bin];
      spectra[0][bin] = Math.log1p(COMPRESSION * 0.5 * Math.sqrt(ar * ar + ai * ai));
      spectra[1][bin] = Math.log1p(COMPRESSION * 0.5 * Math.sqrt(br * br + bi * bi));
    }
    for (let member = 0; member < 2 && pair + member < frames; member++) {
      const current = spectra[member];
      let flux = 0;
      for (let bin = 0; bin < bins; bin++) {
        // SuperFlux (Böck & Widmer, 2013): compare with the loudest nearby bin of the previous frame, so a
        // harmonic that vibrato moves by a bin or two is not a new sound.
        let reference = 0;
        const last = bin + VIBRATO_BINS < bins ? bin + VIBRATO_BINS : bins - 1;
        for (let near = bin > VIBRATO_BINS ? bin - VIBRATO_BINS : 0; near <= last; near++) if (previous[near] > reference) reference = previous[near];
        const rise = current[bin] - reference;
        if (rise > 0) flux += rise;
      }
      values[pair + member] = pair + member === 0 ? 0 : flux;
      previous.set(current);
    }
  }
  let max = 0;
  for (const value of values) max = Math.max(max, value);
  if (max > 0) for (let index = 0; index < frames; index++) values[index] /= max;
  return { hopSeconds: HOP / sampleRate, values };
}

/** Short-time level in dB every ENERGY_HOP samples, floored ENERGY_FLOOR_DB under its maximum. */
function energyEnvelopeDb(signal: Float32Array): Float32Array {
  const count = Math.ceil(signal.length / ENERGY_HOP);
  const levels = new Float32Array(count);
  const prefix = new Float64Array(signal.length + 1);
  for (let index = 0; index < signal.length; index++) prefix[index + 1] = prefix[index] + signal[index] * signal[index];
  let max = -Infinity;
  for (let index = 0; index < count; index++) {
    const centre = index * ENERGY_HOP;
    const sum = prefix[Math.min(signal.length, centre + ENERGY_WINDOW / 2)] - prefix[Math.max(0, centre - ENERGY_WINDOW / 2)];
    levels[index] = 10 * Math.log10(Math.max(0, sum) / ENERGY_WINDOW + 1e-20);
    max = Math.max(max, levels[index]);
  }
  const floor = max - ENERGY_FLOOR_DB;
  for (let index = 0; index < count; index++) levels[index] = Math.max(floor, levels[index]);
  return levels;
}

/** Onsets with their strengths, in time order. */
export function detectOnsetEvents(signal: Float32Array, sampleRate: number, options: OnsetOptions = {}): Onset[] {
  const minSpacing = options.minSpacing ?? 0.05;
  const delta = options.delta ?? 0.06;
  const { values, hopSeconds } = onsetEnvelope(signal, sampleRate);
  const before = Math.max(1, Math.round(0.1 / hopSeconds));
  const after = Math.max(1, Math.round(0.03 / hopSeconds));
  const peakReach = Math.max(1, Math.round(0.03 / hopSeconds));
  const peaks: { frame: number; strength: number }[] = [];
  for (let frame = 1; frame < values.length; frame++) {
    const value = values[frame];
    if (value < MIN_STRENGTH) continue;
    let isPeak = true;
    for (let other = Math.max(0, frame - peakReach); other <= Math.min(values.length - 1, frame + peakReach) && isPeak; other++) {
      if (values[other] > value || (values[other] === value && other < frame)) isPeak = false;
    }
    if (!isPeak) continue;
    let sum = 0;
    let count = 0;
    for (let other = Math.max(0, frame - before); other <= Math.min(values.length - 1, frame + after); other++) {
      sum += values[other];
      count++;
    }
    if (value >= sum / count + delta) peaks.push({ frame, strength: value });
  }

  const levels = energyEnvelopeDb(signal);
  const energyHopSeconds = ENERGY_HOP / sampleRate;
  const slopeReach = Math.max(1, Math.round(0.004 / energyHopSeconds));
  const onsets: Onset[] = [];
  for (const peak of peaks) {
    // The flux frame ends at the peak time; the attack lies inside that frame.
    const peakTime = peak.frame * hopSeconds;
    const from = Math.max(0, Math.floor((peakTime - (FRAME + HOP) / sampleRate) / energyHopSeconds));
    const to = Math.min(levels.length - 1 - slopeReach, Math.ceil((peakTime + 0.01) / energyHopSeconds));
    let bestIndex = -1;
    let bestSlope = 0;
    for (let index = from; index <= to; index++) {
      const slope = levels[index + slopeReach] - levels[index];
      if (slope > bestSlope) {
        bestSlope = slope;
        bestIndex = index;
      }
    }
    // The steepest rise measured between index and index + slopeReach starts about at index.
    const time = bestIndex >= 0 ? (bestIndex + slopeReach / 2) * energyHopSeconds : peakTime;
    const last = onsets[onsets.length - 1];
    if (last && time - last.time < minSpacing) {
      if (peak.strength > last.strength) onsets[onsets.length - 1] = { time, strength: peak.strength };
      continue;
    }
    onsets.push({ time, strength: peak.strength });
  }
  return onsets;
}

/** Onset times in seconds. */
export function detectOnsets(signal: Float32Array, sampleRate: number, options: OnsetOptions = {}): Seconds[] {
  return detectOnsetEvents(signal, sampleRate, options).map((onset) => onset.time);
}
