// describeComposition(): the facts about a song that the app stores and shows as its JSON description:
// tempo, key, sections and segments with their times, chords, and (given a production) the sound names.
import { getAmbientEffect, getDrumSound, getInstrument, getMixStyle } from "../catalogue";
import { secondsPer16th } from "../theory/rhythm";
import { STEPS_PER_SEGMENT, type Bpm, type Composition, type DrumKind, type PartName, type PitchedPart, type Production, type Seconds, type SectionKind } from "../types";

export interface CompositionDescription {
  compositionId: string;
  productionId?: string;
  style: string;
  filter: string;
  tempo: Bpm;
  key: string;
  swing: number;
  durationSeconds: Seconds;
  bars: number;
  parts: PartName[];
  sections: { kind: SectionKind; startSeconds: Seconds; endSeconds: Seconds; bars: number }[];
  segments: { index: number; section: SectionKind; startSeconds: Seconds; endSeconds: Seconds; energy: number; chords: string[] }[];
  instruments?: Partial<Record<PitchedPart, string>>;
  drums?: Partial<Record<DrumKind, string>>;
  mix?: string;
  sfx?: string;
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

export function describeComposition(composition: Composition, production?: Production): CompositionDescription {
  const segmentSeconds = secondsPer16th(composition.tempo) * STEPS_PER_SEGMENT;
  const description: CompositionDescription = {
    compositionId: composition.id,
    style: composition.style,
    filter: composition.filter,
    tempo: composition.tempo,
    key: composition.key.name,
    swing: composition.swing,
    durationSeconds: round(composition.segments.length * segmentSeconds),
    bars: composition.segments.length * 2,
    parts: composition.parts,
    sections: composition.sections.map((section) => ({
      kind: section.kind,
      startSeconds: round(section.startSegment * segmentSeconds),
      endSeconds: round((section.startSegment + section.segmentCount) * segmentSeconds),
      bars: section.segmentCount * 2,
    })),
    segments: composition.segments.map((segment) => ({
      index: segment.index,
      section: segment.section,
      startSeconds: round(segment.index * segmentSeconds),
      endSeconds: round((segment.index + 1) * segmentSeconds),
      energy: segment.energy,
      chords: segment.chords.map((chord) => chord.symbol),
    })),
  };
  if (!production) return description;
  const instruments: Partial<Record<PitchedPart, string>> = {};
  for (const [part, id] of Object.entries(production.instruments) as [PitchedPart, string][]) instruments[part] = getInstrument(id).name;
  const drums: Partial<Record<DrumKind, string>> = {};
  for (const [kind, id] of Object.entries(production.drums) as [DrumKind, string][]) drums[kind] = getDrumSound(id).name;
  return {
    ...description,
    productionId: production.id,
    instruments,
    drums,
    mix: getMixStyle(production.mix).name,
    sfx: getAmbientEffect(production.sfx).name,
  };
}
