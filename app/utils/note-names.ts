// Note names for the notes editor: MIDI 60 is "C4" (scientific pitch notation, as most DAWs show it).
// Shared by the piano roll (row labels) and the no-JavaScript note form (which accepts names or numbers).

const NAMES = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"] as const;
const LETTERS: Record<string, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };

/** `names` spells the twelve pitch classes the song's key's way (C# or Db); sharps without it. */
export function noteName(midi: number, names: readonly string[] = NAMES): string {
  return `${names[((midi % 12) + 12) % 12]}${Math.floor(midi / 12) - 1}`;
}

/**
 * "C4", "c#4", "Eb3", "F♯2" or a MIDI number ("60") to a MIDI number; null when it is neither or falls
 * outside 0..127.
 */
export function parsePitch(text: string): number | null {
  const value = text.trim();
  if (/^\d{1,3}$/.test(value)) {
    const midi = Number(value);
    return midi <= 127 ? midi : null;
  }
  const match = /^([A-Ga-g])([#♯b♭]?)(-?\d)$/.exec(value);
  if (!match) return null;
  const [, letter, accidental, octave] = match;
  const shift = accidental === "#" || accidental === "♯" ? 1 : accidental === "b" || accidental === "♭" ? -1 : 0;
  const midi = (Number(octave) + 1) * 12 + LETTERS[letter!.toUpperCase()]! + shift;
  return midi >= 0 && midi <= 127 ? midi : null;
}
