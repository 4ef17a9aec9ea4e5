// compose(): song parameters in, notes out. Deterministic for a seed: every random choice comes from a stream
// derived from the seed and a label, so changing one part's density never changes another part's notes.
import { getArrangement, getFilter, getGroove, getStyleFilter, resolveTempo, type Filter } from "../catalogue";
import { clamp } from "../theory/humanize";
import { deriveSeed } from "../theory/hash";
import { createRng } from "../theory/random";
import { secondsPer16th } from "../theory/rhythm";
import type { Composition, Note, PartName, SongParams } from "../types";
import { fitArrangement } from "./arrangement";
import { writeArp } from "./arpPart";
import { writeBass } from "./bassPart";
import { writeChords } from "./chordPart";
import { writeDrums } from "./drumPart";
import { applyFeel } from "./feel";
import { performanceStyle } from "./performance";
import { chooseHarmony, segmentChords } from "./harmony";
import { compositionId } from "./ids";
import { layersFor } from "./layers";
import { writeLead } from "./leadPart";
import { readNotes } from "./notesKeywords";
import type { PartContext } from "./partContext";
import { writePad } from "./padPart";
import { planSegments } from "./songPlan";

type PartWriter = (context: PartContext) => Note[];

const WRITERS: Record<PartName, PartWriter> = {
  drums: writeDrums,
  bass: writeBass,
  chords: writeChords,
  lead: writeLead,
  pad: writePad,
  arp: writeArp,
};

/** The filter the song is composed as: a roulette filter (all_flavors) picks one of its filters by seed. */
export function resolveFilter(params: SongParams): Filter {
  const requested = getStyleFilter(params.style, params.filter);
  if (!requested.roulette) return requested;
  return getFilter(createRng(deriveSeed(params.seed, "roulette")).pick(requested.roulette));
}

export function compose(params: SongParams): Composition {
  const { seed } = params;
  const filter = resolveFilter(params);
  const nudges = readNotes(params.notes);
  const tempo = resolveTempo(filter, params.tempo, { seed: deriveSeed(seed, "tempo"), lean: nudges.tempoLean });
  const groove = getGroove(createRng(deriveSeed(seed, "groove")).pick(filter.grooves));
  const swing = filter.swing ?? groove.swing;
  const harmony = chooseHarmony(filter, nudges.mood, createRng(deriveSeed(seed, "harmony")));
  const sections = fitArrangement(getArrangement(filter.arrangement), tempo);
  const plans = planSegments(sections);
  const chordsBySegment = segmentChords(plans, harmony, filter.barsPerChord);
  const songParts = filter.parts.filter((part) => !(part === "drums" && nudges.withoutDrums));
  const intensity = clamp(params.intensity, 1, 10);
  const densityOf = (part: PartName): number => {
    const density = part === "drums" || part === "bass" || part === "chords" || part === "lead" ? params.densities[part] : params.densities.chords;
    return clamp(density * nudges.densityScale, 0, 1);
  };
  const feel = { swing, humanness: clamp(params.humanness, 0, 1), secondsPerStep: secondsPer16th(tempo), performance: performanceStyle(filter.family) };

  const segments = plans.map((segment, index) => {
    const layers = layersFor(segment, songParts, intensity);
    const chords = chordsBySegment[index];
    const parts: Partial<Record<PartName, Note[]>> = {};
    for (const part of songParts) {
      if (!layers.parts.has(part)) {
        parts[part] = [];
        continue;
      }
      const context: PartContext = { seed, filter, groove, key: harmony.key, harmony, segment, chords, intensity, density: densityOf(part), drumDensity: densityOf("drums"), drumMode: layers.drums, tempo };
      const feelRng = createRng(deriveSeed(seed, "feel", part, index));
      parts[part] = applyFeel(WRITERS[part](context), part, feel, feelRng);
    }
    return { index, section: segment.section, sectionNumber: segment.sectionNumber, chords, parts, energy: segment.energy };
  });

  return {
    id: compositionId(params, tempo),
    seed,
    style: params.style,
    filter: filter.value,
    tempo,
    swing,
    key: harmony.key,
    sections,
    segments,
    parts: songParts,
  };
}
