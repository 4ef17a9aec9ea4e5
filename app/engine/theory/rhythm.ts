// Rhythms written as step strings, one character per 16th (MUSIC.md's step 1 is character 0):
//   X accent   x hit   o optional hit (kept when the part's density is high enough)   g ghost (optional, soft)
//   - holds the previous hit one more 16th   . rest
// A 16-character pattern is one bar and repeats to fill a 32-step segment; 32 characters give two bars.
import { STEPS_PER_BAR, STEPS_PER_SEGMENT, type Bpm, type Seconds, type Step } from "../types";

export type HitWeight = "accent" | "normal" | "ghost";

export interface RhythmHit {
  step: Step;
  /** In 16ths: 1 plus the holds after it. */
  length: number;
  weight: HitWeight;
  /** Optional hits come and go with density. */
  optional: boolean;
}

export function parseRhythm(pattern: string): RhythmHit[] {
  if (pattern.length !== STEPS_PER_BAR && pattern.length !== STEPS_PER_SEGMENT) {
    throw new Error(`A rhythm has 16 or 32 steps, got ${pattern.length}: "${pattern}"`);
  }
  const full = pattern.length === STEPS_PER_BAR ? pattern + pattern : pattern;
  const hits: RhythmHit[] = [];
  for (let step = 0; step < full.length; step++) {
    const symbol = full[step];
    if (symbol === "-") {
      if (hits.length > 0) hits[hits.length - 1].length += 1;
      continue;
    }
    if (symbol === ".") continue;
    if (!"Xxog".includes(symbol)) throw new Error(`Unknown rhythm symbol "${symbol}" in "${pattern}"`);
    hits.push({
      step,
      length: 1,
      weight: symbol === "X" ? "accent" : symbol === "g" ? "ghost" : "normal",
      optional: symbol === "o" || symbol === "g",
    });
  }
  return hits;
}

/** Any quarter-note beat: where melody and bass should sit on chord tones. */
export function isStrongBeat(step: Step): boolean {
  return step % 4 === 0;
}

export function secondsPer16th(tempo: Bpm): Seconds {
  return 60 / tempo / 4;
}

export function secondsPerBar(tempo: Bpm): Seconds {
  return secondsPer16th(tempo) * STEPS_PER_BAR;
}
