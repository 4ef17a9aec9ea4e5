// Where the vocal phrases of a composition are and how many syllables each can carry. The lead part is the
// melody a singer follows, so a phrase's syllable target is the lead's note count under it (one syllable per
// note), clamped to 4..12; without lead notes the target comes from the phrase's length at a relaxed
// 1.5 syllables per second. Lyric timing and syllable limits are fitted to this plan.
import { secondsPer16th } from "../theory/rhythm";
import { STEPS_PER_SEGMENT, type Composition, type Seconds, type SectionKind, type Segment } from "../types";
import type { LyricsSectionType, Phrase, PhrasePlan, PlannedSection } from "./types";

export const MIN_SYLLABLE_TARGET = 4;
export const MAX_SYLLABLE_TARGET = 12;
/** Faster than this a sung line turns into a patter nobody can follow. */
const MAX_SYLLABLES_PER_SECOND = 6;
const RELAXED_SYLLABLES_PER_SECOND = 1.5;

/** Lines per section: a line per segment (2 bars) where the voice leads, one per 4 bars in breaks and outros. */
const SECTION_SHAPE: Record<SectionKind, { type: LyricsSectionType; segmentsPerLine: number; maxLines: number } | null> = {
  intro: null,
  verse: { type: "verse", segmentsPerLine: 1, maxLines: 8 },
  chorus: { type: "chorus", segmentsPerLine: 1, maxLines: 8 },
  drop: { type: "chorus", segmentsPerLine: 1, maxLines: 8 },
  bridge: { type: "bridge", segmentsPerLine: 1, maxLines: 4 },
  break: { type: "bridge", segmentsPerLine: 2, maxLines: 2 },
  outro: { type: "outro", segmentsPerLine: 2, maxLines: 2 },
};

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

function phraseOver(segments: Segment[], stepSeconds: Seconds): Phrase {
  const first = segments[0].index;
  const windowStart = first * STEPS_PER_SEGMENT * stepSeconds;
  const windowEnd = (first + segments.length) * STEPS_PER_SEGMENT * stepSeconds;
  const onsets: { start: Seconds; end: Seconds }[] = [];
  for (const segment of segments) {
    for (const note of segment.parts.lead ?? []) {
      const start = Math.max(windowStart, (segment.index * STEPS_PER_SEGMENT + note.step + note.micro) * stepSeconds);
      onsets.push({ start, end: Math.min(windowEnd, start + note.length * stepSeconds) });
    }
  }
  const start = onsets.length ? Math.min(...onsets.map((onset) => onset.start)) : windowStart;
  const end = onsets.length ? Math.max(...onsets.map((onset) => onset.end)) : windowEnd;
  const seconds = Math.max(end - start, stepSeconds);
  const wanted = onsets.length >= MIN_SYLLABLE_TARGET ? onsets.length : Math.round((windowEnd - windowStart) * RELAXED_SYLLABLES_PER_SECOND);
  const fits = Math.max(MIN_SYLLABLE_TARGET, Math.floor(seconds * MAX_SYLLABLES_PER_SECOND));
  const syllableTarget = clamp(Math.min(wanted, fits), MIN_SYLLABLE_TARGET, MAX_SYLLABLE_TARGET);
  const syllableLimit = Math.max(syllableTarget, Math.min(fits, Math.max(syllableTarget + 2, Math.ceil(syllableTarget * 1.25))));
  return { start: round(start), end: round(end), syllableTarget, syllableLimit, segment: first };
}

const round = (seconds: Seconds) => Math.round(seconds * 1000) / 1000;

/** The vocal phrases of each section of the composition. */
export function phrasePlan(composition: Composition): PhrasePlan {
  const stepSeconds = secondsPer16th(composition.tempo);
  const occurrences = new Map<LyricsSectionType, number>();
  const sections: PlannedSection[] = [];
  const add = (type: LyricsSectionType, segments: Segment[], segmentsPerLine: number, maxLines: number) => {
    const phrases: Phrase[] = [];
    for (let i = 0; i < segments.length && phrases.length < maxLines; i += segmentsPerLine) {
      phrases.push(phraseOver(segments.slice(i, i + segmentsPerLine), stepSeconds));
    }
    if (phrases.length === 0) return;
    const occurrence = occurrences.get(type) ?? 0;
    occurrences.set(type, occurrence + 1);
    const first = segments[0].index;
    const start = first * STEPS_PER_SEGMENT * stepSeconds;
    sections.push({ type, occurrence, start: round(start), end: round(start + segments.length * STEPS_PER_SEGMENT * stepSeconds), phrases });
  };

  composition.sections.forEach((section, index) => {
    const shape = SECTION_SHAPE[section.kind];
    if (!shape) return;
    const segments = composition.segments.slice(section.startSegment, section.startSegment + section.segmentCount);
    if (segments.length === 0) return;
    const next = composition.sections[index + 1]?.kind;
    // A long verse that runs into a chorus hands its last 4 bars to a pre-chorus that builds into it.
    if (section.kind === "verse" && segments.length >= 6 && (next === "chorus" || next === "drop")) {
      add("verse", segments.slice(0, -2), 1, shape.maxLines);
      add("pre_chorus", segments.slice(-2), 1, 2);
    } else {
      add(shape.type, segments, shape.segmentsPerLine, shape.maxLines);
    }
  });

  shareChorusTargets(sections);
  return { tempo: composition.tempo, durationSeconds: round(composition.segments.length * STEPS_PER_SEGMENT * stepSeconds), sections };
}

/**
 * The chorus is sung with the same words every time, so its line n gets the smallest target and limit of
 * line n across all choruses: the words then fit each of them.
 */
function shareChorusTargets(sections: PlannedSection[]): void {
  const choruses = sections.filter((section) => section.type === "chorus");
  const longest = Math.max(0, ...choruses.map((section) => section.phrases.length));
  for (let line = 0; line < longest; line++) {
    const phrases = choruses.map((section) => section.phrases[line]).filter((phrase): phrase is Phrase => Boolean(phrase));
    const target = Math.min(...phrases.map((phrase) => phrase.syllableTarget));
    const limit = Math.min(...phrases.map((phrase) => phrase.syllableLimit));
    for (const phrase of phrases) {
      phrase.syllableTarget = target;
      phrase.syllableLimit = Math.max(target, limit);
    }
  }
}
