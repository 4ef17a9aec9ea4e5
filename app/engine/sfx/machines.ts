// A workshop: mains hum with harmonics, a machine cycle of metallic clanks (inharmonic struck modes) at
// a steady rate, and bursts of escaping steam.

import type { AmbientBed } from "./bed";
import { addBurst, addPing, scatter } from "./primitives";

const CLANK_MODES = [1, 2.76, 5.4, 8.93];

export const machines: AmbientBed = (out, random) => {
  const sr = out.sampleRate;
  const humHz = 50;
  for (let i = 0; i < out.left.length; i++) {
    const t = i / sr;
    const hum = 0.05 * Math.sin(2 * Math.PI * humHz * t) + 0.03 * Math.sin(2 * Math.PI * 2 * humHz * t) + 0.015 * Math.sin(2 * Math.PI * 3 * humHz * t);
    out.left[i] += hum;
    out.right[i] += hum;
  }
  const cycleSeconds = random.range(0.9, 1.6);
  const clankHz = random.range(300, 700);
  for (let t = random.next(); t * sr < out.left.length; t += cycleSeconds) {
    const start = Math.round(t * sr);
    for (const mode of CLANK_MODES) addPing(out, start, clankHz * mode, 0.08 / Math.sqrt(mode), 0.2 / mode, -0.3);
  }
  scatter(random, out.left.length, sr, 0.1, (start) => {
    addBurst(out, random, start, { shape: "highpass", frequencyHz: 3000, q: 0.7 }, 0.05, 0.6, 0.15, 0.5);
  });
};
