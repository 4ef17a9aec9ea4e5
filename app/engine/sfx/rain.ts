// Rain: a broadband hiss (many distant drops) plus individual close droplets, each a tiny resonant
// "plink" that falls in pitch. Heavy rain is denser, louder in the low mids and has a rumble.

import type { StereoBuffer } from "../types";
import type { Random } from "../dsp/random";
import type { AmbientBed } from "./bed";
import { addNoiseBed, addPing, scatter } from "./primitives";

function rain(out: StereoBuffer, random: Random, dropsPerSecond: number, heavy: boolean): void {
  const sr = out.sampleRate;
  addNoiseBed(out, random, [{ shape: "highpass", frequencyHz: heavy ? 400 : 1200, q: 0.5 }, { shape: "lowpass", frequencyHz: heavy ? 9000 : 12000, q: 0.5 }], heavy ? 0.3 : 0.08);
  if (heavy) addNoiseBed(out, random, [{ shape: "lowpass", frequencyHz: 250, q: 0.7 }], 0.35, (t) => 0.7 + 0.3 * Math.sin(t * 0.4));
  scatter(random, out.left.length, sr, dropsPerSecond, (start) => {
    addPing(out, start, random.range(2000, 6500), random.range(0.004, 0.012), random.range(0.05, 0.25), random.range(-0.9, 0.9), 0.6);
  });
}

export const rainLight: AmbientBed = (out, random) => rain(out, random, 18, false);
export const rainHeavy: AmbientBed = (out, random) => rain(out, random, 140, true);
