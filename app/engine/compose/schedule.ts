// scheduleTracks(): the composition's grid notes placed in seconds, one Track per part, with the sound each
// plays. This is what the renderers consume.
import { CYMBAL_NOTES, getDrumSound, getInstrument } from "../catalogue";
import { TOM_NOTES } from "./drumPart";
import { secondsPer16th } from "../theory/rhythm";
import {
  STEPS_PER_SEGMENT,
  type Composition,
  type DrumKind,
  type DrumSound,
  type Instrument,
  type Midi,
  type PartName,
  type Production,
  type TimedNote,
  type Track,
} from "../types";

export interface SoundLookups {
  getInstrument: (id: string) => Instrument;
  getDrumSound: (id: string) => DrumSound;
}

const CATALOGUE_LOOKUPS: SoundLookups = { getInstrument, getDrumSound };
/** Cymbal accents on a synth auxiliary sound play from the Standard SoundFont kit. */
const STANDARD_KIT_PROGRAM = 0;

export function scheduleTracks(composition: Composition, production: Production, lookups: SoundLookups = CATALOGUE_LOOKUPS): Track[] {
  const secondsPerStep = secondsPer16th(composition.tempo);
  return composition.parts.map((part): Track => {
    const timed: { note: TimedNote; drum?: DrumSound["source"] }[] = [];
    for (const segment of composition.segments) {
      for (const note of segment.parts[part] ?? []) {
        const time = Math.max(0, (segment.index * STEPS_PER_SEGMENT + note.step + note.micro) * secondsPerStep);
        const drum = note.drum ? (note.keeper ? keeperSource(note.pitch, production, lookups) : drumSource(note.drum, note.pitch, production, lookups)) : undefined;
        const pitch = drum?.kind === "soundfont" ? drum.note : note.pitch;
        const timedNote: TimedNote = { time, duration: note.length * secondsPerStep, pitch, velocity: note.velocity };
        if (note.glide) timedNote.glide = true;
        timed.push({ note: timedNote, drum });
      }
    }
    timed.sort((a, b) => a.note.time - b.note.time || a.note.pitch - b.note.pitch);
    const notes = timed.map((entry) => entry.note);
    if (part === "drums") {
      return { part, source: null, notes, drumSounds: timed.map((entry) => entry.drum as DrumSound["source"]) };
    }
    return { part, source: instrumentSource(part, production, lookups), notes };
  });
}

function instrumentSource(part: PartName, production: Production, lookups: SoundLookups): Instrument["source"] {
  const id = production.instruments[part as Exclude<PartName, "drums">];
  if (!id) throw new Error(`Production ${production.id} has no instrument for ${part}`);
  return lookups.getInstrument(id).source;
}

/**
 * The sound of a drum note: the production's sound for its kind. Cymbal accents (crash, ride) written on
 * the auxiliary kind keep their own GM note, on the auxiliary sound's SoundFont kit, so a shaker kit still crashes;
 * so do the toms of a phrase-end fill (drumPart.ts addPhraseFill).
 */
function drumSource(kind: DrumKind, pitch: Midi, production: Production, lookups: SoundLookups): DrumSound["source"] {
  const source = lookups.getDrumSound(production.drums[kind]).source;
  if (kind !== "auxiliary" || !(CYMBAL_NOTES.includes(pitch) || TOM_NOTES.includes(pitch))) return source;
  const program = source.kind === "soundfont" ? source.program : STANDARD_KIT_PROGRAM;
  return { kind: "soundfont", bank: 128, program, note: pitch };
}

/**
 * The time-keeper's sound: its own GM note on the SoundFont kit the hats (else the percussion) come from, so
 * it matches the kit; the Standard kit when both are synth voices.
 */
export function keeperSource(pitch: Midi, production: Production, lookups: SoundLookups): DrumSound["source"] {
  const kit = [production.drums.closed_hat, production.drums.auxiliary].map((id) => lookups.getDrumSound(id).source).find((source) => source.kind === "soundfont");
  return { kind: "soundfont", bank: 128, program: kit?.kind === "soundfont" ? kit.program : STANDARD_KIT_PROGRAM, note: pitch };
}
