// How hard a note is played changes its sound, not only its level: a string plucked or bowed softly, a drum
// struck softly, a horn blown softly all lose their upper partials first. Where a sample set has velocity
// layers (sampler/) the recordings carry that; the General MIDI presets the engine still plays have one
// recording per note, so the engine darkens each rendered note by its velocity with a two-pole low-pass whose
// cutoff rises from `softHz` (velocity 1) to the full band (velocity 104 and up), per instrument family. Organs and
// synthesisers keep their tone (they do not answer touch that way).
//
// Drum hits also vary from hit to hit (round robins, `drumVariant`): a drummer never strikes twice alike, and
// a kit played from one recording per drum sounds like a machine gun on repeated hits. With no set of
// repeated recordings under a licence that allows distributing the songs, each repeated hit is a slightly
// different strike of the same recording: a few cents of tuning, a touch brighter or darker, ±0.4 dB.

import { Biquad } from "../dsp/biquad";
import type { StereoBuffer, Velocity } from "../types";

export interface TimbreProfile {
  /** Cutoff at velocity 1; it rises to the full band at OPEN_VELOCITY (cutoffFor). */
  softHz: number;
  /**
   * Drive at velocity 127 (0: none): a tine piano "barks" and a bass string growls when struck hard, which
   * adds harmonics a low-pass cannot. Scales with velocity squared, so soft notes stay clean.
   */
  drive?: number;
}

const OPEN_HZ = 20_000;
/** From this velocity up a note has its full band. */
const OPEN_VELOCITY = 104;
/** Below 1: the cutoff rises quickly from soft to medium velocities, then flattens towards the top. */
const OPEN_CURVE = 0.8;
/** Above this the filter is left out (it would only cost time). */
const BYPASS_HZ = 16_000;
const Q = 0.6;

/** Per GM family (program / 8) of bank 0; absent: no velocity timbre (organs, synth leads, pads, effects). */
const FAMILY_PROFILES: Partial<Record<number, TimbreProfile>> = {
  0: { softHz: 900 }, // pianos the sample set does not cover (bright, electric, honky-tonk, clavinet)
  1: { softHz: 1200 }, // mallets and bells
  3: { softHz: 650 }, // guitars
  4: { softHz: 280 }, // basses
  5: { softHz: 900 }, // strings
  6: { softHz: 900 }, // ensembles and choirs
  7: { softHz: 700 }, // brass
  8: { softHz: 800 }, // reeds
  9: { softHz: 1000 }, // pipes
  13: { softHz: 900 }, // ethnic plucked
};

/** Programs whose tone sits low enough that the family's cutoff would not touch it, or that bark. */
const PROGRAM_PROFILES: Partial<Record<number, TimbreProfile>> = {
  4: { softHz: 350, drive: 3 }, // tine electric piano
  5: { softHz: 600, drive: 1.5 }, // FM electric piano
  12: { softHz: 150 }, // marimba
  13: { softHz: 400 }, // xylophone
  33: { softHz: 220, drive: 1.5 }, // finger bass
  35: { softHz: 100, drive: 2.5 }, // fretless bass
  45: { softHz: 250 }, // pizzicato strings
  46: { softHz: 150 }, // harp
};

export function pitchedTimbre(bank: number, program: number): TimbreProfile | null {
  if (bank !== 0) return null;
  return PROGRAM_PROFILES[program] ?? FAMILY_PROFILES[Math.floor(program / 8)] ?? null;
}

/**
 * Drum profiles by GM drum note: soft kicks lose the beater's click, soft snares and claps their sizzle, soft
 * hats their top, soft toms their attack. The time-keeper's sounds (side stick, pedal hat, ride and its bell,
 * tambourine, claves: compose/drumPart.ts) and cymbals keep theirs: the keeper's 2–6 kHz is what a tempo
 * tracker follows (docs/engine.md, "Time-keeper").
 */
export function drumTimbre(note: number): TimbreProfile | null {
  if (note === 35 || note === 36) return { softHz: 700 };
  if (note === 38 || note === 40) return { softHz: 1100 };
  if (note === 39) return { softHz: 1800 };
  if (note === 42 || note === 46) return { softHz: 3500 };
  if ([41, 43, 45, 47, 48, 50].includes(note)) return { softHz: 600 };
  return null;
}

/**
 * The cutoff for a velocity: `softHz` at 1, opening on a curve that reaches the full band at OPEN_VELOCITY, so
 * only soft playing (verses, ghost notes) is darkened and a song keeps its air: with the band fully open only
 * at 127, mid-velocity notes lost 1–5 dB above 8 kHz over whole songs (docs/engine.md, "What changed in the
 * sound").
 */
export function cutoffFor(profile: TimbreProfile, velocity: Velocity): number {
  const v = Math.min(1, Math.max(1, velocity) / OPEN_VELOCITY);
  return profile.softHz * Math.pow(OPEN_HZ / profile.softHz, Math.pow(v, OPEN_CURVE));
}

/** Darkens `note` in place by its velocity (nothing at full strength), driving it first where the profile says. */
export function applyVelocityTimbre(note: StereoBuffer, profile: TimbreProfile, velocity: Velocity): void {
  if (profile.drive) drive(note, profile.drive * Math.pow(Math.max(1, Math.min(127, velocity)) / 127, 2));
  const cutoff = cutoffFor(profile, velocity);
  if (cutoff >= BYPASS_HZ) return;
  const left = new Biquad({ shape: "lowpass", frequencyHz: cutoff, q: Q });
  const right = new Biquad({ shape: "lowpass", frequencyHz: cutoff, q: Q });
  for (let i = 0; i < note.left.length; i++) {
    note.left[i] = left.tick(note.left[i]);
    note.right[i] = right.tick(note.right[i]);
  }
}

/** Soft saturation relative to the note's own peak, at unchanged peak level. */
function drive(note: StereoBuffer, amount: number): void {
  if (amount < 0.05) return;
  let peak = 0;
  for (let i = 0; i < note.left.length; i++) peak = Math.max(peak, Math.abs(note.left[i]), Math.abs(note.right[i]));
  if (peak <= 0) return;
  const scale = amount / peak;
  const makeUp = peak / Math.tanh(amount);
  for (let i = 0; i < note.left.length; i++) {
    note.left[i] = Math.tanh(note.left[i] * scale) * makeUp;
    note.right[i] = Math.tanh(note.right[i] * scale) * makeUp;
  }
}

/** Round robins per drum sound: hits cycle through this many strikes. */
export const DRUM_ROUND_ROBINS = 4;

export interface DrumVariant {
  /** Tuning offset of the strike, cents. */
  cents: number;
  /** Velocity offset for the timbre only (brighter or darker strike), not for the level. */
  timbreVelocity: number;
  gainDb: number;
}

const VARIANTS: readonly DrumVariant[] = [
  { cents: 0, timbreVelocity: 0, gainDb: 0 },
  { cents: 6, timbreVelocity: -6, gainDb: -0.4 },
  { cents: -5, timbreVelocity: 4, gainDb: 0.3 },
  { cents: 3, timbreVelocity: -3, gainDb: -0.2 },
];

export function drumVariant(index: number): DrumVariant {
  return VARIANTS[((index % DRUM_ROUND_ROBINS) + DRUM_ROUND_ROBINS) % DRUM_ROUND_ROBINS];
}

/** Scales a rendered note in place. */
export function applyGainDb(note: StereoBuffer, gainDb: number): void {
  if (gainDb === 0) return;
  const gain = Math.pow(10, gainDb / 20);
  for (let i = 0; i < note.left.length; i++) {
    note.left[i] *= gain;
    note.right[i] *= gain;
  }
}
