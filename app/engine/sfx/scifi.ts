// A spaceship bridge: a deep drone of slowly beating detuned sines, computer blips (short FM-ish pitch
// chirps) and occasional filtered-noise whooshes.

import type { AmbientBed } from "./bed";
import { addBurst, addChirp, scatter } from "./primitives";

const DRONE_HZ = [55, 55.4, 82.6, 110.3];

export const scifi: AmbientBed = (out, random) => {
  const sr = out.sampleRate;
  for (let i = 0; i < out.left.length; i++) {
    const t = i / sr;
    let l = 0, r = 0;
    DRONE_HZ.forEach((hz, k) => {
      const v = Math.sin(2 * Math.PI * hz * t + k) * 0.05;
      if (k & 1) r += v;
      else l += v;
    });
    out.left[i] += l + r * 0.5;
    out.right[i] += r + l * 0.5;
  }
  scatter(random, out.left.length, sr, 1.2, (start) => {
    const hz = random.range(800, 3000);
    const up = random.next() < 0.5;
    addChirp(out, start, Math.round(random.range(0.03, 0.09) * sr), hz, up ? hz * 1.5 : hz / 1.5, 0.08, random.range(-0.9, 0.9));
  });
  scatter(random, out.left.length, sr, 0.07, (start) => {
    addBurst(out, random, start, { shape: "bandpass", frequencyHz: random.range(300, 2000), q: 2 }, 0.8, 0.8, 0.3, random.range(-0.7, 0.7));
  });
};
