// A rainforest: dense, varied birds (including low hooting calls), insects, and humid air.

import type { AmbientBed } from "./bed";
import { addBirdSong } from "./birdSong";
import { addCicadas, addCrickets } from "./insectChorus";
import { addChirp, addNoiseBed, scatter } from "./primitives";

export const jungle: AmbientBed = (out, random) => {
  const sr = out.sampleRate;
  addNoiseBed(out, random, [{ shape: "lowpass", frequencyHz: 1500, q: 0.5 }], 0.05, (t) => 0.7 + 0.3 * Math.sin(t * 0.21));
  addBirdSong(out, random, [
    { lowHz: 1200, highHz: 2600, phrasesPerSecond: 0.4 },
    { lowHz: 2800, highHz: 6000, phrasesPerSecond: 0.6 },
    { lowHz: 4000, highHz: 8000, phrasesPerSecond: 0.5 },
  ], 0.2);
  // Hoots: two falling low notes.
  scatter(random, out.left.length, sr, 0.12, (start) => {
    const hz = random.range(350, 520);
    const pan = random.range(-0.9, 0.9);
    addChirp(out, start, Math.round(0.25 * sr), hz * 1.1, hz, 0.3, pan);
    addChirp(out, start + Math.round(0.4 * sr), Math.round(0.35 * sr), hz, hz * 0.85, 0.3, pan);
  });
  addCrickets(out, random, 3, 0.05);
  addCicadas(out, random, 0.35);
};
