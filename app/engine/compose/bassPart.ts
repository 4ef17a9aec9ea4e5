// The bass part (MUSIC.md "Bass"): the root on each chord change, octaves and fifths on the other hits, an
// approach note before a change. Four ways of writing it: the groove's rhythm, an 808 locked to the kick with
// glides, a walking line, or a drone holding each chord's root.
import { deriveSeed } from "../theory/hash";
import { nearestWithPitchClass, pitchClass } from "../theory/pitch";
import { createRng, type Rng } from "../theory/random";
import { isStrongBeat, parseRhythm, type RhythmHit } from "../theory/rhythm";
import { scalePitchClasses } from "../theory/scales";
import { STEPS_PER_SEGMENT, type ChordEvent, type Midi, type Note } from "../types";
import { grooveHits } from "./drumPart";
import { velocityFor } from "./dynamics";
import { chordAt, stepsUntilChordChange } from "./harmony";
import type { PartContext } from "./partContext";

/** Bass roots sit around E2 (40); 808s a little lower, around C2 (36). */
const BASS_CENTRE: Midi = 40;
const SUB_CENTRE: Midi = 36;

export function writeBass(context: PartContext): Note[] {
  const rng = createRng(deriveSeed(context.seed, "bass", context.segment.section));
  switch (context.filter.bass) {
    case "pattern":
      return patternBass(context, rng, false);
    case "808":
      return patternBass(context, rng, true);
    case "walking":
      return walkingBass(context, rng);
    case "drone":
      return droneBass(context);
  }
}

function rootPitch(chord: ChordEvent, centre: Midi): Midi {
  return nearestWithPitchClass(pitchClass(chord.root), centre);
}

/**
 * Hits from the groove's bass rhythm; optional hits survive with the bass density. An 808 locks to the
 * kick instead (MUSIC.md), adding only the bass rhythm's optional hits.
 */
function rhythmHits(context: PartContext, rng: Rng, sub808: boolean): RhythmHit[] {
  const kept = parseRhythm(context.groove.bass).filter((hit) => {
    const keep = rng.next() < context.density;
    return sub808 ? hit.optional && keep : !hit.optional || keep;
  });
  if (!sub808) return kept;
  const kicks = grooveHits(context, "kick");
  return [...kicks, ...kept.filter((hit) => !kicks.some((kick) => kick.step === hit.step))].sort((a, b) => a.step - b.step);
}

/** Below this density the bass only plays each chord's first hit. */
const ROOTS_ONLY_BELOW_DENSITY = 0.2;

function patternBass(context: PartContext, rng: Rng, sub808: boolean): Note[] {
  const { chords, segment, intensity } = context;
  const isFirstOfChord = (hit: RhythmHit, i: number, all: RhythmHit[]) => i === 0 || chordAt(chords, all[i - 1].step) !== chordAt(chords, hit.step);
  const rhythm = rhythmHits(context, rng, sub808);
  const hits = context.density < ROOTS_ONLY_BELOW_DENSITY ? rhythm.filter(isFirstOfChord) : rhythm;
  const notes: Note[] = [];
  hits.forEach((hit, i) => {
    const chord = chordAt(chords, hit.step);
    const root = rootPitch(chord, sub808 ? SUB_CENTRE : BASS_CENTRE);
    const untilChange = stepsUntilChordChange(chords, hit.step);
    const nextHit = hits[i + 1];
    const firstOfChord = isFirstOfChord(hit, i, hits);
    const roll = rng.next();
    let pitch = root;
    if (!firstOfChord) {
      // Octave jumps and fifths keep a repeated root moving; both are chord tones.
      if (roll < 0.2 + 0.2 * context.density) pitch = root + 12;
      else if (roll < 0.35 + 0.25 * context.density && !sub808) pitch = root + 7;
    }
    const lastBeforeChange = untilChange <= hit.length && chords.some((next) => next.step === hit.step + untilChange);
    if (lastBeforeChange && !isStrongBeat(hit.step) && !firstOfChord && context.density >= 0.4) {
      // An approach note a scale step away from the next root.
      const nextChord = chordAt(chords, hit.step + untilChange);
      pitch = approachNote(rootPitch(nextChord, sub808 ? SUB_CENTRE : BASS_CENTRE), context, rng);
    }
    // 808s ring until the next hit; other basses keep the pattern's note length.
    const room = Math.min(untilChange, (nextHit ? nextHit.step : STEPS_PER_SEGMENT) - hit.step);
    const length = sub808 ? room : Math.min(hit.length, room);
    notes.push({ step: hit.step, micro: 0, length: Math.max(0.5, length - 0.1), pitch, velocity: velocityFor(hit.weight, segment.energy, intensity) });
  });
  if (sub808) markGlides(notes);
  return notes;
}

function approachNote(target: Midi, context: PartContext, rng: Rng): Midi {
  const scale = scalePitchClasses(context.key);
  const below = [target - 1, target - 2].find((pitch) => scale.includes(pitchClass(pitch))) ?? target - 1;
  const above = [target + 1, target + 2].find((pitch) => scale.includes(pitchClass(pitch))) ?? target + 1;
  return rng.chance(0.6) ? below : above;
}

/** An 808 slides when it changes pitch straight out of the previous note (MUSIC.md: portamento). */
function markGlides(notes: Note[]): void {
  for (let i = 1; i < notes.length; i++) {
    const previous = notes[i - 1];
    const legato = previous.step + previous.length + 0.2 >= notes[i].step;
    if (legato && previous.pitch !== notes[i].pitch) notes[i].glide = true;
  }
}

/** Quarter notes: root, a chord tone, the fifth, then a step towards the next chord's root. */
function walkingBass(context: PartContext, rng: Rng): Note[] {
  const { chords, segment, intensity } = context;
  const stepsPerNote = context.density < 0.3 ? 8 : 4;
  const notes: Note[] = [];
  for (let step = 0; step < STEPS_PER_SEGMENT; step += stepsPerNote) {
    const chord = chordAt(chords, step);
    const root = rootPitch(chord, BASS_CENTRE);
    const untilChange = stepsUntilChordChange(chords, step);
    let pitch: Midi;
    if (step === chord.step) pitch = root;
    else if (untilChange <= stepsPerNote && step + untilChange < STEPS_PER_SEGMENT) {
      pitch = approachNote(rootPitch(chordAt(chords, step + untilChange), BASS_CENTRE), context, rng);
    } else {
      const tones = chord.pitches.map((tone) => nearestWithPitchClass(pitchClass(tone), root + 5));
      pitch = rng.pick([...tones, root + 7]);
    }
    notes.push({ step, micro: 0, length: stepsPerNote - 0.5, pitch, velocity: velocityFor("normal", segment.energy, intensity) });
  }
  return notes;
}

/** Each chord's root held for the chord's whole length: a pedal under ambient pads. */
function droneBass(context: PartContext): Note[] {
  return context.chords.map((chord) => ({
    step: chord.step,
    micro: 0,
    length: chord.length,
    pitch: rootPitch(chord, BASS_CENTRE),
    velocity: velocityFor("normal", context.segment.energy * 0.7, context.intensity),
  }));
}
