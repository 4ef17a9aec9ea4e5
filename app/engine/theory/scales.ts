// Modes as semitone steps from the tonic, and the scale of a key.
import type { Key, Midi, Mode } from "../types";
import { pitchClass } from "./pitch";
import { keyName } from "./spelling";

export const MODE_INTERVALS: Record<Mode, readonly number[]> = {
  major: [0, 2, 4, 5, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10],
  dorian: [0, 2, 3, 5, 7, 9, 10],
  mixolydian: [0, 2, 4, 5, 7, 9, 10],
  phrygian: [0, 1, 3, 5, 7, 8, 10],
  harmonic_minor: [0, 2, 3, 5, 7, 8, 11],
  lydian: [0, 2, 4, 6, 7, 9, 11],
};

/** Modes whose third is minor: their key-profile match is the minor profile. */
export const MINOR_THIRD_MODES: readonly Mode[] = ["minor", "dorian", "phrygian", "harmonic_minor"];

export function isMinorMode(mode: Mode): boolean {
  return MINOR_THIRD_MODES.includes(mode);
}

export function makeKey(tonic: number, mode: Mode): Key {
  return { tonic: pitchClass(tonic), mode, name: keyName(tonic, mode) };
}

/** The key's seven pitch classes, tonic first. */
export function scalePitchClasses(key: Key): number[] {
  return MODE_INTERVALS[key.mode].map((interval) => pitchClass(key.tonic + interval));
}

/** Moves `pitch` by `degrees` steps along `pitchClasses` (a scale), e.g. +1 = the next scale note up. */
export function stepAlongScale(pitch: Midi, degrees: number, pitchClasses: readonly number[]): Midi {
  let current = snapToScale(pitch, pitchClasses);
  const direction = Math.sign(degrees);
  for (let moved = 0; moved < Math.abs(degrees); moved++) {
    do current += direction;
    while (!pitchClasses.includes(pitchClass(current)));
  }
  return current;
}

/** The closest scale note (ties go down). */
export function snapToScale(pitch: Midi, pitchClasses: readonly number[]): Midi {
  for (let distance = 0; distance < 12; distance++) {
    if (pitchClasses.includes(pitchClass(pitch - distance))) return pitch - distance;
    if (pitchClasses.includes(pitchClass(pitch + distance))) return pitch + distance;
  }
  return pitch;
}
