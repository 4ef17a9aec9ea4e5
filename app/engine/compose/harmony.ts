// The song's harmony: its key, the chord loop of each section, and the voiced chords of each segment.
import type { Filter } from "../catalogue";
import { chordFromNumeral, type Chord } from "../theory/chords";
import { midiOf } from "../theory/pitch";
import type { Rng } from "../theory/random";
import { isMinorMode, makeKey } from "../theory/scales";
import { voiceChord } from "../theory/voicing";
import { STEPS_PER_BAR, STEPS_PER_SEGMENT, type ChordEvent, type Key, type Midi, type Mode, type SectionKind } from "../types";
import type { Mood } from "./notesKeywords";
import type { SegmentPlan } from "./songPlan";

/** Used when the notes ask for a mood the filter has no mode for. */
const FALLBACK_PROGRESSIONS: Record<Mood, [Mode, string[][]]> = {
  dark: ["minor", [["i", "VI", "III", "VII"], ["i", "iv", "VI", "v"]]],
  bright: ["major", [["I", "V", "vi", "IV"], ["I", "IV", "vi", "V"]]],
};

/** Sections whose end resolves to the tonic: the ones the lead sings in. */
const CADENCE_SECTIONS = new Set<SectionKind>(["verse", "chorus", "drop"]);
/** The cadence takes the last half bar. */
const CADENCE_STEPS = STEPS_PER_BAR / 2;

export interface SongHarmony {
  key: Key;
  /** The chord loop each section kind plays. */
  loops: Record<SectionKind, Chord[]>;
}

export function chooseHarmony(filter: Filter, mood: Mood | undefined, rng: Rng): SongHarmony {
  const available = Object.entries(filter.progressions) as [Mode, string[][]][];
  const wanted = mood ? available.filter(([mode]) => isMinorMode(mode) === (mood === "dark")) : available;
  const [mode, progressions] = wanted.length > 0 ? rng.pick(wanted) : FALLBACK_PROGRESSIONS[mood ?? "dark"];
  const key = makeKey(rng.int(0, 11), mode);
  const verse = rng.pick(progressions);
  // The chorus prefers a different loop for contrast; the bridge starts the verse loop halfway through.
  const others = progressions.filter((progression) => progression !== verse);
  const chorus = others.length > 0 && rng.chance(0.6) ? rng.pick(others) : verse;
  const bridge = [...verse.slice(2), ...verse.slice(0, 2)];
  const realise = (numerals: string[]) => numerals.map((numeral) => chordFromNumeral(key, numeral));
  const verseChords = realise(verse);
  const chorusChords = realise(chorus);
  return {
    key,
    loops: {
      intro: chorusChords,
      verse: verseChords,
      chorus: chorusChords,
      drop: chorusChords,
      break: verseChords,
      bridge: realise(bridge),
      outro: chorusChords,
    },
  };
}

/**
 * The chord events of every segment. The loop restarts with each section and its voicings lead smoothly from
 * chord to chord; each section starts from the same centred voicing, so repeated sections sound the same.
 * The song's last bar comes home to the tonic chord, and a verse, chorus or drop ends with a half-bar cadence
 * to it (when its last chord lacks the tonic), so that the melody's last note resolves on a chord tone.
 */
export function segmentChords(segments: readonly SegmentPlan[], harmony: SongHarmony, barsPerChord: number): ChordEvent[][] {
  let previous: Midi[] | null = null;
  const tonicChord = chordFromNumeral(harmony.key, isMinorMode(harmony.key.mode) ? "i" : "I");
  return segments.map((segment, index) => {
    const loop = harmony.loops[segment.section];
    if (segment.indexInSection === 0) previous = null;
    const events: ChordEvent[] = [];
    for (let step = 0; step < STEPS_PER_SEGMENT; step += STEPS_PER_BAR) {
      const barInSection = segment.indexInSection * 2 + step / STEPS_PER_BAR;
      const finalBar = index === segments.length - 1 && step === STEPS_PER_SEGMENT - STEPS_PER_BAR;
      const chord = finalBar ? tonicChord : loop[Math.floor(barInSection / barsPerChord) % loop.length];
      const last = events[events.length - 1];
      if (last && last.numeral === chord.numeral) {
        last.length += STEPS_PER_BAR;
        continue;
      }
      const pitches = voiceChord(chord, previous);
      previous = pitches;
      events.push({ step, length: STEPS_PER_BAR, numeral: chord.numeral, symbol: chord.symbol, root: midiOf(chord.root, 2), pitches });
    }
    const sectionEnds = segment.indexInSection === segment.sectionSegments - 1 && CADENCE_SECTIONS.has(segment.section) && index !== segments.length - 1;
    const last = events[events.length - 1];
    if (sectionEnds && !last.pitches.some((pitch) => pitch % 12 === harmony.key.tonic)) {
      last.length -= CADENCE_STEPS;
      const pitches = voiceChord(tonicChord, previous);
      previous = pitches;
      events.push({ step: STEPS_PER_SEGMENT - CADENCE_STEPS, length: CADENCE_STEPS, numeral: tonicChord.numeral, symbol: tonicChord.symbol, root: midiOf(tonicChord.root, 2), pitches });
    }
    return events;
  });
}

/** The chord sounding at a step of a segment. */
export function chordAt(chords: readonly ChordEvent[], step: number): ChordEvent {
  let current = chords[0];
  for (const chord of chords) if (chord.step <= step) current = chord;
  return current;
}

/** Steps from `step` until the chord changes (or the segment ends). */
export function stepsUntilChordChange(chords: readonly ChordEvent[], step: number): number {
  const next = chords.find((chord) => chord.step > step);
  return (next ? next.step : STEPS_PER_SEGMENT) - step;
}
