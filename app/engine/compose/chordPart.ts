// The chord part: the voiced chords played in the style's rhythm (house stabs, reggae skank, sustained pads).
// Low density keeps one sustained hit per chord; higher density adds the rhythm's optional hits.
import { deriveSeed } from "../theory/hash";
import { createRng } from "../theory/random";
import { parseRhythm, type HitWeight } from "../theory/rhythm";
import type { Note } from "../types";
import { velocityFor } from "./dynamics";
import { chordAt, stepsUntilChordChange } from "./harmony";
import type { PartContext } from "./partContext";

/** Below this density the chords simply sustain. */
const SUSTAIN_BELOW_DENSITY = 0.2;

export function writeChords(context: PartContext): Note[] {
  const { chords, segment, intensity, density } = context;
  const rng = createRng(deriveSeed(context.seed, "chords", segment.section));
  const pattern = context.filter.chordRhythm ?? context.groove.chords;
  // Sections with drums get rhythmic chords; a quiet intro, break or outro lets them ring.
  const ringing = segment.section === "intro" || segment.section === "break" || segment.section === "outro";
  const hits: { step: number; length: number; weight: HitWeight }[] =
    ringing || density < SUSTAIN_BELOW_DENSITY
      ? chords.map((chord) => ({ step: chord.step, length: chord.length, weight: "normal" }))
      : parseRhythm(pattern).filter((hit) => {
          const keep = rng.next() < density;
          return !hit.optional || keep;
        });
  const notes: Note[] = [];
  for (const hit of hits) {
    const chord = chordAt(chords, hit.step);
    const length = Math.min(hit.length, stepsUntilChordChange(chords, hit.step));
    const velocity = velocityFor(hit.weight, segment.energy, intensity) - 8;
    for (const pitch of chord.pitches) notes.push({ step: hit.step, micro: 0, length: Math.max(0.5, length - 0.1), pitch, velocity });
  }
  return notes;
}
