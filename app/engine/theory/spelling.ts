// Note names that follow the key: each scale degree gets its own letter, so E major reads F#, G#, C#, D#
// (never Gb or Db) and F minor reads Bb, Db, Eb. Chord roots take their degree's letter with the
// numeral's alteration ("bVI" in E major is C, not B#), so a chord chart reads like the key signature.
import type { Mode } from "../types";
import { PITCH_CLASS_NAMES, pitchClass } from "./pitch";
import { MODE_INTERVALS } from "./scales";

const LETTERS = ["C", "D", "E", "F", "G", "A", "B"] as const;
const LETTER_PITCH = [0, 2, 4, 5, 7, 9, 11];

/** The accidental that takes `letter` to `pitch` class: "", "#", "b", "##", "bb"; null beyond two. */
function accidental(letter: number, pitch: number): string | null {
  const shift = ((pitchClass(pitch) - LETTER_PITCH[letter] + 18) % 12) - 6;
  return shift === 0 ? "" : shift === 1 ? "#" : shift === -1 ? "b" : shift === 2 ? "##" : shift === -2 ? "bb" : null;
}

const letterOf = (name: string) => LETTERS.indexOf(name[0] as (typeof LETTERS)[number]);

/** Both names of a pitch class worth trying as a tonic: "C#" and "Db", "G#" and "Ab"; a natural alone. */
function tonicNames(tonic: number): string[] {
  const names = new Set<string>([PITCH_CLASS_NAMES[tonic]]);
  for (let letter = 0; letter < 7; letter++) {
    const mark = accidental(letter, tonic);
    if (mark === "#" || mark === "b" || mark === "") names.add(LETTERS[letter] + mark);
  }
  return [...names];
}

export interface KeySpelling {
  /** Letter index (0 = C) of the tonic. */
  tonicLetter: number;
  /** The seven degrees' names, tonic first: E major -> E F# G# A B C# D#. */
  degrees: string[];
}

const spellings = new Map<string, KeySpelling>();

/**
 * The key's spelling: of the tonic's two names, the one whose scale has fewer accidentals and no double
 * ones (C# minor, not Db minor; Db major, not C# major); a tie keeps the engine's usual name (F#, Ab).
 */
export function keySpelling(tonic: number, mode: Mode): KeySpelling {
  const id = `${pitchClass(tonic)}:${mode}`;
  const known = spellings.get(id);
  if (known) return known;
  let best: { spelling: KeySpelling; cost: number } | null = null;
  for (const name of tonicNames(pitchClass(tonic))) {
    const tonicLetter = letterOf(name);
    const degrees = MODE_INTERVALS[mode].map((interval, degree) => {
      const letter = (tonicLetter + degree) % 7;
      const mark = accidental(letter, tonic + interval);
      return mark === null ? null : LETTERS[letter] + mark;
    });
    if (degrees.some((degree) => degree === null)) continue;
    const marks = (degrees as string[]).reduce((sum, degree) => sum + (degree.length - 1) * (degree.length > 2 ? 10 : 1), 0);
    const cost = marks + (name === PITCH_CLASS_NAMES[pitchClass(tonic)] ? 0 : 0.5);
    if (!best || cost < best.cost) best = { spelling: { tonicLetter, degrees: degrees as string[] }, cost };
  }
  const spelling = best?.spelling ?? { tonicLetter: letterOf(PITCH_CLASS_NAMES[pitchClass(tonic)]), degrees: MODE_INTERVALS[mode].map((interval) => PITCH_CLASS_NAMES[pitchClass(tonic + interval)]) };
  spellings.set(id, spelling);
  return spelling;
}

/** The name of `pitch` as scale degree `degree` (0-based) of the key, altered or not; the plain name when that would need a triple accidental. */
export function spellDegree(tonic: number, mode: Mode, degree: number, pitch: number): string {
  const letter = (keySpelling(tonic, mode).tonicLetter + degree) % 7;
  const mark = accidental(letter, pitch);
  return mark === null || mark.length > 1 ? spellInKey(tonic, mode, pitch) : LETTERS[letter] + mark;
}

/** A pitch class named as the key would write it: a scale note by its degree, others by the key's side (sharps or flats). */
export function spellInKey(tonic: number, mode: Mode, pitch: number): string {
  const { degrees } = keySpelling(tonic, mode);
  const scale = MODE_INTERVALS[mode].map((interval) => pitchClass(tonic + interval));
  const at = scale.indexOf(pitchClass(pitch));
  if (at >= 0) return degrees[at];
  const flats = degrees.some((degree) => degree.endsWith("b"));
  const sharps = degrees.some((degree) => degree.endsWith("#"));
  const name = PITCH_CLASS_NAMES[pitchClass(pitch)];
  if (name.length === 1) return name;
  // Off the scale: a sharp key sharpens (D# in E major), a flat key flattens (Gb in Db major).
  const sharp = `${LETTERS[(letterOf(name) + 6) % 7]}#`;
  return sharps && !flats ? sharp : name;
}

/** The key's name as it is written: "C# minor", "Eb major", "Ab dorian". */
export function keyName(tonic: number, mode: Mode): string {
  return `${keySpelling(tonic, mode).degrees[0]} ${mode.replace("_", " ")}`;
}
