// A busy plaza: crowd babble (noise through moving vowel-like band-passes, chopped at syllable rate),
// footsteps and the odd distant shout of laughter.

import type { AmbientBed } from "./bed";
import { addBurst, addNoiseBed, scatter } from "./primitives";

export const plaza: AmbientBed = (out, random) => {
  const sr = out.sampleRate;
  for (let voice = 0; voice < 6; voice++) {
    const formantHz = random.range(400, 1400);
    const syllableHz = random.range(3, 6);
    const phase = random.next() * 10;
    addNoiseBed(out, random, [{ shape: "bandpass", frequencyHz: formantHz, q: 2.5 }, { shape: "bandpass", frequencyHz: formantHz * 2.2, q: 1 }], 0.25, (t) =>
      Math.max(0, Math.sin(2 * Math.PI * syllableHz * (t + phase))) * (0.5 + 0.5 * Math.sin(0.3 * (t + phase))),
    );
  }
  scatter(random, out.left.length, sr, 2.2, (start) => {
    addBurst(out, random, start, { shape: "bandpass", frequencyHz: random.range(150, 400), q: 1.5 }, 0.002, 0.03, 0.4, random.range(-0.8, 0.8));
  });
  scatter(random, out.left.length, sr, 0.08, (start) => {
    addBurst(out, random, start, { shape: "bandpass", frequencyHz: 1100, q: 4 }, 0.05, 0.3, 0.3, random.range(-0.9, 0.9));
  });
};
