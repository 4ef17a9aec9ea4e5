// The fourteen mastering presets (spec 2 §9: labelled a to n), as data. Each names a character and is
// built from the same chain (chain.ts): a three-band split, each band's dynamics, a dynamic EQ that moves
// each band's level toward the preset's target spectrum, the stereo image, saturation, then the engine's
// loudness-searching true-peak limiter. docs/mastering.md shows what each one measurably does.

import type { Decibels, Seconds } from "../../types";

export const PRESET_LETTERS = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n"] as const;
export type PresetLetter = (typeof PRESET_LETTERS)[number];

/** Crossovers of the three bands: low (kick, bass), mid (body, voice), high (air, cymbals). */
export const LOW_CROSSOVER_HZ = 150;
export const HIGH_CROSSOVER_HZ = 4500;

export interface BandDynamics {
  /** Threshold above the band's running level, dB: where the band's gain starts to move. */
  thresholdDb: Decibels;
  /** Above 1 compresses; below 1 expands upward (transients rise: more punch, a higher crest factor). */
  ratio: number;
  attackSeconds: Seconds;
  releaseSeconds: Seconds;
}

export interface MasteringPreset {
  letter: PresetLetter;
  id: string;
  name: string;
  /** What it does to a song, in the words the page shows. */
  character: string;
  /**
   * The target spectrum: the low and high bands' level relative to the mid band, dB. The dynamic EQ moves
   * each band toward it (by at most `eqRangeDb`), following the song as it changes.
   */
  target: { lowDb: Decibels; highDb: Decibels };
  eqRangeDb: Decibels;
  dynamics: { low: BandDynamics; mid: BandDynamics; high: BandDynamics };
  /** Side level of the mid and high bands (1 keeps the image, more widens it). */
  width: number;
  /** Share of the low band's side signal removed (1: the bass is mono). */
  bassMono: number;
  /** Soft saturation: drive into the curve, dB, and how much of the saturated signal is mixed in. */
  saturation: { driveDb: Decibels; mix: number };
}

const gentle = (ratio: number, thresholdDb = 4): BandDynamics => ({ thresholdDb, ratio, attackSeconds: 0.02, releaseSeconds: 0.2 });
const punchy = (ratio: number, thresholdDb = 0): BandDynamics => ({ thresholdDb, ratio, attackSeconds: 0.002, releaseSeconds: 0.09 });
const dense = (ratio: number, thresholdDb = -2): BandDynamics => ({ thresholdDb, ratio, attackSeconds: 0.008, releaseSeconds: 0.15 });

export const MASTERING_PRESETS: readonly MasteringPreset[] = [
  {
    letter: "a", id: "bubbly", name: "Bubbly",
    character: "Light and lively: a brighter top, springy mids, a little wider.",
    target: { lowDb: 0, highDb: -8 }, eqRangeDb: 5,
    dynamics: { low: gentle(1.5), mid: punchy(0.8), high: punchy(0.85) },
    width: 1.2, bassMono: 0.5, saturation: { driveDb: 3, mix: 0.15 },
  },
  {
    letter: "b", id: "oasis", name: "Oasis",
    character: "Warm and open: a rounded top, relaxed dynamics, a wide, spacious image.",
    target: { lowDb: 4, highDb: -14 }, eqRangeDb: 5,
    dynamics: { low: gentle(1.3), mid: gentle(1.3), high: gentle(1.6) },
    width: 1.45, bassMono: 0.3, saturation: { driveDb: 2, mix: 0.1 },
  },
  {
    letter: "c", id: "bouncy", name: "Bouncy",
    character: "Punchy: drums and transients jump out, nothing squashed.",
    target: { lowDb: 3, highDb: -10 }, eqRangeDb: 4,
    dynamics: { low: punchy(0.7, -2), mid: punchy(0.75, -2), high: punchy(0.9) },
    width: 1.0, bassMono: 0.6, saturation: { driveDb: 0, mix: 0 },
  },
  {
    letter: "d", id: "thump", name: "Thump",
    character: "A heavy kick: a fuller, punchier low end over controlled mids.",
    target: { lowDb: 7, highDb: -12 }, eqRangeDb: 6,
    dynamics: { low: punchy(0.7, -1), mid: dense(2.5), high: gentle(1.5) },
    width: 0.95, bassMono: 0.9, saturation: { driveDb: 4, mix: 0.2 },
  },
  {
    letter: "e", id: "rumble", name: "Rumble",
    character: "Deep: the most low end, held dense and mono, a darker top.",
    target: { lowDb: 10, highDb: -16 }, eqRangeDb: 8,
    dynamics: { low: dense(3, -4), mid: gentle(1.5), high: gentle(2) },
    width: 0.85, bassMono: 1, saturation: { driveDb: 2, mix: 0.15 },
  },
  {
    letter: "f", id: "ambiance", name: "Ambiance",
    character: "Soft and airy: the widest image, transients smoothed, space in the top.",
    target: { lowDb: 1, highDb: -9 }, eqRangeDb: 4,
    dynamics: { low: gentle(2, 2), mid: gentle(2, 2), high: gentle(1.5, 2) },
    width: 1.7, bassMono: 0.5, saturation: { driveDb: 0, mix: 0 },
  },
  {
    letter: "g", id: "crystal", name: "Crystal",
    character: "Clear: the brightest, cleanest top, a lean low end.",
    target: { lowDb: -4, highDb: -4 }, eqRangeDb: 8,
    dynamics: { low: gentle(2), mid: gentle(1.2), high: punchy(0.85) },
    width: 1.1, bassMono: 0.8, saturation: { driveDb: 0, mix: 0 },
  },
  {
    letter: "h", id: "electric", name: "Electric",
    character: "Aggressive: driven saturation, bright, dense and forward.",
    target: { lowDb: 4, highDb: -7 }, eqRangeDb: 6,
    dynamics: { low: dense(3), mid: dense(3), high: dense(3) },
    width: 1.1, bassMono: 0.7, saturation: { driveDb: 9, mix: 0.6 },
  },
  {
    letter: "i", id: "balance", name: "Balance",
    character: "Neutral: a reference balance, gentle glue, the image kept as it is.",
    target: { lowDb: 2, highDb: -11 }, eqRangeDb: 4,
    dynamics: { low: gentle(1.5), mid: gentle(1.5), high: gentle(1.5) },
    width: 1.0, bassMono: 0.5, saturation: { driveDb: 0, mix: 0 },
  },
  {
    letter: "j", id: "skyscraper", name: "Skyscraper",
    character: "Big and loud-sounding: the densest dynamics, a tall wide image.",
    target: { lowDb: 5, highDb: -8 }, eqRangeDb: 5,
    dynamics: { low: dense(4, -4), mid: dense(4, -4), high: dense(4, -4) },
    width: 1.3, bassMono: 0.8, saturation: { driveDb: 3, mix: 0.2 },
  },
  {
    letter: "k", id: "hilltop", name: "Hilltop",
    character: "Mellow and warm: a soft top, tape-like warmth, natural dynamics.",
    target: { lowDb: 5, highDb: -18 }, eqRangeDb: 7,
    dynamics: { low: gentle(1.3), mid: gentle(1.2), high: gentle(2.5) },
    width: 1.0, bassMono: 0.4, saturation: { driveDb: 6, mix: 0.35 },
  },
  {
    letter: "l", id: "lift", name: "Lift",
    character: "Forward: voice and lead lifted, a lighter low end, a narrower focus.",
    target: { lowDb: -2, highDb: -12 }, eqRangeDb: 6,
    dynamics: { low: gentle(2), mid: punchy(0.85), high: gentle(1.3) },
    width: 0.85, bassMono: 0.6, saturation: { driveDb: 2, mix: 0.1 },
  },
  {
    letter: "m", id: "shimmer", name: "Shimmer",
    character: "Sparkling: lifted air and a wide, glittering top.",
    target: { lowDb: 1, highDb: -5 }, eqRangeDb: 7,
    dynamics: { low: gentle(1.5), mid: gentle(1.3), high: punchy(0.8) },
    width: 1.5, bassMono: 0.6, saturation: { driveDb: 0, mix: 0 },
  },
  {
    letter: "n", id: "subtle", name: "Subtle",
    character: "Transparent: the song as it is, only brought to loudness with a touch of glue.",
    target: { lowDb: 2, highDb: -11 }, eqRangeDb: 0.75,
    dynamics: { low: gentle(1.1, 6), mid: gentle(1.1, 6), high: gentle(1.1, 6) },
    width: 1.0, bassMono: 0, saturation: { driveDb: 0, mix: 0 },
  },
];

export function presetByLetter(letter: string): MasteringPreset | undefined {
  return MASTERING_PRESETS.find((preset) => preset.letter === letter);
}
