// Auto-tune: the take's pitch is tracked, cut into notes, and each note is pulled to the song's harmony
// at that moment (melody.ts's harmonyAt, shared with the sung melodies): the nearest chord tone when one
// is close, else the nearest tone of the chord's scale in the key.
// "avpr_hard" retunes every frame instantly to the target (vibrato and scoops flattened, the robotic
// effect); "avpr_mild" moves each note's centre most of the way there, eased in over ~80 ms, and keeps
// the singer's vibrato and slides. The pitch itself is moved by PSOLA (pitchShift.ts), keeping duration.
import { pitchClass } from "../theory/pitch";
import { secondsPer16th } from "../theory/rhythm";
import type { Composition, Midi, Seconds } from "../types";
import { harmonyAt } from "./melody";
import { detectOnsets } from "./onsets";
import { hzToMidi, pitchTrack } from "./pitch";
import { pitchShift } from "./pitchShift";

export type PitchEffect = "avpr_mild" | "avpr_hard";
export const PITCH_EFFECTS: readonly PitchEffect[] = ["avpr_mild", "avpr_hard"];

export interface TunedNote {
  start: Seconds;
  end: Seconds;
  /** The sung centre pitch (median over the note's body). */
  sung: Midi;
  target: Midi;
}

export interface AutotuneResult {
  tuned: Float32Array;
  notes: TunedNote[];
  timingsMs: { pitch: number; onsets: number; shift: number };
}

/** 11.6 ms frames: YIN's 46 ms window smooths finer detail anyway, and PSOLA interpolates between frames. */
const HOP = 512;
/** Frames less clear than this are treated as unvoiced (breath, consonants, reverb). */
const MIN_CLARITY = 0.75;
/** A chord tone this close (semitones) wins over a nearer scale tone. */
const CHORD_PULL = 0.6;
/** A note's pitch must leave its centre by this much (semitones) for this long to start a new note. */
const NOTE_CHANGE = 0.8;
const NOTE_CHANGE_SECONDS: Seconds = 0.025;
/** Frames (about 230 ms, more than one vibrato cycle) whose median is the running centre of a note. */
const CENTRE_FRAMES = 40;
const MIN_NOTE_SECONDS: Seconds = 0.05;
/** Frames further than this from their note's centre are tracking errors (octave jumps): use the centre. */
const OUTLIER = 1.5;
const MILD_STRENGTH = 0.8;
const MILD_RETUNE_SECONDS: Seconds = 0.08;

type Harmony = ReturnType<typeof harmonyAt>;

/** The note a sung pitch should be corrected to. */
export function targetPitch(sung: Midi, harmony: Harmony): Midi {
  let best = Math.round(sung);
  let bestDistance = Infinity;
  for (let candidate = Math.floor(sung) - 2; candidate <= Math.ceil(sung) + 2; candidate++) {
    const distance = Math.abs(candidate - sung);
    const isChordTone = harmony.chordTones.includes(pitchClass(candidate));
    if (isChordTone && distance <= CHORD_PULL) return candidate;
    if (!harmony.scale.includes(pitchClass(candidate)) && !isChordTone) continue;
    if (distance < bestDistance - 1e-9) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Splits voiced frames into notes at onsets, breaks in voicing, and sustained jumps in pitch. */
function segmentNotes(midi: Float32Array, onsetFrames: Set<number>, hopSeconds: Seconds): [number, number][] {
  const notes: [number, number][] = [];
  const change = Math.max(1, Math.round(NOTE_CHANGE_SECONDS / hopSeconds));
  const minFrames = Math.max(2, Math.round(MIN_NOTE_SECONDS / hopSeconds));
  let start = -1;
  const close = (end: number) => {
    if (start >= 0 && end - start >= minFrames) notes.push([start, end]);
    start = -1;
  };
  for (let frame = 0; frame < midi.length; frame++) {
    if (midi[frame] === 0) {
      close(frame);
      continue;
    }
    if (start >= 0 && onsetFrames.has(frame)) close(frame);
    if (start < 0) {
      start = frame;
      continue;
    }
    const centre = median(Array.from(midi.subarray(Math.max(start, frame - CENTRE_FRAMES), frame)));
    let away = 0;
    while (away < change && frame + away < midi.length && midi[frame + away] !== 0 && Math.abs(midi[frame + away] - centre) > NOTE_CHANGE) away++;
    if (away === change && frame - start >= minFrames) {
      close(frame);
      start = frame;
    }
  }
  close(midi.length);
  return notes;
}

/** Pitch-corrects a mono take (already aligned: take time = song time) to the composition's harmony. */
export function autotune(
  signal: Float32Array,
  sampleRate: number,
  composition: Composition,
  effect: PitchEffect,
  /** The take's onsets when already known (from alignment); detected here otherwise. */
  knownOnsets?: readonly Seconds[],
  clock: () => number = () => performance.now(),
): AutotuneResult {
  const hopSeconds = HOP / sampleRate;
  const started = clock();
  const track = pitchTrack(signal, sampleRate, { hop: HOP, halfRate: true });
  const pitched = clock();
  const hz = new Float32Array(track.length);
  const midi = new Float32Array(track.length);
  track.forEach((point, frame) => {
    if (point.hz > 0 && point.clarity >= MIN_CLARITY) {
      hz[frame] = point.hz;
      midi[frame] = hzToMidi(point.hz);
    }
  });
  const onsetFrames = new Set((knownOnsets ?? detectOnsets(signal, sampleRate)).map((time) => Math.round(time / hopSeconds)));
  const onsetsFound = clock();
  const semitones = new Float32Array(track.length);
  const notes: TunedNote[] = [];
  const inNote = new Uint8Array(track.length);
  for (const [first, end] of segmentNotes(midi, onsetFrames, hopSeconds)) {
    // The note's body: its first 15 % (the scoop into it) and last 10 % (the fall) do not set its pitch.
    const length = end - first;
    const body = Array.from(midi.subarray(first + Math.floor(length * 0.15), end - Math.floor(length * 0.1)));
    const sung = median(body.length > 0 ? body : Array.from(midi.subarray(first, end)));
    const target = targetPitch(sung, harmonyAt(composition, ((first + end) / 2) * hopSeconds / secondsPer16th(composition.tempo)));
    notes.push({ start: first * hopSeconds, end: end * hopSeconds, sung, target });
    for (let frame = first; frame < end; frame++) {
      inNote[frame] = 1;
      if (Math.abs(midi[frame] - sung) > OUTLIER) {
        midi[frame] = sung;
        hz[frame] = 440 * Math.pow(2, (sung - 69) / 12);
      }
      semitones[frame] = effect === "avpr_hard" ? target - midi[frame] : MILD_STRENGTH * (target - sung);
    }
  }
  // Voiced frames outside any note (too short to judge) are left alone.
  for (let frame = 0; frame < hz.length; frame++) if (!inNote[frame]) hz[frame] = 0;
  if (effect === "avpr_mild") {
    const keep = Math.exp(-hopSeconds / MILD_RETUNE_SECONDS);
    let eased = 0;
    for (let frame = 0; frame < semitones.length; frame++) {
      eased = inNote[frame] ? keep * eased + (1 - keep) * semitones[frame] : 0;
      semitones[frame] = eased;
    }
  }
  const tuned = pitchShift(signal, sampleRate, { hop: HOP, hz, semitones });
  const timingsMs = { pitch: pitched - started, onsets: onsetsFound - pitched, shift: clock() - onsetsFound };
  return { tuned, notes, timingsMs };
}
