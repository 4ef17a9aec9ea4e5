// Sea waves: low-passed noise whose level and brightness swell and break every 7–11 seconds, each side on
// its own cycle so the shore is wide; a soft foam hiss follows each break.

import type { AmbientBed } from "./bed";
import { addBurst, addNoiseBed, scatter } from "./primitives";

export const waves: AmbientBed = (out, random) => {
  const sr = out.sampleRate;
  const period = random.range(7, 11);
  const offset = random.next() * period;
  const swell = (t: number) => 0.15 + 0.85 * Math.pow(0.5 + 0.5 * Math.sin((2 * Math.PI * (t + offset)) / period), 3);
  addNoiseBed(out, random, [{ shape: "lowpass", frequencyHz: 700, q: 0.6 }], 0.6, swell);
  addNoiseBed(out, random, [{ shape: "bandpass", frequencyHz: 2500, q: 0.4 }], 0.1, (t) => swell(t - 1.2));
  scatter(random, out.left.length, sr, 1 / period, (start) => {
    addBurst(out, random, start, { shape: "bandpass", frequencyHz: 1500, q: 0.5 }, 0.4, 1.5, 0.15, random.range(-0.6, 0.6));
  });
};
