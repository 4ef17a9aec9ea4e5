// Birds in a garden: three species singing over a faint breeze.

import type { AmbientBed } from "./bed";
import { addBirdSong } from "./birdSong";
import { addNoiseBed } from "./primitives";

export const birds: AmbientBed = (out, random) => {
  addNoiseBed(out, random, [{ shape: "bandpass", frequencyHz: 600, q: 0.5 }], 0.03, (t) => 0.6 + 0.4 * Math.sin(t * 0.3));
  addBirdSong(out, random, [
    { lowHz: 2500, highHz: 5200, phrasesPerSecond: 0.35 },
    { lowHz: 3500, highHz: 7000, phrasesPerSecond: 0.25 },
    { lowHz: 1800, highHz: 3200, phrasesPerSecond: 0.15 },
  ], 0.25);
};
