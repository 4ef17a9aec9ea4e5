// Material for the mastering tests and bench: a synthetic mix with what a real mix has in each band (a kick
// and a bass line low, chords and a lead in the middle, band-passed hats and a shaker on top, panned so it
// has a stereo image), quieter than a master and with unlimited peaks. Made in milliseconds, the same every time.
import { Biquad } from "~/engine/dsp/biquad";
import { createStereo } from "~/engine/dsp/stereo";
import type { StereoBuffer } from "~/engine/types";

export function masteringMaterial(seconds: number, level = 0.25): StereoBuffer {
  const rate = 44100;
  const n = Math.round(seconds * rate);
  const out = createStereo(n, rate);
  const hats = new Float32Array(n);
  const shaker = new Float32Array(n);
  let seed = 12345;
  const noise = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
  const beat = 60 / 120;
  const roots = [55, 43.65, 49, 41.2];
  for (let i = 0; i < n; i++) {
    const t = i / rate;
    const inBeat = t % beat, inEighth = t % (beat / 2), bar = Math.floor(t / (4 * beat)) % roots.length;
    hats[i] = noise() * Math.exp(-inEighth * 60);
    shaker[i] = noise() * (0.3 + 0.7 * Math.exp(-(t % (beat / 4)) * 30));
    const kick = Math.sin(2 * Math.PI * (50 + 90 * Math.exp(-inBeat * 30)) * inBeat) * Math.exp(-inBeat * 9);
    const f = roots[bar] * 2;
    const bass = (Math.sin(2 * Math.PI * f * t) + 0.35 * Math.sin(4 * Math.PI * f * t)) * (0.6 + 0.4 * Math.exp(-inEighth * 8));
    const chord = [4, 5, 6].reduce((sum, ratio, k) => sum + Math.sin(2 * Math.PI * f * ratio * t + k) + 0.3 * Math.sin(4 * Math.PI * f * ratio * t), 0) / 3;
    const leadHz = f * 8 * [1, 1.25, 1.5, 1.125][Math.floor(t / beat) % 4];
    const lead = (Math.sin(2 * Math.PI * leadHz * t) + 0.4 * Math.sin(6 * Math.PI * leadHz * t)) * (0.5 + 0.5 * Math.sin(2 * Math.PI * 0.25 * t));
    const centre = 0.55 * kick + 0.4 * bass + 0.15 * lead;
    out.left[i] = level * (centre + 0.22 * chord);
    out.right[i] = level * (centre + 0.16 * chord);
  }
  Biquad.processChain([new Biquad({ shape: "bandpass", frequencyHz: 8000, q: 0.8 }, rate), new Biquad({ shape: "highpass", frequencyHz: 5000, q: 0.7 }, rate)], hats);
  Biquad.processChain([new Biquad({ shape: "bandpass", frequencyHz: 11000, q: 1 }, rate)], shaker);
  for (let i = 0; i < n; i++) {
    out.left[i] += level * (0.5 * hats[i] + 0.08 * shaker[i]);
    out.right[i] += level * (0.25 * hats[i] + 0.16 * shaker[i]);
  }
  return out;
}
