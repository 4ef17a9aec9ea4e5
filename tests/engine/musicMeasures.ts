// Issue 23's measures of whether the engine makes music people would choose, shared by the engine tests
// and `npm run bench:styles`: a style fingerprint per song (MIDI and audio features) with a leave-one-out
// nearest-centroid classifier, the main drum pattern and its overlap between seeds, melodic resolution and
// leap recovery, and short-term loudness per section.
import { blockLoudness } from "~/engine/master/loudness";
import { secondsPerBar } from "~/engine/theory/rhythm";
import { DRUM_KINDS, STEPS_PER_BAR, STEPS_PER_SEGMENT, type Composition, type SectionKind, type StereoBuffer } from "~/engine/types";
import { OCTAVE_CENTRES_HZ, octaveBandsDb, onsetRate } from "./audioAnalysis";

const isChorus = (kind: SectionKind) => kind === "chorus" || kind === "drop";

/** Seconds from the song's start to a segment's start. */
export function segmentStartSeconds(composition: Composition, segmentIndex: number): number {
  return segmentIndex * 2 * secondsPerBar(composition.tempo);
}

/** The first chorus or drop (the song's most characteristic stretch), or the first verse when there is none. */
export function firstHookSegment(composition: Composition): number {
  const hook = composition.sections.find((section) => isChorus(section.kind)) ?? composition.sections.find((section) => section.kind === "verse");
  return hook?.startSegment ?? 0;
}

// ---------------------------------------------------------------------------------------------------------
// Style fingerprint

/** Named groups of features; each group weighs the same in the classifier, whatever its size. */
export type FeatureGroups = Record<string, number[]>;

/** Features of the notes: tempo, swing, the drum grammar, and each pitched part's density and register. */
export function midiFeatures(composition: Composition): FeatureGroups {
  const hook = composition.segments.filter((segment) => isChorus(segment.section));
  const main = hook.length > 0 ? hook : composition.segments.filter((segment) => segment.section === "verse");
  const bars = main.length * 2;
  // Drum grammar: how often each kind hits each step of the bar, over the hook's bars.
  const drumGrid = DRUM_KINDS.flatMap(() => new Array<number>(STEPS_PER_BAR).fill(0));
  for (const segment of main) {
    for (const note of segment.parts.drums ?? []) {
      const kind = DRUM_KINDS.indexOf(note.drum!);
      drumGrid[kind * STEPS_PER_BAR + (note.step % STEPS_PER_BAR)] += 1 / bars;
    }
  }
  const part = (name: "lead" | "bass" | "chords" | "pad" | "arp") => {
    const notes = main.flatMap((segment) => segment.parts[name] ?? []);
    if (notes.length === 0) return [0, 0, 0, 0];
    const pitches = notes.map((note) => note.pitch);
    const mean = pitches.reduce((a, b) => a + b, 0) / pitches.length;
    const spread = Math.sqrt(pitches.reduce((sum, pitch) => sum + (pitch - mean) ** 2, 0) / pitches.length);
    const length = notes.reduce((sum, note) => sum + note.length, 0) / notes.length;
    return [notes.length / bars, mean, spread, Math.log2(length)];
  };
  return {
    tempo: [Math.log2(composition.tempo)],
    swing: [composition.swing],
    drums: drumGrid,
    lead: part("lead"),
    bass: part("bass"),
    chords: part("chords"),
    layers: [part("pad")[0], part("arp")[0], composition.parts.includes("drums") ? 1 : 0],
  };
}

/** Features of the sound: octave-band balance, brightness and onset rate. */
export function audioFeatures(audio: StereoBuffer): FeatureGroups {
  const bandsDb = octaveBandsDb(audio);
  const energies = bandsDb.map((db) => Math.pow(10, db / 10));
  const total = energies.reduce((a, b) => a + b, 0);
  const centroid = energies.reduce((sum, energy, i) => sum + energy * OCTAVE_CENTRES_HZ[i], 0) / total;
  return {
    spectrum: energies.map((energy) => 10 * Math.log10(energy / total + 1e-12)),
    brightness: [Math.log2(centroid)],
    onsets: [onsetRate(audio)],
  };
}

export interface Labelled {
  features: FeatureGroups;
  labels: Record<string, string>;
}

/**
 * Leave-one-out nearest-centroid accuracy for each labelling: every feature is z-scored over all songs,
 * each group is scaled by 1/√size so that groups weigh alike, and each song is assigned to the nearest
 * centroid of the other songs' classes. Returns accuracy overall and per class.
 */
export function nearestCentroidAccuracy(songs: readonly Labelled[], labelling: string): { overall: number; perClass: Map<string, { correct: number; total: number; confusedWith: Map<string, number> }> } {
  const groups = Object.keys(songs[0].features);
  const flat = songs.map((song) => groups.flatMap((group) => song.features[group].map((value) => value / Math.sqrt(song.features[group].length))));
  const dims = flat[0].length;
  for (let d = 0; d < dims; d++) {
    const mean = flat.reduce((sum, row) => sum + row[d], 0) / flat.length;
    const sd = Math.sqrt(flat.reduce((sum, row) => sum + (row[d] - mean) ** 2, 0) / flat.length);
    const groupSize = songs[0].features[groupOfDim(songs[0].features, groups, d)].length;
    for (const row of flat) row[d] = sd > 1e-12 ? (row[d] - mean) / sd / Math.sqrt(groupSize) : 0;
  }
  const labels = songs.map((song) => song.labels[labelling]);
  const classes = [...new Set(labels)];
  const sums = new Map(classes.map((label) => [label, new Array<number>(dims).fill(0)]));
  const counts = new Map(classes.map((label) => [label, 0]));
  flat.forEach((row, i) => {
    const sum = sums.get(labels[i])!;
    for (let d = 0; d < dims; d++) sum[d] += row[d];
    counts.set(labels[i], counts.get(labels[i])! + 1);
  });
  const perClass = new Map(classes.map((label) => [label, { correct: 0, total: 0, confusedWith: new Map<string, number>() }]));
  let correct = 0;
  flat.forEach((row, i) => {
    let best = "", bestDistance = Infinity;
    for (const label of classes) {
      const own = label === labels[i];
      const count = counts.get(label)! - (own ? 1 : 0);
      if (count === 0) continue;
      const sum = sums.get(label)!;
      let distance = 0;
      for (let d = 0; d < dims; d++) distance += ((sum[d] - (own ? row[d] : 0)) / count - row[d]) ** 2;
      if (distance < bestDistance) {
        bestDistance = distance;
        best = label;
      }
    }
    const entry = perClass.get(labels[i])!;
    entry.total++;
    if (best === labels[i]) {
      entry.correct++;
      correct++;
    } else entry.confusedWith.set(best, (entry.confusedWith.get(best) ?? 0) + 1);
  });
  return { overall: correct / songs.length, perClass };
}

function groupOfDim(features: FeatureGroups, groups: string[], dim: number): string {
  let offset = 0;
  for (const group of groups) {
    offset += features[group].length;
    if (dim < offset) return group;
  }
  throw new Error(`dimension ${dim} out of range`);
}

// ---------------------------------------------------------------------------------------------------------
// Variety by seed

/** The main drum pattern: the set of (kind, step) cells the first chorus's (or verse's) first segment plays. */
export function mainDrumPattern(composition: Composition): Set<string> {
  const segment = composition.segments[firstHookSegment(composition)];
  // Neither the crash nor the time-keeper (the same steady pulse in every song, by design) is the pattern.
  return new Set((segment.parts.drums ?? []).filter((note) => note.pitch !== 49 && !note.keeper).map((note) => `${note.drum}:${note.step}`));
}

/** Shared cells over all cells either pattern plays (Jaccard), 0..1. */
export function patternOverlap(a: Set<string>, b: Set<string>): number {
  const union = new Set([...a, ...b]);
  if (union.size === 0) return 1;
  let shared = 0;
  for (const cell of a) if (b.has(cell)) shared++;
  return shared / union.size;
}

// ---------------------------------------------------------------------------------------------------------
// Melody

interface LineNote {
  at: number;
  pitch: number;
  length: number;
  segment: number;
}

function leadNotes(composition: Composition): LineNote[] {
  return composition.segments.flatMap((segment) =>
    (segment.parts.lead ?? []).map((note) => ({ at: segment.index * STEPS_PER_SEGMENT + note.step, pitch: note.pitch, length: note.length, segment: segment.index })),
  );
}

export interface MelodyMeasures {
  /** Sections whose lead ends (its last note) on a tone of the chord under it. */
  chordToneEndings: number;
  /** Sections whose lead ends on the key's tonic. */
  tonicEndings: number;
  sectionsWithLead: number;
  /**
   * Leaps over a fourth (> 5 semitones) between notes of one section at most a bar apart, and how many are
   * followed (within a bar) by a step of 1–2 semitones back the other way.
   */
  recoveredLeaps: number;
  leaps: number;
  /** Mean lead pitch of chorus/drop minus that of verses (semitones). */
  chorusLift: number;
  /** Share of the lead's notes off the strong beats (steps 0, 4, 8, 12) that are not chord tones. */
  nonChordToneShare: number;
  /** Lead notes per bar where the lead plays. */
  notesPerBar: number;
}

export function melodyMeasures(composition: Composition): MelodyMeasures {
  const line = leadNotes(composition);
  let chordToneEndings = 0, tonicEndings = 0, sectionsWithLead = 0;
  for (const section of composition.sections) {
    const end = (section.startSegment + section.segmentCount) * STEPS_PER_SEGMENT;
    const notes = line.filter((note) => note.at >= section.startSegment * STEPS_PER_SEGMENT && note.at < end);
    if (notes.length === 0) continue;
    sectionsWithLead++;
    const last = notes[notes.length - 1];
    const segment = composition.segments[last.segment];
    const step = last.at - segment.index * STEPS_PER_SEGMENT;
    const chord = [...segment.chords].reverse().find((event) => event.step <= step) ?? segment.chords[0];
    const tones = new Set([chord.root % 12, ...chord.pitches.map((pitch) => pitch % 12)]);
    if (tones.has(last.pitch % 12)) chordToneEndings++;
    if (last.pitch % 12 === composition.key.tonic) tonicEndings++;
  }
  // Phrases do not cross sections: the jump from a verse's last note to a chorus's first is a new start.
  const sectionOf = (note: LineNote) => composition.sections.findIndex((section) => note.segment >= section.startSegment && note.segment < section.startSegment + section.segmentCount);
  let leaps = 0, recoveredLeaps = 0;
  for (let i = 1; i < line.length - 1; i++) {
    const gapBefore = line[i].at - line[i - 1].at;
    if (gapBefore > STEPS_PER_BAR || sectionOf(line[i]) !== sectionOf(line[i - 1])) continue;
    const interval = line[i].pitch - line[i - 1].pitch;
    if (Math.abs(interval) <= 5) continue;
    leaps++;
    const next = line[i + 1].pitch - line[i].pitch;
    if (line[i + 1].at - line[i].at <= STEPS_PER_BAR && Math.abs(next) >= 1 && Math.abs(next) <= 2 && Math.sign(next) === -Math.sign(interval)) recoveredLeaps++;
  }
  const meanPitch = (kinds: SectionKind[]) => {
    const notes = line.filter((note) => kinds.includes(composition.segments[note.segment].section));
    return notes.length === 0 ? NaN : notes.reduce((sum, note) => sum + note.pitch, 0) / notes.length;
  };
  let offBeat = 0, offBeatNonChord = 0;
  for (const note of line) {
    const segment = composition.segments[note.segment];
    const step = note.at - segment.index * STEPS_PER_SEGMENT;
    if (step % 4 === 0) continue;
    offBeat++;
    const chord = [...segment.chords].reverse().find((event) => event.step <= step) ?? segment.chords[0];
    const tones = new Set([chord.root % 12, ...chord.pitches.map((pitch) => pitch % 12)]);
    if (!tones.has(note.pitch % 12)) offBeatNonChord++;
  }
  const leadSegments = new Set(line.map((note) => note.segment)).size;
  return {
    chordToneEndings,
    tonicEndings,
    sectionsWithLead,
    recoveredLeaps,
    leaps,
    chorusLift: meanPitch(["chorus", "drop"]) - meanPitch(["verse"]),
    nonChordToneShare: offBeat === 0 ? 0 : offBeatNonChord / offBeat,
    notesPerBar: leadSegments === 0 ? 0 : line.length / (leadSegments * 2),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Energy and form

/**
 * A section's loudness in LUFS: the mean energy of its 400 ms K-weighted blocks (100 ms apart), which is the
 * energy mean of the short-term (3 s) loudness over the section, ungated. `blocks` from blockLoudness().
 */
export function sectionLufs(blocks: readonly number[], fromSeconds: number, toSeconds: number): number {
  let sum = 0, count = 0;
  for (let i = Math.ceil(fromSeconds * 10); i + 4 <= Math.floor(toSeconds * 10) && i < blocks.length; i++) {
    sum += Number.isFinite(blocks[i]) ? Math.pow(10, blocks[i] / 10) : 0;
    count++;
  }
  return count === 0 ? -Infinity : 10 * Math.log10(sum / count);
}

/** Each chorus or drop's loudness over the verse before it, in LU. */
export function chorusLifts(composition: Composition, audio: StereoBuffer): { chorus: number; lift: number }[] {
  const blocks = blockLoudness(audio);
  const span = (plan: { startSegment: number; segmentCount: number }) =>
    [segmentStartSeconds(composition, plan.startSegment), segmentStartSeconds(composition, plan.startSegment + plan.segmentCount)] as const;
  const lifts: { chorus: number; lift: number }[] = [];
  composition.sections.forEach((section, i) => {
    if (!isChorus(section.kind)) return;
    const before = composition.sections.slice(0, i).reverse().find((other) => other.kind === "verse");
    if (!before) return;
    lifts.push({ chorus: i, lift: sectionLufs(blocks, ...span(section)) - sectionLufs(blocks, ...span(before)) });
  });
  return lifts;
}

/** True when two segments' notes (all parts, steps and pitches) are identical. */
export function sameNotes(composition: Composition, a: number, b: number): boolean {
  const text = (index: number) =>
    Object.entries(composition.segments[index].parts)
      .map(([part, notes]) => `${part}=${(notes ?? []).map((note) => `${note.step}:${note.pitch}`).join(",")}`)
      .sort()
      .join("|");
  return text(a) === text(b);
}
