// Articulations the General MIDI set has recordings for, chosen per note the way a player would: a short,
// light guitar note is palm-muted (GM 28, its own recordings), a long or hard one rings open; a short string
// note is played staccato (the fast-attack ensemble, GM 48, with the bow lifted early), a long one legato on
// the instrument's own preset. The notes themselves (composition, MIDI) are unchanged: this is how they sound.

import type { Seconds, Velocity } from "../types";

export type ArticulationName = "open" | "palm_muted" | "legato" | "staccato";

export interface Articulation {
  name: ArticulationName;
  /** The GM program (bank 0) that plays it. */
  program: number;
  /** The key is released this early (staccato: the bow leaves the string). */
  gateScale: number;
}

/** Open-string guitars that have a palm-muted sibling (nylon, steel, jazz, clean). */
const OPEN_GUITARS = new Set([24, 25, 26, 27]);
const PALM_MUTED_GUITAR = 28;
/** Bowed strings: violin, viola, cello, contrabass, tremolo-less ensembles, synth-less. */
const BOWED = new Set([40, 41, 42, 43, 48, 49]);
const STRINGS_FAST = 48;
const ENSEMBLES = new Set([48, 49]);

/** Shorter than this a note is "short": about a 16th at 100 BPM. */
export const SHORT_NOTE_SECONDS: Seconds = 0.16;
/** Light enough to mute: harder short notes are accents, played open. */
const MUTE_VELOCITY_MAX = 92;
const STACCATO_GATE = 0.6;

export function articulationFor(program: number, duration: Seconds, velocity: Velocity): Articulation | null {
  const short = duration < SHORT_NOTE_SECONDS;
  if (OPEN_GUITARS.has(program)) {
    return short && velocity <= MUTE_VELOCITY_MAX ? { name: "palm_muted", program: PALM_MUTED_GUITAR, gateScale: 1 } : { name: "open", program, gateScale: 1 };
  }
  if (BOWED.has(program)) {
    if (!short) return { name: "legato", program, gateScale: 1 };
    return { name: "staccato", program: ENSEMBLES.has(program) ? STRINGS_FAST : program, gateScale: STACCATO_GATE };
  }
  return null;
}
