// Feel, applied after the notes are written: swing delays every second 16th, the style's player places and
// weighs each note (performance.ts: touch, metric accents, pocket), then humanness nudges timing and velocity,
// more for hats and keys than for the kick (MUSIC.md "Feel").
import { humanTimingOffset, humanVelocity, LOOSENESS } from "../theory/humanize";
import type { Rng } from "../theory/random";
import { swingOffset } from "../theory/swing";
import type { DrumKind, Note, PartName, Seconds } from "../types";
import { performedVelocity, pocketMs, type PerformanceStyle } from "./performance";

const DRUM_LOOSENESS: Record<DrumKind, number> = {
  kick: LOOSENESS.kick,
  snare: LOOSENESS.snare,
  closed_hat: LOOSENESS.hats,
  open_hat: LOOSENESS.hats,
  auxiliary: LOOSENESS.auxiliary,
};

const PART_LOOSENESS: Record<Exclude<PartName, "drums">, number> = {
  bass: LOOSENESS.bass,
  chords: LOOSENESS.keys,
  pad: LOOSENESS.keys,
  arp: LOOSENESS.keys,
  lead: LOOSENESS.lead,
};

export interface Feel {
  swing: number;
  humanness: number;
  secondsPerStep: Seconds;
  /** How the style's players play (performance.ts); absent: as written. */
  performance?: PerformanceStyle;
}

export function applyFeel(notes: Note[], part: PartName, feel: Feel, rng: Rng): Note[] {
  return notes.map((note) => {
    // The time-keeper stays as tight as the kick: it is the pulse.
    const looseness = note.keeper ? LOOSENESS.kick : note.drum ? DRUM_LOOSENESS[note.drum] : PART_LOOSENESS[part as Exclude<PartName, "drums">];
    // Notes already placed between 16ths (hat rolls) keep their exact spacing; only grid notes swing.
    const swing = note.micro === 0 ? swingOffset(note.step, feel.swing) : 0;
    const pocket = feel.performance ? pocketMs(note, part, feel.performance) / 1000 / feel.secondsPerStep : 0;
    const micro = note.micro + swing + pocket + humanTimingOffset(rng, feel.humanness, looseness, feel.secondsPerStep);
    const velocity = feel.performance ? performedVelocity(note, part, feel.performance) : note.velocity;
    return { ...note, micro: Math.round(micro * 1000) / 1000, velocity: humanVelocity(rng, velocity, feel.humanness, looseness) };
  });
}
