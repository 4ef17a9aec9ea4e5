// A creek: a bright, steady water hiss plus a stream of bubbles, each a short rising resonance (a
// bubble's pitch rises as it reaches the surface).

import type { AmbientBed } from "./bed";
import { addChirp, addNoiseBed, scatter } from "./primitives";

export const creek: AmbientBed = (out, random) => {
  const sr = out.sampleRate;
  addNoiseBed(out, random, [{ shape: "highpass", frequencyHz: 800, q: 0.5 }, { shape: "lowpass", frequencyHz: 7000, q: 0.5 }], 0.1, (t) => 0.8 + 0.2 * Math.sin(t * 1.7));
  scatter(random, out.left.length, sr, 45, (start) => {
    const hz = random.range(350, 1400);
    addChirp(out, start, Math.round(random.range(0.01, 0.035) * sr), hz, hz * random.range(1.3, 2), random.range(0.05, 0.2), random.range(-0.8, 0.8));
  });
};
