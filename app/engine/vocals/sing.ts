// Singing a melody with a voice. Each distinct syllable is spoken once by espeak-ng at the voice's flat
// pitch (espeak.ts); for every note, WSOLA stretches its vowel to the note's length while its consonants
// keep their natural speed (wsola.ts), and TD-PSOLA lays the grains at the note's exact pitch, with the
// voice's vibrato and formant shift (repitch.ts). The vowel lands on the note's onset and the consonants
// before it come just ahead of the beat (MUSIC.md, "Lyrics and singing").
import { Biquad } from "../dsp/biquad";
import { Random } from "../dsp/random";
import { midiToHz } from "../dsp/units";
import type { Hertz, Midi, Seconds } from "../types";
import { SAMPLE_RATE } from "../types";
import { ESPEAK_SAMPLE_RATE, flatVoice, speakUnits, type SpeechUnit } from "./espeak";
import { VocalInputError } from "./inputError";
import type { VocalMelody, VocalNote } from "./melody";
import { pitchTrack } from "./pitch";
import { findMarkOrigin, psola } from "./repitch";
import type { Voice } from "./voices";
import { wsola, type WarpPoint } from "./wsola";

export interface SingInput {
  melody: VocalMelody | VocalNote[];
  voice: Voice;
  sampleRate?: number;
  /** Seeds the breath noise. */
  seed?: number;
  /**
   * The notes were fitted to the voice already (fitToVoice over the whole song): sing them as they are. A
   * song sung section by section needs this, or each section would be moved by octaves on its own.
   */
  fitted?: boolean;
}

export interface SungVocal {
  /** Mono, dry. */
  audio: Float32Array;
  sampleRate: number;
  /** The notes as sung: the melody moved by octaves into the voice's range. */
  notes: VocalNote[];
  /** Milliseconds: espeak-ng (speaking the syllables), analysis (finding each syllable's vowel) and stretchPitch. */
  timings: { espeak: number; analysis: number; stretchPitch: number };
}

/** Consonants before the vowel are squeezed to at most this, so the vowel is never late for its beat. */
const MAX_ONSET_SECONDS: Seconds = 0.09;
/** ...and start at most this far ahead of the beat. */
const MAX_LEAD_SECONDS: Seconds = 0.035;
/** A final consonant is squeezed to at most this. */
const MAX_CODA_SECONDS: Seconds = 0.12;
/** The vowel's first and last moments (its transitions) keep their speed; only its middle is held. */
const TRANSITION_SECONDS: Seconds = 0.03;
/**
 * A syllable ends this long before its note does: longer than the next syllable's lead, so there is a
 * short dip between syllables and each one is heard (and measured) starting on its note.
 */
const RELEASE_GAP_SECONDS: Seconds = 0.045;
const FADE_IN_SECONDS: Seconds = 0.004;
const FADE_OUT_SECONDS: Seconds = 0.02;
const TARGET_RMS = 0.1;
/** How long a legato note takes to settle from the previous note's pitch onto its own. */
const SCOOP_SECONDS: Seconds = 0.06;

interface SourceSyllable {
  samples: Float32Array;
  /** Sample range of the voiced part (the vowel with any voiced consonants around it). */
  voicedStart: number;
  voicedEnd: number;
  /** Brings the voiced part to TARGET_RMS. */
  gain: number;
  /** The flat pitch it was spoken at. */
  hz: Hertz;
}

/** Spoken syllables per espeak voice and unit, kept across calls (previews and re-renders reuse them). */
const sourceCache = new Map<string, SourceSyllable>();
const MAX_CACHED = 4000;

/** Drops the spoken syllables kept between calls (tests use it to sing from a cold start). */
export function forgetSpokenSyllables(): void {
  sourceCache.clear();
}

function unitKey(note: Pick<VocalNote, "phonemes" | "syllable">): string {
  return note.phonemes ? `p:${note.phonemes}` : `t:${note.syllable}`;
}

/** The voice's flat source pitch: the middle of its range. */
function sourcePitch(voice: Voice): Hertz {
  return midiToHz((voice.range[0] + voice.range[1]) / 2);
}

/** Moves the melody by whole octaves so its middle sits in the middle of the voice's range. */
export function fitToVoice(notes: readonly VocalNote[], voice: Voice): VocalNote[] {
  if (notes.length === 0) return [];
  const sorted = notes.map((note) => note.midi).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  const centre = (voice.range[0] + voice.range[1]) / 2;
  const shift = 12 * Math.round((centre - median) / 12);
  return notes.map((note) => {
    let midi: Midi = note.midi + shift;
    while (midi < voice.range[0] && midi + 12 <= voice.range[1] + 2) midi += 12;
    while (midi > voice.range[1] && midi - 12 >= voice.range[0] - 2) midi -= 12;
    return { ...note, midi };
  });
}

/**
 * Finds the voiced part of a flat-pitch syllable: frames whose normalised autocorrelation at the known
 * period is high. Much cheaper than a pitch track, and the pitch is known already.
 */
function analyse(samples: Float32Array, hz: Hertz): SourceSyllable {
  const period = Math.round(ESPEAK_SAMPLE_RATE / hz);
  const hop = 64;
  const span = 2 * period;
  let first = -1;
  let last = -1;
  for (let start = 0; start + span + period <= samples.length; start += hop) {
    let cross = 0, energyA = 0, energyB = 0;
    for (let n = start; n < start + span; n++) {
      const a = samples[n], b = samples[n + period];
      cross += a * b;
      energyA += a * a;
      energyB += b * b;
    }
    const voiced = energyA > 1e-6 * span && cross / Math.sqrt(energyA * energyB + 1e-20) > 0.8;
    if (voiced) {
      if (first < 0) first = start;
      last = start + span + period;
    }
  }
  const voicedStart = first < 0 ? 0 : first;
  const voicedEnd = first < 0 ? samples.length : Math.min(samples.length, last);
  let sum = 0;
  for (let index = voicedStart; index < voicedEnd; index++) sum += samples[index] * samples[index];
  const rms = Math.sqrt(sum / Math.max(1, voicedEnd - voicedStart));
  return { samples, voicedStart, voicedEnd, gain: rms > 1e-5 ? TARGET_RMS / rms : 1, hz };
}

/** The warp (output → source samples) that fits a syllable into `length` samples, and where its vowel starts. */
function syllableWarp(source: SourceSyllable, noteSamples: number, rate: number): { points: WarpPoint[]; length: number; lead: number } {
  const { voicedStart, voicedEnd, samples } = source;
  const onset = Math.min(voicedStart, Math.round(MAX_ONSET_SECONDS * rate));
  const lead = Math.min(onset, Math.round(MAX_LEAD_SECONDS * rate));
  const length = Math.max(1, lead + noteSamples - Math.round(RELEASE_GAP_SECONDS * rate));
  const codaIn = samples.length - voicedEnd;
  const coda = Math.min(codaIn, Math.round(MAX_CODA_SECONDS * rate));
  const transition = Math.min(Math.round(TRANSITION_SECONDS * rate), Math.floor((voicedEnd - voicedStart) / 3));
  const held = length - onset - coda - 2 * transition;
  if (held < 0.02 * rate) {
    // A very short note: the whole syllable is squeezed evenly.
    return { points: [{ out: 0, in: 0 }, { out: length, in: samples.length }], length, lead: Math.min(lead, Math.round(length / 4)) };
  }
  const points: WarpPoint[] = [
    { out: 0, in: 0 },
    { out: onset, in: voicedStart },
    { out: onset + transition, in: voicedStart + transition },
    { out: length - coda - transition, in: voicedEnd - transition },
    { out: length - coda, in: voicedEnd },
    { out: length, in: samples.length },
  ];
  return { points, length, lead };
}

function vibratoAt(voice: Voice, noteSeconds: Seconds, noteLength: Seconds): number {
  const { rateHz, depthCents, delaySeconds } = voice.vibrato;
  // Short notes are sung straight; on long ones the vibrato fades in after the delay.
  if (noteLength < delaySeconds + 0.2 || noteSeconds < delaySeconds) return 1;
  const ramp = Math.min(1, (noteSeconds - delaySeconds) / 0.25);
  const cents = depthCents * ramp * Math.sin(2 * Math.PI * rateHz * (noteSeconds - delaySeconds));
  return Math.pow(2, cents / 1200);
}

/**
 * The pitch ratio of a legato slide from the previous note: starts 60 % of the way back to it at the
 * vowel's onset and settles on the note within SCOOP_SECONDS (consonants before the vowel sit at the start).
 */
function scoopAt(fromHz: Hertz, toHz: Hertz, noteSeconds: Seconds): number {
  if (fromHz === toHz || noteSeconds >= SCOOP_SECONDS) return 1;
  const remaining = 0.6 * (1 - Math.max(0, noteSeconds) / SCOOP_SECONDS);
  return Math.pow(fromHz / toHz, remaining * remaining);
}

/** Breath: high-passed noise that follows the voice's level. */
function addBreath(audio: Float32Array, amount: number, seed: number, sampleRate: number): void {
  if (amount <= 0) return;
  const random = new Random(seed);
  const highpass = new Biquad({ shape: "highpass", frequencyHz: 2500, q: 0.7 }, sampleRate);
  const attack = Math.exp(-1 / (0.005 * sampleRate));
  const release = Math.exp(-1 / (0.04 * sampleRate));
  let envelope = 0;
  for (let index = 0; index < audio.length; index++) {
    const level = Math.abs(audio[index]);
    envelope = level > envelope ? level + (envelope - level) * attack : level + (envelope - level) * release;
    audio[index] += highpass.tick(random.bipolar()) * envelope * amount * 0.35;
  }
}

function checkNotes(notes: readonly VocalNote[], sampleRate: number): void {
  if (!Number.isInteger(sampleRate) || sampleRate < 22_050 || sampleRate > 192_000) {
    throw new VocalInputError("sampleRate", `must be a whole number of Hz from 22050 to 192000, got ${sampleRate}`);
  }
  notes.forEach((note, index) => {
    const field = `melody.notes[${index}]`;
    if (!Number.isFinite(note.startSeconds) || note.startSeconds < 0) throw new VocalInputError(`${field}.startSeconds`, "must be 0 or more seconds");
    if (!Number.isFinite(note.durationSeconds) || note.durationSeconds <= 0 || note.durationSeconds > 30) {
      throw new VocalInputError(`${field}.durationSeconds`, "must be more than 0 and at most 30 seconds");
    }
    if (!Number.isFinite(note.midi) || note.midi < 24 || note.midi > 108) throw new VocalInputError(`${field}.midi`, "must be a MIDI note from 24 to 108");
  });
}

export async function singVocal({ melody, voice, sampleRate = SAMPLE_RATE, seed = 1, fitted = false }: SingInput): Promise<SungVocal> {
  const given = Array.isArray(melody) ? melody : melody?.notes;
  if (!Array.isArray(given)) throw new VocalInputError("melody", "must be a melody or a list of notes");
  if (!voice || !Array.isArray(voice.range) || typeof voice.espeakVoice !== "string") throw new VocalInputError("voice", "must be one of the voices");
  checkNotes(given, sampleRate);
  const notes = fitted ? [...given] : fitToVoice(given, voice);
  const timings = { espeak: 0, analysis: 0, stretchPitch: 0 };
  const flatHz = sourcePitch(voice);
  const voiceName = flatVoice(voice.espeakVoice, voice.voice_id, flatHz);

  let started = performance.now();
  const missing = new Map<string, SpeechUnit>();
  for (const note of notes) {
    const key = `${voiceName}|${unitKey(note)}`;
    if (!sourceCache.has(key) && !missing.has(key)) missing.set(key, { phonemes: note.phonemes, text: note.syllable });
  }
  const spoken = await speakUnits([...missing.values()], voiceName);
  timings.espeak = performance.now() - started;

  started = performance.now();
  if (sourceCache.size + missing.size > MAX_CACHED) sourceCache.clear();
  // espeak-ng lands a little under the pitch it is asked for; measure where it really is.
  const spokenHz = measureFlatPitch(spoken) ?? flatHz;
  [...missing.keys()].forEach((key, index) => sourceCache.set(key, analyse(spoken[index], spokenHz)));
  timings.analysis = performance.now() - started;

  started = performance.now();
  const lastEnd = notes.reduce((end, note) => Math.max(end, note.startSeconds + note.durationSeconds), 0);
  const audio = new Float32Array(Math.ceil((lastEnd + 0.5) * sampleRate));
  const formantRatio = Math.pow(2, (voice.formantShift ?? 0) / 12);
  notes.forEach((note, index) => {
    const source = sourceCache.get(`${voiceName}|${unitKey(note)}`) as SourceSyllable;
    const rate = ESPEAK_SAMPLE_RATE;
    const period = rate / source.hz;
    const { points, length, lead } = syllableWarp(source, Math.round(note.durationSeconds * rate), rate);
    const stretched = wsola(source.samples, length, points, { frame: 512, tolerance: Math.ceil(period * 0.6) });
    const targetHz = midiToHz(note.midi);
    const leadSeconds = lead / rate;
    // A note sung straight after another slides in from its pitch (legato); after a rest it starts clean.
    const previous = notes[index - 1];
    const previousHz = previous && note.startSeconds - (previous.startSeconds + previous.durationSeconds) < 0.05 ? midiToHz(previous.midi) : targetHz;
    const outputLength = Math.round((length / rate) * sampleRate);
    const sung = psola({
      source: stretched,
      sourceRate: rate,
      sourceHz: source.hz,
      markOrigin: findMarkOrigin(stretched, Math.min(stretched.length - 1, points[1]?.out ?? 0), period),
      outputRate: sampleRate,
      outputLength,
      pitchAt: (seconds) => targetHz * scoopAt(previousHz, targetHz, seconds - leadSeconds) * vibratoAt(voice, seconds - leadSeconds, note.durationSeconds),
      formantRatio,
    });
    // Grains overlap more at higher pitch: scale by the period ratio so loudness does not follow pitch.
    const gain = source.gain * (source.hz / targetHz);
    const offset = Math.round((note.startSeconds - leadSeconds) * sampleRate);
    const fadeIn = Math.round(FADE_IN_SECONDS * sampleRate);
    const fadeOut = Math.round(FADE_OUT_SECONDS * sampleRate);
    for (let sample = 0; sample < sung.length; sample++) {
      const at = offset + sample;
      if (at < 0 || at >= audio.length) continue;
      const envelope = Math.min(1, sample / fadeIn, (sung.length - sample) / fadeOut);
      audio[at] += sung[sample] * gain * envelope;
    }
  });
  addBreath(audio, voice.breath, seed, sampleRate);
  timings.stretchPitch = performance.now() - started;
  return { audio, sampleRate, notes, timings };
}

/** The median pitch of the clearly voiced frames of a few spoken syllables. */
function measureFlatPitch(spoken: Float32Array[]): Hertz | null {
  const values: number[] = [];
  for (const samples of spoken.slice(0, 12)) {
    for (const point of pitchTrack(samples, ESPEAK_SAMPLE_RATE, { hop: 256, minHz: 60, maxHz: 700 })) {
      if (point.hz > 0 && point.clarity > 0.85) values.push(point.hz);
    }
  }
  if (values.length === 0) return null;
  values.sort((a, b) => a - b);
  return values[Math.floor(values.length / 2)];
}
