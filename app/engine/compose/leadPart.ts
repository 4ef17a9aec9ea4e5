// The lead melody (MUSIC.md "Melody"). Each section kind has its own 4-bar phrase: motif, motif again (or a
// second motif bar), motif, answer. The phrase is realised over the section's chords: chord tones on the
// beats, scale steps in between, kept within about 1.5 octaves, the chorus lifted higher than the verse.
// Odd phrases end on the root (an answer), even ones on another chord tone (a question); a section's last
// phrase always comes home to the tonic (harmony.ts puts a tonic chord under it). A leap over a fourth is
// followed by a step back the other way. How many notes a bar holds follows the filter's lead density.
import type { Chord } from "../theory/chords";
import { chordScale, nearestChordTone } from "../theory/chordScale";
import { deriveSeed } from "../theory/hash";
import { nearestWithPitchClass } from "../theory/pitch";
import { createRng } from "../theory/random";
import { isStrongBeat } from "../theory/rhythm";
import { scalePitchClasses, stepAlongScale } from "../theory/scales";
import { STEPS_PER_BAR, type Midi, type Note, type SectionKind } from "../types";
import { velocityFor } from "./dynamics";
import { answerBar, buildMotifBar, type MotifFeel, type MotifNote } from "./motif";
import type { PartContext } from "./partContext";

const PHRASE_BARS = 4;
/** Each bar of the phrase reaches a little higher, then settles: a gentle arch. */
const ARCH_SEMITONES = [0, 2, 3, -1];
/** The melody keeps within [centre - 7, centre + 12]; with the chorus lift, the song's lead spans two octaves at most. */
const RANGE_BELOW = 7;
const RANGE_ABOVE = 12;
/** The chorus sits this much higher than the verse (MUSIC.md: lift the chorus melody). */
const CHORUS_LIFT = 7;
/** The chorus's range is narrower by this much at each end, so that verse and chorus together span two octaves. */
const CHORUS_RANGE_TRIM = 2;
/** A line more than this far from its bar's target turns back towards it (keeps the chorus above the verse). */
const GRAVITY_SEMITONES = 4;
/** A leap is anything wider than a fourth. */
const LEAP_SEMITONES = 5;
/** Longest note in 16ths; hooks are punchier. */
const MAX_LENGTH: Record<MotifFeel, number> = { hook: 3, verse: 4 };
const ANSWER_HOLD_STEPS = 4;

interface PlacedNote {
  bar: number;
  step: number;
  length: number;
  pitch: Midi;
}

export function writeLead(context: PartContext): Note[] {
  const { segment } = context;
  const feel: MotifFeel = segment.section === "chorus" || segment.section === "drop" ? "hook" : "verse";
  const firstBar = segment.indexInSection * 2;
  const phraseIndex = Math.floor(firstBar / PHRASE_BARS);
  const phrase = realisePhrase(context, feel, phraseIndex);
  const barInPhrase = firstBar % PHRASE_BARS;
  return phrase
    .filter((note) => note.bar === barInPhrase || note.bar === barInPhrase + 1)
    .map((note) => ({
      step: (note.bar - barInPhrase) * STEPS_PER_BAR + note.step,
      micro: 0,
      length: note.length,
      pitch: note.pitch,
      velocity: velocityFor(note.step % 8 === 0 ? "accent" : "normal", segment.energy, context.intensity) - 6,
    }));
}

/** Notes per motif bar: hooks 2..7, verses 2..8 at the lead density, scaled by the filter's own lead density. */
function noteCount(density: number, feel: MotifFeel, styleDensity: number): number {
  return Math.max(1, Math.round((2 + density * (feel === "hook" ? 5 : 6)) * styleDensity));
}

function phraseBars(context: PartContext, feel: MotifFeel, section: SectionKind): MotifNote[][] {
  const rhythmRng = createRng(deriveSeed(context.seed, "lead-rhythm", section));
  const moveRng = createRng(deriveSeed(context.seed, "lead-moves", section));
  const count = noteCount(context.density, feel, context.filter.lead.density ?? 1);
  const motif = buildMotifBar(rhythmRng, moveRng, count, feel, context.filter.lead.rhythm);
  const second = context.filter.lead.motifBars === 2 ? buildMotifBar(rhythmRng, moveRng, count - 1, feel) : motif;
  return [motif, second, motif, answerBar(motif)];
}

function realisePhrase(context: PartContext, feel: MotifFeel, phraseIndex: number): PlacedNote[] {
  // The phrase before (in this section) ends where this one picks up: a leap into this phrase is recovered too.
  const before = phraseIndex > 0 ? realisePhrase(context, feel, phraseIndex - 1) : [];
  const enteredFrom: Midi | null = before.length > 0 ? before[before.length - 1].pitch : null;
  const enteringInterval = before.length > 1 ? before[before.length - 1].pitch - before[before.length - 2].pitch : 0;
  const { filter, harmony, key, segment } = context;
  const bars = phraseBars(context, feel, segment.section);
  const register = filter.lead.register;
  const centre = register + (feel === "hook" ? CHORUS_LIFT : segment.section === "bridge" ? 2 : 0);
  const trim = feel === "hook" ? CHORUS_RANGE_TRIM : 0;
  const low = centre - RANGE_BELOW + trim;
  const high = centre + RANGE_ABOVE - trim;
  const lastPhrase = phraseIndex === Math.floor((segment.sectionSegments * 2 - 1) / PHRASE_BARS);
  const loop = harmony.loops[segment.section];
  const keyScale = scalePitchClasses(key);
  const placed: PlacedNote[] = [];
  let previous: Midi | null = null;
  let lastInterval = enteringInterval;
  let entered = false;
  bars.forEach((bar, barInPhrase) => {
    const barInSection = phraseIndex * PHRASE_BARS + barInPhrase;
    const chord: Chord = loop[Math.floor(barInSection / filter.barsPerChord) % loop.length];
    const scale = chordScale(keyScale, chord);
    const target = centre + ARCH_SEMITONES[barInPhrase];
    bar.forEach((note, i) => {
      let pitch: Midi;
      if (previous === null) {
        pitch = tonalChordTone(target, chord, key.tonic);
      } else {
        // Gravity: a move that would carry the line away from the bar's target is turned around.
        const drift = previous - target;
        const move = Math.abs(drift) > GRAVITY_SEMITONES && Math.sign(note.move) === Math.sign(drift) ? -note.move : note.move;
        pitch = stepAlongScale(previous, move, scale);
        if (pitch > high || pitch < low) pitch = stepAlongScale(previous, -move, scale);
      }
      // Strong beats take the nearest chord tone, so the line keeps moving; only the downbeat of a bar leans
      // on the tonic (which keeps the key clear without pinning every beat to one note).
      if (isStrongBeat(note.step)) pitch = note.step === 0 ? tonalChordTone(pitch, chord, key.tonic) : nearestChordTone(pitch, chord);
      const lastOfPhrase = barInPhrase === PHRASE_BARS - 1 && i === bar.length - 1;
      // The phrase's last note is reached from the note before it, so the cadence is no leap.
      if (lastOfPhrase) pitch = lastPhrase ? nearestWithPitchClass(key.tonic, previous ?? pitch) : cadenceNote(previous ?? pitch, chord, phraseIndex, key.tonic);
      while (pitch > high) pitch -= 12;
      while (pitch < low) pitch += 12;
      // After a leap, the line steps back the other way (a passing tone if it leaves the chord).
      const from = previous ?? (entered ? null : enteredFrom);
      if (from !== null && Math.abs(lastInterval) > LEAP_SEMITONES && !(lastOfPhrase && lastPhrase)) {
        // On a strong beat the step back prefers a chord tone a step or two away; beats 1 and 3 keep their
        // chord tone when there is none (MUSIC.md: chord tones on strong beats), beats 2 and 4 take the scale
        // step (an appoggiatura), and between the beats it is a passing tone.
        const chordStep = isStrongBeat(note.step) ? stepBackToChordTone(from, -Math.sign(lastInterval), chord) : null;
        pitch = chordStep ?? (note.step % 8 === 0 ? pitch : stepAlongScale(from, -Math.sign(lastInterval), scale));
      }
      lastInterval = from !== null ? pitch - from : 0;
      entered = true;
      const next = bar[i + 1];
      const room = (next ? next.step : STEPS_PER_BAR) - note.step;
      const length = lastOfPhrase ? Math.min(ANSWER_HOLD_STEPS, room) : Math.min(MAX_LENGTH[feel], room);
      placed.push({ bar: barInPhrase, step: note.step, length: Math.max(0.5, length - 0.15), pitch });
      previous = pitch;
    });
  });
  return placed;
}

/**
 * The chord tone for a strong beat: the nearest one, unless the key's tonic is also a chord tone within a
 * minor third, in which case the line leans on it. Melodies that keep returning to the tonic make the key
 * clear, even over loops like i–VI–III–VII that sit close to the relative major.
 */
function tonalChordTone(pitch: Midi, chord: Chord, tonic: number): Midi {
  if (!chord.pitchClasses.includes(tonic)) return nearestChordTone(pitch, chord);
  const anchored = nearestWithPitchClass(tonic, pitch);
  return Math.abs(anchored - pitch) <= 3 ? anchored : nearestChordTone(pitch, chord);
}

/** Questions end on a chord tone other than the root; answers come home, to the tonic when the chord holds it. */
function cadenceNote(pitch: Midi, chord: Chord, phraseIndex: number, tonic: number): Midi {
  const [root, ...others] = chord.pitchClasses;
  const home = chord.pitchClasses.includes(tonic) ? tonic : root;
  const wanted = phraseIndex % 2 === 1 ? home : others.find((pc) => pc !== tonic) ?? root;
  return nearestWithPitchClass(wanted, pitch);
}

/** A chord tone 1–2 semitones from `from` in `direction`, if there is one. */
function stepBackToChordTone(from: Midi, direction: number, chord: Chord): Midi | null {
  for (const distance of [1, 2]) {
    const pitch = from + direction * distance;
    if (chord.pitchClasses.includes(((pitch % 12) + 12) % 12)) return pitch;
  }
  return null;
}
