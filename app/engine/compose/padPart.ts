// The pad: each chord held for its full length an octave above the chord part, soft, to fill the space.
import { voiceChord } from "../theory/voicing";
import { chordFromNumeral } from "../theory/chords";
import type { Note } from "../types";
import { velocityFor } from "./dynamics";
import type { PartContext } from "./partContext";

export const PAD_REGISTER = { low: 60, high: 84 } as const;

export function writePad(context: PartContext): Note[] {
  const { chords, segment, intensity, key } = context;
  let previous: number[] | null = null;
  const notes: Note[] = [];
  for (const event of chords) {
    const pitches = voiceChord(chordFromNumeral(key, event.numeral), previous, PAD_REGISTER);
    previous = pitches;
    const velocity = Math.round(velocityFor("normal", segment.energy, intensity) * 0.7);
    for (const pitch of pitches) notes.push({ step: event.step, micro: 0, length: event.length, pitch, velocity });
  }
  return notes;
}
