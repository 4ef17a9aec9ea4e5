// The chord part: the voiced chords played in the style's rhythm (house stabs, reggae skank, sustained pads).
// Low density keeps one sustained hit per chord; higher density adds the rhythm's optional hits.
import { deriveSeed } from "../theory/hash";
import { createRng } from "../theory/random";
import { parseRhythm, type HitWeight } from "../theory/rhythm";
import { STEPS_PER_BAR, type Note } from "../types";
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
      ? chords.flatMap((chord) => restrikes(chord, ringing))
      : parseRhythm(pattern).filter((hit) => {
          const keep = rng.next() < density;
          return !hit.optional || keep;
        });
  // Every chord sounds: one the rhythm skips (a cadence's half bar) is struck on its first step.
  for (const chord of chords) {
    if (!hits.some((hit) => hit.step >= chord.step && hit.step < chord.step + chord.length)) hits.push({ step: chord.step, length: chord.length, weight: "normal" });
  }
  const lifted = segment.section === "chorus" || segment.section === "drop";
  const notes: Note[] = [];
  for (const hit of hits) {
    const chord = chordAt(chords, hit.step);
    const length = Math.min(hit.length, stepsUntilChordChange(chords, hit.step));
    const velocity = velocityFor(hit.weight, segment.energy, intensity) - 8;
    // A chorus opens the voicing up: its top note doubled an octave higher (brighter and wider); a repeated
    // chorus opens it further (its second-highest note too), so that it is not a copy of the first.
    const sorted = [...chord.pitches].sort((a, b) => a - b);
    const doubled = lifted ? [sorted[sorted.length - 1] + 12, ...(segment.sectionNumber > 0 ? [sorted[sorted.length - 2] + 12] : [])] : [];
    const pitches = [...chord.pitches, ...doubled];
    for (const pitch of pitches) notes.push({ step: hit.step, micro: 0, length: Math.max(0.5, length - 0.1), pitch, velocity });
  }
  return notes;
}

/**
 * A sustained chord, struck again every half bar in a quiet section: a short-decaying instrument (muted
 * guitar, pizzicato) would otherwise leave seconds of silence in an intro or break.
 */
function restrikes(chord: { step: number; length: number }, ringing: boolean): { step: number; length: number; weight: HitWeight }[] {
  const every = ringing ? STEPS_PER_BAR / 2 : chord.length;
  const hits: { step: number; length: number; weight: HitWeight }[] = [];
  for (let step = chord.step; step < chord.step + chord.length; step += every) {
    hits.push({ step, length: Math.min(every, chord.step + chord.length - step), weight: step === chord.step ? "normal" : "ghost" });
  }
  return hits;
}
