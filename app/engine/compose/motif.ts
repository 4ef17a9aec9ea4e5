// A one-bar melodic motif: where its notes fall (rhythm) and how each moves from the last (in scale steps).
// The rhythm favours strong beats; more density adds notes without moving the ones already there, so a
// denser song keeps the same hook with extra notes around it.
import type { LeadRhythm } from "../catalogue/types";
import type { Rng } from "../theory/random";
import { STEPS_PER_BAR, type Step } from "../types";

export interface MotifNote {
  /** 0..15 within the bar. */
  step: Step;
  /** Scale steps from the previous note; the realiser turns this into a pitch over the current chord. */
  move: number;
}

export type MotifFeel = "hook" | "verse";

/** How strongly each 16th of the bar attracts a note. Hooks stay on 8ths; verses use more 16ths, like speech. */
const METRIC_WEIGHT: Record<MotifFeel, number[]> = {
  hook: [3, 0.1, 1.2, 0.3, 2, 0.1, 1.2, 0.3, 2.5, 0.1, 1.2, 0.3, 2, 0.1, 1, 0.2],
  verse: [2, 0.5, 1, 0.7, 1.5, 0.5, 1, 0.7, 1.8, 0.5, 1, 0.7, 1.5, 0.5, 1, 0.4],
};

/** Filter-specific rhythms: an EDM riff leans on 16th syncopations, an offbeat line (reggae, dembow) on the "ands". */
const RHYTHM_WEIGHT: Record<LeadRhythm, number[]> = {
  riff: [3, 0.4, 1.6, 1.4, 0.6, 0.4, 1.6, 1.2, 2.2, 0.4, 1.6, 1.4, 0.6, 1.2, 1.6, 0.4],
  offbeat: [1.2, 0.2, 2.5, 0.3, 0.8, 0.2, 2.5, 0.3, 1.2, 0.2, 2.5, 0.3, 0.8, 0.2, 2.5, 0.3],
};

/** Mostly steps, some repeats, occasional leaps (MUSIC.md: stepwise motion with an occasional leap). */
const MOVES = [-2, -1, 0, 1, 2, -3, 3, -4, 4];
const MOVE_WEIGHTS = [2, 4, 1.5, 4, 2, 0.5, 0.5, 0.25, 0.25];

export function buildMotifBar(rhythmRng: Rng, moveRng: Rng, noteCount: number, feel: MotifFeel, rhythm?: LeadRhythm): MotifNote[] {
  const weights = rhythm ? RHYTHM_WEIGHT[rhythm] : METRIC_WEIGHT[feel];
  // Every step draws its priority, whatever the note count, so the chosen steps nest as density grows.
  const priorities = weights.map((weight) => weight * (0.5 + rhythmRng.next()));
  const steps = [...Array(STEPS_PER_BAR).keys()]
    .sort((a, b) => priorities[b] - priorities[a])
    .slice(0, Math.max(1, Math.min(STEPS_PER_BAR, noteCount)))
    .sort((a, b) => a - b);
  let previousMove = 0;
  return steps.map((step) => {
    // After a leap, step back the other way.
    const move = Math.abs(previousMove) >= 3 ? -Math.sign(previousMove) : moveRng.weighted(MOVES, MOVE_WEIGHTS);
    previousMove = move;
    return { step, move };
  });
}

/** The answer to a motif: its first half, then one held note on beat 3 and a rest, so the phrase breathes. */
export function answerBar(motif: readonly MotifNote[]): MotifNote[] {
  const firstHalf = motif.filter((note) => note.step < STEPS_PER_BAR / 2);
  return [...firstHalf, { step: STEPS_PER_BAR / 2, move: -1 }];
}
