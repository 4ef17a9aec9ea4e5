// From an arrangement template to concrete sections: each section starts at its minimum length and the
// flexible ones grow by a 4-bar phrase, in turn, until the song reaches about three minutes.
import type { ArrangementTemplate } from "../catalogue";
import { secondsPerBar } from "../theory/rhythm";
import { STEPS_PER_BAR, STEPS_PER_SEGMENT, type Bpm, type Seconds, type SectionPlan } from "../types";

export const TARGET_SONG_SECONDS: Seconds = 180;
/** MUSIC.md: a 2.5–3.5 minute song is about 60–100 bars; slow tempos may go a little shorter in bars. */
export const SONG_BARS = { min: 52, max: 100 } as const;
const PHRASE_BARS = 4;
const BARS_PER_SEGMENT = STEPS_PER_SEGMENT / STEPS_PER_BAR;

export function targetBars(tempo: Bpm): number {
  const bars = Math.round(TARGET_SONG_SECONDS / secondsPerBar(tempo));
  return Math.min(SONG_BARS.max, Math.max(SONG_BARS.min, bars));
}

export function fitArrangement(template: ArrangementTemplate, tempo: Bpm): SectionPlan[] {
  const bars = template.sections.map((section) => section.minBars);
  const target = targetBars(tempo);
  let total = bars.reduce((sum, length) => sum + length, 0);
  let grew = true;
  while (total < target && grew) {
    grew = false;
    for (let i = 0; i < bars.length && total < target; i++) {
      if (bars[i] + PHRASE_BARS > template.sections[i].maxBars) continue;
      bars[i] += PHRASE_BARS;
      total += PHRASE_BARS;
      grew = true;
    }
  }
  let startSegment = 0;
  return template.sections.map((section, i) => {
    const plan: SectionPlan = { kind: section.kind, startSegment, segmentCount: bars[i] / BARS_PER_SEGMENT };
    startSegment += plan.segmentCount;
    return plan;
  });
}
