// Pitch names and MIDI arithmetic.
import type { Midi } from "../types";

/** Spelled with flats except F#, the spelling most pop charts use. */
export const PITCH_CLASS_NAMES = ["C", "Db", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"] as const;

export function pitchClass(pitch: Midi): number {
  return ((pitch % 12) + 12) % 12;
}

/** e.g. 60 -> "C4". */
export function noteName(pitch: Midi): string {
  return `${PITCH_CLASS_NAMES[pitchClass(pitch)]}${Math.floor(pitch / 12) - 1}`;
}

/** The MIDI note of a pitch class in an octave (octave 4 holds middle C, 60). */
export function midiOf(pitchClassValue: number, octave: number): Midi {
  return (octave + 1) * 12 + pitchClass(pitchClassValue);
}

/** The pitch with the given pitch class closest to `target` (ties go down). */
export function nearestWithPitchClass(pitchClassValue: number, target: Midi): Midi {
  const below = target - pitchClass(target - pitchClassValue);
  return target - below <= below + 12 - target ? below : below + 12;
}
