// Measurements of a composition "without ears" (MUSIC.md, "Checking music without ears"), used by the
// compose tests: key profile correlation, chord tones on strong beats, melodic intervals, bar similarity.
import type { ChordEvent, Composition, Note, PitchedPart } from "~/engine/types";

export const PITCHED: PitchedPart[] = ["bass", "chords", "lead", "pad", "arp"];

/** Krumhansl–Kessler key profiles, tonic first. */
const MAJOR_PROFILE = [6.35, 2.23, 3.48, 2.33, 4.38, 4.09, 2.52, 5.19, 2.39, 3.66, 2.29, 2.88];
const MINOR_PROFILE = [6.33, 2.68, 3.52, 5.38, 2.6, 3.53, 2.54, 4.75, 3.98, 2.69, 3.34, 3.17];

export interface KeyMatch {
  tonic: number;
  minor: boolean;
  correlation: number;
}

/** Duration-weighted pitch-class histogram of the pitched parts. */
export function pitchClassHistogram(composition: Composition, parts: PitchedPart[] = PITCHED): number[] {
  const histogram = new Array(12).fill(0);
  for (const segment of composition.segments) {
    for (const part of parts) for (const note of segment.parts[part] ?? []) histogram[note.pitch % 12] += note.length;
  }
  return histogram;
}

/** All 24 major and minor keys, best correlation first. */
export function rankKeys(histogram: number[]): KeyMatch[] {
  const matches: KeyMatch[] = [];
  for (let tonic = 0; tonic < 12; tonic++) {
    for (const minor of [false, true]) {
      const profile = minor ? MINOR_PROFILE : MAJOR_PROFILE;
      const rotated = histogram.map((_, pc) => histogram[(pc + tonic) % 12]);
      matches.push({ tonic, minor, correlation: pearson(rotated, profile) });
    }
  }
  return matches.sort((a, b) => b.correlation - a.correlation);
}

function pearson(a: number[], b: number[]): number {
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const ma = mean(a);
  const mb = mean(b);
  let numerator = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < a.length; i++) {
    numerator += (a[i] - ma) * (b[i] - mb);
    da += (a[i] - ma) ** 2;
    db += (b[i] - mb) ** 2;
  }
  return numerator / Math.sqrt(da * db);
}

export function chordAtStep(chords: readonly ChordEvent[], step: number): ChordEvent {
  let current = chords[0];
  for (const chord of chords) if (chord.step <= step) current = chord;
  return current;
}

/** Share of a part's notes on beats 1 and 3 (steps 0 and 8 of each bar) whose pitch class is in the chord. */
export function strongBeatChordToneShare(composition: Composition, part: PitchedPart): { share: number; count: number } {
  let inChord = 0;
  let count = 0;
  for (const segment of composition.segments) {
    for (const note of segment.parts[part] ?? []) {
      if (note.step % 8 !== 0) continue;
      const chord = chordAtStep(segment.chords, note.step);
      const pitchClasses = new Set([chord.root % 12, ...chord.pitches.map((pitch) => pitch % 12)]);
      count++;
      if (pitchClasses.has(note.pitch % 12)) inChord++;
    }
  }
  return { share: count === 0 ? 1 : inChord / count, count };
}

/** The lead as one line: notes in song order with their absolute step. */
export function leadLine(composition: Composition): { at: number; note: Note }[] {
  return composition.segments.flatMap((segment) => (segment.parts.lead ?? []).map((note) => ({ at: segment.index * 32 + note.step, note })));
}

/** Intervals in semitones between consecutive lead notes within a phrase (gaps over a bar start a new phrase). */
export function leadIntervals(composition: Composition): number[] {
  const line = leadLine(composition);
  const intervals: number[] = [];
  for (let i = 1; i < line.length; i++) {
    if (line[i].at - line[i - 1].at > 16) continue;
    intervals.push(Math.abs(line[i].note.pitch - line[i - 1].note.pitch));
  }
  return intervals;
}

/** A bar's notes as text (step and pitch only, so swing and humanness do not hide a repeat). */
export function barSignature(composition: Composition, segmentIndex: number, bar: 0 | 1, parts: PitchedPart[]): string {
  const segment = composition.segments[segmentIndex];
  return parts
    .map((part) =>
      (segment.parts[part] ?? [])
        .filter((note) => Math.floor(note.step / 16) === bar)
        .map((note) => `${note.step % 16}:${note.pitch}`)
        .join(","),
    )
    .join("|");
}

export function countNotes(composition: Composition, part: keyof Composition["segments"][number]["parts"]): number {
  return composition.segments.reduce((sum, segment) => sum + (segment.parts[part]?.length ?? 0), 0);
}
