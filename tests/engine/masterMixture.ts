// The master tests' material: a loud, busy stereo mix the master has to work on (chords, a kick-like thump
// and noise bursts, different in each channel), seeded so every run is the same.
import { createStereo } from "~/engine/dsp/stereo";
import type { StereoBuffer } from "~/engine/types";

export const MIXTURE_SECONDS = 12;

export function mixture(seed: number, level: number): StereoBuffer {
  const n = MIXTURE_SECONDS * 44100;
  const out = createStereo(n);
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (x * 16807) % 2147483647;
    const t = i / 44100;
    const beat = t % 0.5;
    const kick = Math.sin(2 * Math.PI * 55 * t) * Math.exp(-beat * 12);
    const chord = Math.sin(2 * Math.PI * 220 * t) + 0.7 * Math.sin(2 * Math.PI * 277.2 * t) + 0.5 * Math.sin(2 * Math.PI * 329.6 * t + seed);
    const noise = (x / 2147483647 - 0.5) * (beat < 0.05 ? 1.5 : 0.1);
    out.left[i] = level * (0.5 * kick + 0.2 * chord + noise);
    out.right[i] = level * (0.5 * kick + 0.25 * chord - 0.8 * noise);
  }
  return out;
}

/** A copy to master, so the original stays for comparison (the master works in place). */
export function copyStereo(buffer: StereoBuffer): StereoBuffer {
  const out = createStereo(buffer.left.length);
  out.left.set(buffer.left);
  out.right.set(buffer.right);
  return out;
}
