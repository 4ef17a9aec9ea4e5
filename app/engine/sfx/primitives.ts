// Building blocks for the ambient beds: each adds one kind of sound event into a stereo buffer. Beds
// combine them with seeded randomness, so a bed is the same for the same song every time.

import type { Hertz, Samples, Seconds, StereoBuffer } from "../types";
import { Biquad, type BiquadSettings } from "../dsp/biquad";
import type { Random } from "../dsp/random";

const panGains = (pan: number): [number, number] => {
  const angle = ((pan + 1) * Math.PI) / 4;
  return [Math.cos(angle), Math.sin(angle)];
};

const BLOCK = 4096;

/** Continuous filtered noise over the whole buffer; `gainAt(seconds)` shapes it (swells, gusts). */
export function addNoiseBed(out: StereoBuffer, random: Random, filters: BiquadSettings[], level: number, gainAt: (seconds: Seconds) => number = () => 1): void {
  const block = new Float32Array(BLOCK);
  const gains = new Float32Array(BLOCK);
  const sr = out.sampleRate;
  for (const channel of [out.left, out.right]) {
    const chain = filters.map((f) => new Biquad(f));
    for (let start = 0; start < channel.length; start += BLOCK) {
      const count = Math.min(BLOCK, channel.length - start);
      for (let n = 0; n < count; n++) block[n] = random.bipolar();
      for (const filter of chain) filter.process(block, 0, count);
      // The gain curve is evaluated every 256 samples and interpolated: beds move slowly.
      for (let n = 0; n < count; n += 256) {
        const from = gainAt((start + n) / sr) * level;
        const to = gainAt((start + n + 256) / sr) * level;
        for (let k = 0; k < 256 && n + k < count; k++) gains[n + k] = from + ((to - from) * k) / 256;
      }
      for (let n = 0; n < count; n++) channel[start + n] += block[n] * gains[n];
    }
  }
}

/** A sine sweeping from `fromHz` to `toHz` (exponentially) under a smooth bell envelope: bird syllables, blips. */
export function addChirp(out: StereoBuffer, start: Samples, length: Samples, fromHz: Hertz, toHz: Hertz, amplitude: number, pan: number): void {
  const [gl, gr] = panGains(pan);
  const end = Math.min(out.left.length, start + length);
  let phase = 0;
  for (let i = Math.max(0, start); i < end; i++) {
    const t = (i - start) / length;
    const hz = fromHz * Math.pow(toHz / fromHz, t);
    phase += hz / out.sampleRate;
    const v = Math.sin(2 * Math.PI * phase) * Math.sin(Math.PI * t) ** 2 * amplitude;
    out.left[i] += v * gl;
    out.right[i] += v * gr;
  }
}

/** A struck resonance: an exponentially decaying sine, optionally falling in pitch (droplets, clanks). */
export function addPing(out: StereoBuffer, start: Samples, hz: Hertz, decaySeconds: Seconds, amplitude: number, pan: number, pitchDrop = 0): void {
  const [gl, gr] = panGains(pan);
  const sr = out.sampleRate;
  const end = Math.min(out.left.length, start + Math.round(decaySeconds * 6 * sr));
  const decay = Math.exp(-1 / (decaySeconds * sr));
  let envelope = amplitude, drop = pitchDrop, phase = 0;
  for (let i = Math.max(0, start); i < end; i++) {
    phase += (hz * (1 + drop)) / sr;
    const v = Math.sin(2 * Math.PI * phase) * envelope;
    envelope *= decay;
    drop *= decay;
    out.left[i] += v * gl;
    out.right[i] += v * gr;
  }
}

/** A burst of filtered noise with attack and decay: footsteps, steam, waves breaking, croaks. */
export function addBurst(out: StereoBuffer, random: Random, start: Samples, filter: BiquadSettings, attackSeconds: Seconds, decaySeconds: Seconds, amplitude: number, pan: number): void {
  const [gl, gr] = panGains(pan);
  const sr = out.sampleRate;
  const f = new Biquad(filter);
  const attack = Math.max(1, attackSeconds * sr);
  const end = Math.min(out.left.length, start + Math.round(attack + decaySeconds * 6 * sr));
  for (let i = Math.max(0, start); i < end; i++) {
    const n = i - start;
    const envelope = n < attack ? n / attack : Math.exp(-(n - attack) / (decaySeconds * sr));
    const v = f.tick(random.bipolar()) * envelope * amplitude;
    out.left[i] += v * gl;
    out.right[i] += v * gr;
  }
}

/** Calls `place(startSample)` at random times with the given average rate (a Poisson process). */
export function scatter(random: Random, lengthSamples: Samples, sampleRate: number, perSecond: number, place: (start: Samples) => void): void {
  let t = -Math.log(1 - random.next()) / perSecond;
  while (t * sampleRate < lengthSamples) {
    place(Math.round(t * sampleRate));
    t += -Math.log(1 - random.next()) / perSecond;
  }
}
