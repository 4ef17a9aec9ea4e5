// YIN pitch detection (de Cheveigné & Kawahara, 2002): the cumulative-mean-normalised difference function,
// an absolute threshold, and parabolic interpolation of the dip. The difference function is computed from
// one FFT cross-correlation per frame, so a 3-minute take is tracked in about a second.
import type { Hertz, Midi, Seconds } from "../types";
import { fft } from "./fft";
import { decimateByTwo } from "./resample";

export interface PitchEstimate {
  hz: Hertz;
  /** 1 - the normalised difference at the chosen lag: 1 is perfectly periodic, below ~0.6 is noise. */
  clarity: number;
}

export interface PitchPoint {
  time: Seconds;
  /** 0 when the frame is unvoiced (silence, noise, or no period in range). */
  hz: Hertz;
  clarity: number;
}

export interface PitchOptions {
  minHz?: Hertz;
  maxHz?: Hertz;
  /** YIN's absolute threshold on the normalised difference; the first dip under it wins. */
  threshold?: number;
}

export interface PitchTrackOptions extends PitchOptions {
  /** Samples between analysis frames (at the signal's own rate). */
  hop?: number;
  /**
   * Analyse at half the sample rate (above 32 kHz): about twice as fast, and still within ~3 cents up to
   * 1100 Hz. For long takes; single-frame detection stays at full rate.
   */
  halfRate?: boolean;
}

const DEFAULT_MIN_HZ = 70;
const DEFAULT_MAX_HZ = 1100;
const DEFAULT_THRESHOLD = 0.15;
/** A best dip above this is no pitch at all, not a weak one. */
const UNVOICED_DIFFERENCE = 0.5;
/** Frames quieter than this RMS (about -80 dBFS) are silence. */
const SILENCE_RMS = 1e-4;

export const hzToMidi = (hz: Hertz): Midi => 69 + 12 * Math.log2(hz / 440);
/** How far `to` is above `from`, in cents (negative when below). */
export const centsBetween = (from: Hertz, to: Hertz): number => 1200 * Math.log2(to / from);

/** Frame length that holds two periods of `minHz` in the compared half, rounded up to a power of two. */
export function yinFrameSize(sampleRate: number, minHz: Hertz = DEFAULT_MIN_HZ): number {
  let size = 256;
  while (size < (2.2 * sampleRate) / minHz) size *= 2;
  return size;
}

/** Reusable YIN state for one frame size: buffers are allocated once, not per frame. */
class Yin {
  private readonly half: number;
  private readonly real: Float64Array;
  private readonly imag: Float64Array;
  private readonly difference: Float64Array;
  private readonly energyPrefix: Float64Array;
  private readonly runningSumAt: Float64Array;

  constructor(
    private readonly frameSize: number,
    private readonly sampleRate: number,
    private readonly minHz: Hertz,
    private readonly maxHz: Hertz,
    private readonly threshold: number,
  ) {
    this.half = Math.floor(frameSize / 2);
    let fftSize = 2;
    while (fftSize < frameSize) fftSize *= 2;
    this.real = new Float64Array(fftSize);
    this.imag = new Float64Array(fftSize);
    this.difference = new Float64Array(this.half);
    this.energyPrefix = new Float64Array(frameSize + 1);
    this.runningSumAt = new Float64Array(this.half + 1);
  }

  /** `signal[start .. start + frameSize)`, zero beyond the end of `signal`. */
  detect(signal: Float32Array, start: number): PitchEstimate | null {
    const { half, real, imag, difference, energyPrefix, runningSumAt, frameSize } = this;
    const size = real.length;
    for (let index = 0; index < size; index++) {
      const sample = index < frameSize && start + index < signal.length ? signal[start + index] : 0;
      real[index] = sample;
      imag[index] = index < half ? sample : 0;
      if (index < frameSize) energyPrefix[index + 1] = energyPrefix[index] + sample * sample;
    }
    if (Math.sqrt(energyPrefix[half] / half) < SILENCE_RMS) return null;

    // One complex FFT carries both real inputs: the frame x (real part) and its first half a (imaginary).
    fft(real, imag);
    for (let k = 0; k <= size / 2; k++) {
      const mirror = (size - k) % size;
      const zr = real[k], zi = imag[k], mr = real[mirror], mi = imag[mirror];
      const xr = (zr + mr) / 2, xi = (zi - mi) / 2;
      const ar = (zi + mi) / 2, ai = (mr - zr) / 2;
      // conj(A) * X is the spectrum of the cross-correlation sum_j a[j] x[j + tau].
      const cr = ar * xr + ai * xi;
      const ci = ar * xi - ai * xr;
      real[k] = cr;
      imag[k] = ci;
      if (mirror !== k) {
        real[mirror] = cr;
        imag[mirror] = -ci;
      }
    }
    fft(real, imag, true);

    const maxTau = Math.min(half - 2, Math.ceil(this.sampleRate / this.minHz) + 1);
    const minTau = Math.max(2, Math.floor(this.sampleRate / this.maxHz) - 1);
    const firstEnergy = energyPrefix[half];
    difference[0] = 0;
    let runningSum = 0;
    let chosen = -1;
    let bestTau = -1;
    let bestValue = Infinity;
    const normalised = (tau: number) => (difference[tau] * tau) / (runningSumAt[tau] > 1e-20 ? runningSumAt[tau] : 1e-20);
    for (let tau = 1; tau <= maxTau + 1; tau++) {
      const shiftedEnergy = energyPrefix[tau + half] - energyPrefix[tau];
      difference[tau] = Math.max(0, firstEnergy + shiftedEnergy - 2 * real[tau]);
      runningSum += difference[tau];
      runningSumAt[tau] = runningSum;
    }
    for (let tau = minTau; tau <= maxTau; tau++) {
      const value = normalised(tau);
      if (value < bestValue) {
        bestValue = value;
        bestTau = tau;
      }
      if (value < this.threshold) {
        // Walk down to the bottom of this dip: the first dip under the threshold is the period, later
        // (deeper-looking) dips are its multiples.
        let tauAtMin = tau;
        while (tauAtMin + 1 <= maxTau && normalised(tauAtMin + 1) < normalised(tauAtMin)) tauAtMin++;
        chosen = tauAtMin;
        break;
      }
    }
    if (chosen < 0) {
      if (bestValue > UNVOICED_DIFFERENCE || bestTau < 0) return null;
      chosen = bestTau;
    }
    const clarity = 1 - normalised(chosen);
    // Interpolate on the raw difference: its dip is a clean parabola, unlike the normalised one.
    const left = difference[chosen - 1];
    const centre = difference[chosen];
    const right = difference[chosen + 1];
    const curvature = left - 2 * centre + right;
    const shift = curvature > 0 ? Math.max(-0.5, Math.min(0.5, (left - right) / (2 * curvature))) : 0;
    return { hz: this.sampleRate / (chosen + shift), clarity: Math.max(0, Math.min(1, clarity)) };
  }
}

/** The pitch of one frame (its length should hold at least two periods of the lowest pitch). */
export function detectPitch(frame: Float32Array, sampleRate: number, options: PitchOptions = {}): PitchEstimate | null {
  const yin = new Yin(
    frame.length,
    sampleRate,
    options.minHz ?? DEFAULT_MIN_HZ,
    options.maxHz ?? DEFAULT_MAX_HZ,
    options.threshold ?? DEFAULT_THRESHOLD,
  );
  return yin.detect(frame, 0);
}

/** Pitch every `hop` samples. A point's time is the centre of the compared window. */
export function pitchTrack(signal: Float32Array, sampleRate: number, options: PitchTrackOptions = {}): PitchPoint[] {
  const minHz = options.minHz ?? DEFAULT_MIN_HZ;
  const hop = options.hop ?? 256;
  if (!Number.isInteger(hop) || hop < 1) throw new RangeError(`hop must be a positive whole number of samples, got ${hop}`);
  const factor = options.halfRate && sampleRate > 32_000 ? 2 : 1;
  const analysed = factor === 2 ? decimateByTwo(signal) : signal;
  const rate = sampleRate / factor;
  const frameSize = yinFrameSize(rate, minHz);
  const yin = new Yin(frameSize, rate, minHz, options.maxHz ?? DEFAULT_MAX_HZ, options.threshold ?? DEFAULT_THRESHOLD);
  const points: PitchPoint[] = [];
  const lead = frameSize / 4;
  for (let centre = 0; centre < signal.length; centre += hop) {
    const at = Math.round(centre / factor);
    const estimate = yin.detect(analysed, at - lead < 0 ? 0 : at - lead);
    points.push({ time: centre / sampleRate, hz: estimate?.hz ?? 0, clarity: estimate?.clarity ?? 0 });
  }
  return points;
}
