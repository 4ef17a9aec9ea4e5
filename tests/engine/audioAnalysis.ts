// Measurements for "checking music without ears": band energies and spectral centroid (octave-band
// biquads), onset envelope and tempo by autocorrelation, silence runs, and file-format parsing.

import { Biquad } from "~/engine/dsp/biquad";
import type { StereoBuffer } from "~/engine/types";

export const OCTAVE_CENTRES_HZ = [63, 125, 250, 500, 1000, 2000, 4000, 8000, 16000];

const mono = (buffer: StereoBuffer): Float32Array => {
  const out = new Float32Array(buffer.left.length);
  for (let i = 0; i < out.length; i++) out[i] = 0.5 * (buffer.left[i] + buffer.right[i]);
  return out;
};

/** Energy per octave band in dB (relative to full scale), from a band-pass bank. */
export function octaveBandsDb(buffer: StereoBuffer): number[] {
  const x = mono(buffer);
  return OCTAVE_CENTRES_HZ.map((hz) => {
    const band = x.slice();
    // Two cascaded band-passes give a steeper, octave-wide skirt.
    new Biquad({ shape: "bandpass", frequencyHz: hz, q: 1.41 }, buffer.sampleRate).process(band);
    new Biquad({ shape: "bandpass", frequencyHz: hz, q: 1.41 }, buffer.sampleRate).process(band);
    let energy = 1e-20;
    for (let i = 0; i < band.length; i++) energy += band[i] * band[i];
    return 10 * Math.log10(energy / band.length);
  });
}

/** Energy-weighted mean of the octave centres, in Hz. */
export function spectralCentroidHz(buffer: StereoBuffer): number {
  const bands = octaveBandsDb(buffer).map((db) => Math.pow(10, db / 10));
  const total = bands.reduce((a, b) => a + b, 0);
  return bands.reduce((sum, energy, i) => sum + energy * OCTAVE_CENTRES_HZ[i], 0) / total;
}

/** Fraction of energy below ~180 Hz. */
export function lowEndRatio(buffer: StereoBuffer): number {
  const bands = octaveBandsDb(buffer).map((db) => Math.pow(10, db / 10));
  return (bands[0] + bands[1]) / bands.reduce((a, b) => a + b, 0);
}

/** Onset-envelope hop: 256 samples (5.8 ms) resolves about 0.5 BPM at 120 BPM with interpolation. */
const HOP = 256;

/** Half-wave rectified difference of log energy per hop: peaks where notes and drums start. */
export function onsetEnvelope(buffer: StereoBuffer): Float64Array {
  const x = mono(buffer);
  // Emphasise attacks over sustained bass: high-pass before measuring energy.
  new Biquad({ shape: "highpass", frequencyHz: 150, q: 0.7 }, buffer.sampleRate).process(x);
  const hops = Math.floor(x.length / HOP);
  const logEnergy = new Float64Array(hops);
  for (let h = 0; h < hops; h++) {
    let e = 1e-10;
    for (let i = h * HOP; i < (h + 1) * HOP; i++) e += x[i] * x[i];
    logEnergy[h] = Math.log(e);
  }
  const onset = new Float64Array(hops);
  for (let h = 1; h < hops; h++) onset[h] = Math.max(0, logEnergy[h] - logEnergy[h - 1]);
  return onset;
}

/** Onsets per second: local maxima of the onset envelope above a threshold, at most one per 50 ms. */
export function onsetRate(buffer: StereoBuffer): number {
  const env = onsetEnvelope(buffer);
  const minimumGap = Math.round((0.05 * buffer.sampleRate) / HOP);
  let count = 0, last = -Infinity;
  for (let h = 1; h < env.length - 1; h++) {
    if (env[h] > 0.5 && env[h] >= env[h - 1] && env[h] > env[h + 1] && h - last >= minimumGap) {
      count++;
      last = h;
    }
  }
  return count / (buffer.left.length / buffer.sampleRate);
}

const COMB_BEATS = 8;

/**
 * Tempo by autocorrelation of the onset envelope, scored as a comb: the autocorrelation at 1..8 times the
 * beat period. Syncopated patterns (dembow, clave, afrobeats) put strong peaks at 3/4 or 2/3 of a beat;
 * only the true beat also lines up with the bar and two-bar repeats.
 */
export function detectTempoBpm(buffer: StereoBuffer): number {
  const env = onsetEnvelope(buffer);
  const mean = env.reduce((a, b) => a + b, 0) / env.length;
  const centred = env.map((v) => v - mean);
  const hopsPerSecond = buffer.sampleRate / HOP;
  const maxLag = Math.min(centred.length - 1, Math.ceil(((60 / 60) * COMB_BEATS + 0.1) * hopsPerSecond));
  const autocorrelation = new Float64Array(maxLag + 2);
  for (let lag = 0; lag <= maxLag + 1 && lag < centred.length; lag++) {
    let sum = 0;
    for (let h = 0; h + lag < centred.length; h++) sum += centred[h] * centred[h + lag];
    autocorrelation[lag] = sum / (centred.length - lag);
  }
  const at = (lag: number) => {
    const lo = Math.floor(lag), fraction = lag - lo;
    return autocorrelation[lo] * (1 - fraction) + autocorrelation[Math.min(lo + 1, maxLag + 1)] * fraction;
  };
  let best = -Infinity, bestBpm = 0;
  for (let bpm = 60; bpm <= 200; bpm += 0.1) {
    const period = (60 / bpm) * hopsPerSecond;
    let score = 0, terms = 0;
    for (let k = 1; k <= COMB_BEATS && k * period <= maxLag; k++, terms++) score += at(k * period);
    score /= terms;
    if (score > best) {
      best = score;
      bestBpm = bpm;
    }
  }
  return bestBpm;
}

/** True when `detected` is within `tolerance` BPM of `expected`, its half or its double. */
export function tempoMatches(detected: number, expected: number, tolerance = 2): boolean {
  return [expected, expected / 2, expected * 2].some((t) => Math.abs(detected - t) <= tolerance);
}

/** Longest run, in seconds, of 100 ms blocks quieter than `thresholdDb` (peak level) between `from` and `to`. */
export function longestSilenceSeconds(buffer: StereoBuffer, thresholdDb = -50, fromSeconds = 0, toSeconds = Infinity): number {
  const block = Math.round(buffer.sampleRate / 10);
  const threshold = Math.pow(10, thresholdDb / 20);
  const start = Math.round(fromSeconds * 10), end = Math.min(Math.floor(buffer.left.length / block), Math.round(toSeconds * 10));
  let longest = 0, run = 0;
  for (let b = start; b < end; b++) {
    let peak = 0;
    for (let i = b * block; i < (b + 1) * block; i++) peak = Math.max(peak, Math.abs(buffer.left[i]), Math.abs(buffer.right[i]));
    run = peak < threshold ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return longest / 10;
}

export interface WavHeader {
  riff: string;
  wave: string;
  format: number;
  channels: number;
  sampleRate: number;
  byteRate: number;
  blockAlign: number;
  bitsPerSample: number;
  dataBytes: number;
  riffSize: number;
}

export function parseWavHeader(bytes: Uint8Array): WavHeader {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
  return {
    riff: text(0),
    riffSize: view.getUint32(4, true),
    wave: text(8) + "|" + text(12),
    format: view.getUint16(20, true),
    channels: view.getUint16(22, true),
    sampleRate: view.getUint32(24, true),
    byteRate: view.getUint32(28, true),
    blockAlign: view.getUint16(32, true),
    bitsPerSample: view.getUint16(34, true),
    dataBytes: text(36) === "data" ? view.getUint32(40, true) : -1,
  };
}

const MPEG1_LAYER3_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MPEG1_RATES = [44100, 48000, 32000];

export interface Mp3Frame {
  kbps: number;
  sampleRate: number;
  channelMode: number;
}

/** Every MPEG-1 Layer III frame header in the stream (skipping an ID3 tag), walking frame lengths. */
export function mp3Frames(bytes: Uint8Array): Mp3Frame[] {
  let offset = 0;
  if (String.fromCharCode(...bytes.subarray(0, 3)) === "ID3") {
    const size = ((bytes[6] & 0x7f) << 21) | ((bytes[7] & 0x7f) << 14) | ((bytes[8] & 0x7f) << 7) | (bytes[9] & 0x7f);
    offset = 10 + size;
  }
  const frames: Mp3Frame[] = [];
  while (offset + 4 <= bytes.length) {
    const b1 = bytes[offset + 1], b2 = bytes[offset + 2], b3 = bytes[offset + 3];
    const isFrame = bytes[offset] === 0xff && (b1 & 0xe0) === 0xe0 && ((b1 >> 3) & 3) === 3 && ((b1 >> 1) & 3) === 1;
    if (!isFrame) break;
    const kbps = MPEG1_LAYER3_KBPS[b2 >> 4];
    const sampleRate = MPEG1_RATES[(b2 >> 2) & 3];
    const padding = (b2 >> 1) & 1;
    frames.push({ kbps, sampleRate, channelMode: b3 >> 6 });
    offset += Math.floor((144 * kbps * 1000) / sampleRate) + padding;
  }
  return frames;
}
