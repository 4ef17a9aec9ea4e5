// Chords: from a Roman numeral in a key to pitch classes and a chord symbol.
import type { Key } from "../types";
import { pitchClass } from "./pitch";
import { parseRomanNumeral, type RomanNumeral } from "./romanNumerals";
import { MODE_INTERVALS } from "./scales";
import { spellDegree } from "./spelling";

export interface Chord {
  numeral: string;
  /** Pitch class of the root. */
  root: number;
  /** Semitones above the root, root first (0), ascending. */
  intervals: number[];
  /** The chord's pitch classes, root first. */
  pitchClasses: number[];
  /** e.g. "Am7". */
  symbol: string;
}

export function chordFromNumeral(key: Key, numeral: string): Chord {
  const parsed = parseRomanNumeral(numeral);
  const root = pitchClass(key.tonic + MODE_INTERVALS[key.mode][parsed.degree] + parsed.alteration);
  const { intervals, quality } = chordShape(parsed);
  return {
    numeral,
    root,
    intervals,
    pitchClasses: intervals.map((interval) => pitchClass(root + interval)),
    // Spelled by its degree in the key: C#m7 in E major, not Dbm7.
    symbol: spellDegree(key.tonic, key.mode, parsed.degree, root) + quality,
  };
}

/** Intervals and the symbol's quality suffix for a parsed numeral. */
function chordShape(numeral: RomanNumeral): { intervals: number[]; quality: string } {
  if (numeral.halfDiminished) return { intervals: [0, 3, 6, 10], quality: "m7b5" };
  if (numeral.diminished) {
    return numeral.suffix === "7" ? { intervals: [0, 3, 6, 9], quality: "dim7" } : { intervals: [0, 3, 6], quality: "dim" };
  }
  if (numeral.augmented) return { intervals: [0, 4, 8], quality: "aug" };
  const third = numeral.major ? 4 : 3;
  const minor = numeral.major ? "" : "m";
  switch (numeral.suffix) {
    case "":
      return { intervals: [0, third, 7], quality: minor };
    case "7":
      return { intervals: [0, third, 7, 10], quality: `${minor}7` };
    case "maj7":
      return { intervals: [0, third, 7, 11], quality: numeral.major ? "maj7" : "m(maj7)" };
    case "9":
      return { intervals: [0, third, 7, 10, 14], quality: `${minor}9` };
    case "maj9":
      return { intervals: [0, third, 7, 11, 14], quality: numeral.major ? "maj9" : "m(maj9)" };
    case "6":
      return { intervals: [0, third, 7, 9], quality: `${minor}6` };
    case "add9":
      return { intervals: [0, third, 7, 14], quality: `${minor}add9` };
    case "sus2":
      return { intervals: [0, 2, 7], quality: "sus2" };
    case "sus4":
      return { intervals: [0, 5, 7], quality: "sus4" };
  }
}
