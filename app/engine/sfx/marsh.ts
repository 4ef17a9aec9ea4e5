// A marsh at dusk: frogs croaking (low pulse trains through a throat-like band-pass), a few crickets and
// still water.

import type { AmbientBed } from "./bed";
import { addCrickets } from "./insectChorus";
import { addBurst, addNoiseBed, scatter } from "./primitives";

export const marsh: AmbientBed = (out, random) => {
  const sr = out.sampleRate;
  addNoiseBed(out, random, [{ shape: "bandpass", frequencyHz: 400, q: 0.7 }], 0.05);
  for (let frog = 0; frog < 4; frog++) {
    const throatHz = random.range(250, 700);
    const pulseSeconds = random.range(0.018, 0.035);
    const pan = random.range(-0.9, 0.9);
    scatter(random, out.left.length, sr, random.range(0.2, 0.45), (start) => {
      const pulses = 6 + Math.floor(random.next() * 10);
      for (let p = 0; p < pulses; p++) {
        addBurst(out, random, start + Math.round(p * pulseSeconds * sr), { shape: "bandpass", frequencyHz: throatHz, q: 6 }, 0.002, pulseSeconds / 3, 1.6, pan);
      }
    });
  }
  addCrickets(out, random, 2, 0.04);
};
