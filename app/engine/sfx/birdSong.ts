// Bird song shared by several beds: phrases of 3–8 fast frequency-swept syllables from birds at
// different places in the stereo field, each species with its own register.

import type { StereoBuffer } from "../types";
import type { Random } from "../dsp/random";
import { addChirp, scatter } from "./primitives";

export interface Species {
  lowHz: number;
  highHz: number;
  phrasesPerSecond: number;
}

export function addBirdSong(out: StereoBuffer, random: Random, species: Species[], amplitude: number): void {
  const sr = out.sampleRate;
  for (const bird of species) {
    const pan = random.range(-0.9, 0.9);
    scatter(random, out.left.length, sr, bird.phrasesPerSecond, (start) => {
      const syllables = 3 + Math.floor(random.next() * 6);
      const syllableSeconds = random.range(0.04, 0.12);
      let position = start;
      for (let s = 0; s < syllables; s++) {
        const from = random.range(bird.lowHz, bird.highHz);
        const to = random.range(bird.lowHz, bird.highHz);
        const length = Math.round(syllableSeconds * random.range(0.7, 1.3) * sr);
        addChirp(out, position, length, from, to, amplitude * random.range(0.5, 1), pan);
        position += length + Math.round(random.range(0.01, 0.06) * sr);
      }
    });
  }
}
