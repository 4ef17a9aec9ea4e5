// Roman-numeral chord names (MUSIC.md's vocabulary): "i", "VI", "ii7", "Imaj7", "V7", "i9", "Isus2", "bVII", "vii°".
// The numeral counts degrees of the key's own mode, its case gives the third (upper = major, lower = minor)
// and the suffix adds colour. So in C minor, "VI" is Ab major and "V" is G major (the harmonic-minor V).

export type ChordSuffix = "" | "7" | "maj7" | "9" | "maj9" | "6" | "add9" | "sus2" | "sus4";

export interface RomanNumeral {
  /** 0-based scale degree: 0 = I .. 6 = VII. */
  degree: number;
  /** Semitones added to the degree's root: -1 for a "b" prefix, +1 for "#". */
  alteration: number;
  /** True when written in upper case. */
  major: boolean;
  diminished: boolean;
  halfDiminished: boolean;
  augmented: boolean;
  suffix: ChordSuffix;
}

const DEGREES = ["i", "ii", "iii", "iv", "v", "vi", "vii"];
const PATTERN = /^(b|#)?(vii|iii|vi|iv|ii|v|i)(°|o|ø|\+)?(maj9|maj7|add9|sus2|sus4|7|9|6)?$/i;

export function parseRomanNumeral(numeral: string): RomanNumeral {
  const match = PATTERN.exec(numeral);
  if (!match) throw new Error(`Not a Roman-numeral chord: "${numeral}"`);
  const [, accidental, letters, modifier, suffix] = match;
  return {
    degree: DEGREES.indexOf(letters.toLowerCase()),
    alteration: accidental === "b" ? -1 : accidental === "#" ? 1 : 0,
    major: letters === letters.toUpperCase(),
    diminished: modifier === "°" || modifier === "o",
    halfDiminished: modifier === "ø",
    augmented: modifier === "+",
    suffix: (suffix ?? "") as ChordSuffix,
  };
}
