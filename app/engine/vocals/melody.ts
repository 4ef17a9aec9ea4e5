// The vocal melody: one note per syllable of each lyric line, on the 16th grid inside the line's timing,
// fitted to the song's chords (MUSIC.md, "Melody"): chord tones on the beats, steps of the chord's scale
// between them, an arch that rises through the line and falls to a longer last note, a chorus sitting
// higher than a verse, and a breath before the next line.
import { chordScale } from "../theory/chordScale";
import type { Chord } from "../theory/chords";
import { deriveSeed } from "../theory/hash";
import { pitchClass } from "../theory/pitch";
import { createRng, type Rng } from "../theory/random";
import { scalePitchClasses } from "../theory/scales";
import type { Composition, Midi, Seconds } from "../types";
import { STEPS_PER_SEGMENT } from "../types";
import { VocalInputError } from "./inputError";
import { syllabifyLine, type Syllable } from "./syllabify";

/** The lyrics shape the lyrics generator produces (only what singing needs). */
export interface LyricLine {
  value: string;
  timing: { start: Seconds; end: Seconds };
  syllableTarget?: number;
}
export interface LyricsInput {
  sections: { type: string; lines: LyricLine[] }[];
  language?: string;
  prompt?: string;
}

export interface VocalNote {
  syllable: string;
  word: string;
  /** espeak-ng phoneme mnemonics ("" when the word is sung from its spelling). */
  phonemes: string;
  startSeconds: Seconds;
  durationSeconds: Seconds;
  midi: Midi;
  /** Absolute 16th step of the start (0 = the song's first step). */
  step: number;
  /** Length in 16ths. */
  steps: number;
  /** Which lyric line (counted through the whole song) the note sings. */
  line: number;
}

export interface VocalMelody {
  notes: VocalNote[];
  /** The range the melody was written in; singVocal moves it by octaves into the voice's range. */
  range: [Midi, Midi];
}

export interface VocalMelodyInput {
  composition: Composition;
  lyrics: LyricsInput;
  seed: number;
  /** Default A3..D5: a comfortable middle that any voice reaches by an octave shift. */
  range?: [Midi, Midi];
}

export const DEFAULT_MELODY_RANGE: [Midi, Midi] = [57, 74];

/** The chord sounding at an absolute step, as pitch classes, and the scale a melody uses over it. */
export function harmonyAt(composition: Composition, step: number): { chordTones: number[]; scale: number[] } {
  const keyScale = scalePitchClasses(composition.key);
  const segment = composition.segments[Math.min(composition.segments.length - 1, Math.max(0, Math.floor(step / STEPS_PER_SEGMENT)))];
  const within = step - segment.index * STEPS_PER_SEGMENT;
  const events = segment?.chords ?? [];
  const event = events.find((chord) => within >= chord.step && within < chord.step + chord.length) ?? [...events].reverse().find((chord) => chord.step <= within) ?? events[0];
  // Without a chord (a drums-only intro) the tonic triad is the harmony.
  const chordTones = event
    ? [...new Set([pitchClass(event.root), ...event.pitches.map(pitchClass)])]
    : [keyScale[0], keyScale[2], keyScale[4]];
  const chord: Chord = { numeral: event?.numeral ?? "I", root: chordTones[0], intervals: chordTones.map((tone) => pitchClass(tone - chordTones[0])), pitchClasses: chordTones, symbol: event?.symbol ?? "" };
  return { chordTones, scale: chordScale(keyScale, chord) };
}

function nearestIn(target: number, pitchClasses: readonly number[], low: Midi, high: Midi): Midi {
  let best = low;
  let bestDistance = Infinity;
  for (let pitch = low; pitch <= high; pitch++) {
    if (!pitchClasses.includes(pitchClass(pitch))) continue;
    const distance = Math.abs(pitch - target);
    if (distance < bestDistance) {
      best = pitch;
      bestDistance = distance;
    }
  }
  return best;
}

/** Moves `degrees` scale steps from `from` (snapped into the scale first), staying inside the range. */
function stepInScale(from: Midi, degrees: number, scale: readonly number[], low: Midi, high: Midi): Midi {
  let pitch = nearestIn(from, scale, low, high);
  const direction = Math.sign(degrees);
  for (let moved = 0; moved < Math.abs(degrees); moved++) {
    let next = pitch + direction;
    while (next >= low && next <= high && !scale.includes(pitchClass(next))) next += direction;
    if (next < low || next > high) break;
    pitch = next;
  }
  return pitch;
}

/**
 * Where each syllable starts and how long it is (16ths from the line's start), for syllables in
 * `available` steps: even units, a long last note, a breath before the next line. Stressed syllables
 * are pulled onto the beat (MUSIC.md: stressed syllables on strong beats): a line that opens unstressed
 * starts as a pickup one unit late, and spare time lengthens the syllable before a stressed one that
 * would otherwise fall off the beat.
 */
function rhythm(stressed: readonly boolean[], available: number, rng: Rng): { offset: number; lengths: number[] } {
  const count = stressed.length;
  // Leave a 16th to breathe before the next line when there is room.
  const usable = available > count ? available - 1 : available;
  const unit = [4, 2, 1].find((candidate) => count * candidate <= usable) ?? 1;
  const lengths = new Array<number>(count).fill(unit);
  let slack = Math.max(0, usable - count * unit);
  let offset = 0;
  if (count > 1 && !stressed[0] && stressed[1] && unit < 4 && slack >= unit) {
    offset = unit;
    slack -= unit;
  }
  const lastExtra = Math.min(slack, Math.max(unit, 4) * 2);
  lengths[count - 1] += lastExtra;
  slack -= lastExtra;
  const half = Math.max(1, unit / 2);
  // First put stressed syllables that fall off the beat onto it, by lengthening the note before them.
  let position = offset;
  for (let index = 0; index < count - 1 && slack > 0; index++) {
    position += lengths[index];
    const toBeat = (4 - (position % 4)) % 4;
    if (stressed[index + 1] && toBeat > 0 && toBeat <= slack && lengths[index] + toBeat <= unit * 2) {
      lengths[index] += toBeat;
      slack -= toBeat;
      position += toBeat;
    }
  }
  // Dotted pairs (long-short) on a stressed then unstressed syllable: a lilt that keeps the beats in place.
  for (let index = 0; index + 2 < count; index++) {
    if (stressed[index] && !stressed[index + 1] && lengths[index + 1] === unit && unit >= 2 && rng.chance(0.35)) {
      lengths[index] += half;
      lengths[index + 1] -= half;
      index++;
    }
  }
  // What is left holds the last note longer, so the line fills its phrase.
  lengths[count - 1] += slack;
  return { offset, lengths };
}

/** Shape of the line: rises to a peak about two thirds through, then falls. 0..1. */
function arch(position: number): number {
  return position <= 0.65 ? Math.sin((position / 0.65) * (Math.PI / 2)) : Math.cos(((position - 0.65) / 0.35) * (Math.PI / 2));
}

const SECTION_HEIGHT: Record<string, number> = { chorus: 0.62, hook: 0.62, bridge: 0.52, pre_chorus: 0.5, verse: 0.38, intro: 0.4, outro: 0.4 };

function checkInput({ lyrics, range }: { lyrics: LyricsInput; range: [Midi, Midi] }): void {
  if (!lyrics || !Array.isArray(lyrics.sections)) throw new VocalInputError("lyrics.sections", "must be a list of sections");
  lyrics.sections.forEach((section, sectionIndex) => {
    if (!Array.isArray(section?.lines)) throw new VocalInputError(`lyrics.sections[${sectionIndex}].lines`, "must be a list of lines");
    section.lines.forEach((line, lineIndex) => {
      const field = `lyrics.sections[${sectionIndex}].lines[${lineIndex}]`;
      if (typeof line?.value !== "string") throw new VocalInputError(`${field}.value`, "must be text");
      const { start, end } = line.timing ?? {};
      if (!Number.isFinite(start) || !Number.isFinite(end) || start < 0 || end <= start) {
        throw new VocalInputError(`${field}.timing`, `must have 0 <= start < end in seconds, got ${JSON.stringify(line.timing)}`);
      }
    });
  });
  const [low, high] = range;
  if (!Number.isInteger(low) || !Number.isInteger(high) || low < 24 || high > 108 || high - low < 7) {
    throw new VocalInputError("range", `must be two MIDI notes 24..108 at least 7 semitones apart, got ${JSON.stringify(range)}`);
  }
}

/** Notes for the lyrics; lines outside the song or without syllables get none. */
export function writeVocalMelody({ composition, lyrics, seed, range = DEFAULT_MELODY_RANGE }: VocalMelodyInput): VocalMelody {
  checkInput({ lyrics, range });
  const [low, high] = range;
  const span = high - low;
  const secondsPerStep = 60 / composition.tempo / 4;
  const songSteps = composition.segments.length * STEPS_PER_SEGMENT;
  const notes: VocalNote[] = [];
  let lineNumber = 0;
  for (const section of lyrics.sections) {
    const sectionKind = section.type.toLowerCase().replace(/[^a-z]+/g, "_").replace(/_?\d+$/, "");
    section.lines.forEach((line, lineInSection) => {
      const thisLine = lineNumber++;
      let syllables: Syllable[] = syllabifyLine(line.value);
      const startStep = Math.max(0, Math.ceil(line.timing.start / secondsPerStep - 1e-6));
      const endStep = Math.min(songSteps, Math.floor(line.timing.end / secondsPerStep + 1e-6));
      const available = endStep - startStep;
      if (syllables.length === 0 || available <= 0) return;
      if (syllables.length > available) {
        // More syllables than 16ths: the extra ones are sung on the last note.
        const extra = syllables.slice(available - 1);
        syllables = [
          ...syllables.slice(0, available - 1),
          { text: extra.map((s) => s.text).join(""), word: extra[0].word, phonemes: extra.every((s) => s.phonemes) ? extra.map((s) => s.phonemes).join("") : "", stressed: extra.some((s) => s.stressed) },
        ];
      }
      // The same line in the same kind of section gets the same tune: choruses repeat.
      const rng = createRng(deriveSeed(seed, "vocal", sectionKind, lineInSection % 4, line.value.toLowerCase()));
      const { offset, lengths } = rhythm(syllables.map((syllable) => syllable.stressed), available, rng);
      const height = SECTION_HEIGHT[sectionKind] ?? 0.45;
      const centre = low + span * height;
      const lift = 3 + rng.int(0, 3);
      let previous: Midi | null = null;
      let step = startStep + offset;
      syllables.forEach((syllable, index) => {
        const position = syllables.length === 1 ? 0.5 : index / (syllables.length - 1);
        const last = index === syllables.length - 1;
        const target = last ? centre - 2 : centre - 2 + arch(position) * lift;
        const { chordTones, scale } = harmonyAt(composition, step);
        let midi: Midi;
        if (step % 4 === 0 || previous === null || last) {
          // On a beat (and at the ends of a line): the chord tone nearest the contour, near the last note.
          const aim = previous === null ? target : (target + previous) / 2;
          midi = nearestIn(aim, chordTones, low, high);
        } else {
          const direction = target > previous + 0.5 ? 1 : target < previous - 0.5 ? -1 : rng.chance(0.5) ? 1 : -1;
          midi = stepInScale(previous, direction * (rng.chance(0.2) ? 2 : 1), scale, low, high);
        }
        notes.push({
          syllable: syllable.text,
          word: syllable.word,
          phonemes: syllable.phonemes,
          startSeconds: step * secondsPerStep,
          durationSeconds: lengths[index] * secondsPerStep,
          midi,
          step,
          steps: lengths[index],
          line: thisLine,
        });
        previous = midi;
        step += lengths[index];
      });
    });
  }
  notes.sort((a, b) => a.step - b.step);
  return { notes, range: [low, high] };
}
