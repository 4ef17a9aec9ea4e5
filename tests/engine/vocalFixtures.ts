// Simple hand-written lyrics laid over a composition's sections, for the singing tests and bench: one
// line per 2-bar segment of every verse, chorus, bridge and drop, starting on the segment's downbeat.
import type { Composition } from "~/engine/types";
import { STEPS_PER_SEGMENT } from "~/engine/types";
import type { LyricsInput } from "~/engine/vocals/melody";

const LINES: Record<string, string[]> = {
  verse: ["walking through the city light", "every shadow falls behind", "I can hear the river call", "holding on to what we find"],
  chorus: ["we are running to the sun", "never stop until we are done", "hold me closer sing along", "all the night we carry on"],
  bridge: ["slowly now the morning comes", "open up your heart and see"],
};

const SUNG: Record<string, keyof typeof LINES> = { verse: "verse", chorus: "chorus", drop: "chorus", bridge: "bridge" };

/** Lyrics for the sung sections of the composition; the limits keep tests short. */
export function fixtureLyrics(composition: Composition, { maxLines = Infinity, linesPerSection = Infinity } = {}): LyricsInput {
  const segmentSeconds = (60 / composition.tempo / 4) * STEPS_PER_SEGMENT;
  const sections: LyricsInput["sections"] = [];
  let count = 0;
  for (const section of composition.sections) {
    const kind = SUNG[section.kind];
    if (!kind || count >= maxLines) continue;
    const lines = [];
    for (let segment = 0; segment < Math.min(section.segmentCount, linesPerSection) && count < maxLines; segment++, count++) {
      const start = (section.startSegment + segment) * segmentSeconds;
      const value = LINES[kind][segment % LINES[kind].length];
      lines.push({ value, timing: { start, end: start + segmentSeconds }, syllableTarget: 8 });
    }
    sections.push({ type: kind, lines });
  }
  return { sections, language: "en", prompt: "a night drive" };
}
