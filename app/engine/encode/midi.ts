// A Standard MIDI File (format 1) of a song: a tempo track, then one track per part with its program,
// drums on channel 10. Times come from scheduleTracks(), so swing and humanness carry over.
import { scheduleTracks } from "../compose/schedule";
import { isMinorMode } from "../theory/scales";
import { keySpelling } from "../theory/spelling";
import { STEPS_PER_SEGMENT, type Composition, type Production, type SoundSource, type SynthVoiceId, type Track } from "../types";

const TICKS_PER_QUARTER = 480;
const DRUM_CHANNEL = 9;
const MICROSECONDS_PER_MINUTE = 60_000_000;

/** The nearest General MIDI program for each engine synth voice, so other software plays something similar. */
const SYNTH_VOICE_PROGRAMS: Record<SynthVoiceId, number> = {
  sub808: 38,
  supersaw: 81,
  pluck: 45,
  warm_pad: 89,
  acid_bass: 38,
  square_lead: 80,
  fm_bell: 98,
  reese_bass: 39,
  analog_brass: 62,
  noise_sweep: 95,
};

interface MidiEvent {
  tick: number;
  /** Sorts note-offs before note-ons at the same tick, so repeated notes retrigger. */
  order: number;
  bytes: number[];
}

export function toMidiFile(composition: Composition, production: Production): Uint8Array {
  const tracks = scheduleTracks(composition, production);
  const ticksPerSecond = (composition.tempo / 60) * TICKS_PER_QUARTER;
  let nextChannel = 0;
  const chunks = [tempoTrack(composition)];
  for (const track of tracks) {
    const channel = track.part === "drums" ? DRUM_CHANNEL : nextChannel++;
    if (nextChannel === DRUM_CHANNEL) nextChannel++;
    chunks.push(partTrack(track, channel, production.levels[track.part] ?? 1, ticksPerSecond));
  }
  return concat([header(chunks.length), ...chunks]);
}

function header(trackCount: number): Uint8Array {
  return new Uint8Array([...ascii("MThd"), ...uint32(6), ...uint16(1), ...uint16(trackCount), ...uint16(TICKS_PER_QUARTER)]);
}

function tempoTrack(composition: Composition): Uint8Array {
  const microsecondsPerQuarter = Math.round(MICROSECONDS_PER_MINUTE / composition.tempo);
  return trackChunk([
    { tick: 0, order: 0, bytes: metaEvent(0x03, ascii(`Songloom ${composition.id}`)) },
    { tick: 0, order: 0, bytes: metaEvent(0x51, [(microsecondsPerQuarter >> 16) & 0xff, (microsecondsPerQuarter >> 8) & 0xff, microsecondsPerQuarter & 0xff]) },
    // 4/4, a click every quarter, eight 32nds per quarter.
    { tick: 0, order: 0, bytes: metaEvent(0x58, [4, 2, 24, 8]) },
    // The key signature, so notation views spell notes as the key does (sharps in sharp keys).
    { tick: 0, order: 0, bytes: metaEvent(0x59, [keySignature(composition) & 0xff, isMinorMode(composition.key.mode) ? 1 : 0]) },
    // Chord symbols as markers where each chord starts, spelled like the song's JSON ("C#m7" in E major).
    ...composition.segments.flatMap((segment) => segment.chords.map((chord) => ({
      tick: ((segment.index * STEPS_PER_SEGMENT + chord.step) * TICKS_PER_QUARTER) / 4,
      order: 0,
      bytes: metaEvent(0x06, ascii(chord.symbol)),
    }))),
  ]);
}

/** Sharps (positive) or flats (negative) of the key's signature; harmonic minor's raised 7th is an accidental. */
function keySignature(composition: Composition): number {
  const mode = composition.key.mode === "harmonic_minor" ? "minor" : composition.key.mode;
  const degrees = keySpelling(composition.key.tonic, mode).degrees;
  const count = (mark: string) => degrees.reduce((sum, degree) => sum + degree.slice(1).split("").filter((sign) => sign === mark).length, 0);
  return count("#") - count("b");
}

function partTrack(track: Track, channel: number, level: number, ticksPerSecond: number): Uint8Array {
  const events: MidiEvent[] = [
    { tick: 0, order: 0, bytes: metaEvent(0x03, ascii(track.part)) },
    { tick: 0, order: 0, bytes: [0xc0 | channel, programOf(track)] },
    // Channel volume carries the production's level for this part.
    { tick: 0, order: 0, bytes: [0xb0 | channel, 7, Math.max(0, Math.min(127, Math.round(100 * level)))] },
  ];
  for (const note of track.notes) {
    const on = Math.round(note.time * ticksPerSecond);
    const off = Math.max(on + 1, Math.round((note.time + note.duration) * ticksPerSecond));
    const velocity = Math.max(1, Math.min(127, Math.round(note.velocity)));
    events.push({ tick: on, order: 2, bytes: [0x90 | channel, note.pitch, velocity] });
    events.push({ tick: off, order: 1, bytes: [0x80 | channel, note.pitch, 0] });
  }
  return trackChunk(events);
}

function programOf(track: Track): number {
  if (track.part === "drums") {
    const kit = track.drumSounds?.find((sound) => sound.kind === "soundfont");
    return kit?.kind === "soundfont" ? kit.program : 0;
  }
  return programOfSource(track.source);
}

function programOfSource(source: SoundSource | null): number {
  if (!source) return 0;
  return source.kind === "soundfont" ? source.program : SYNTH_VOICE_PROGRAMS[source.voice];
}

function trackChunk(events: MidiEvent[]): Uint8Array {
  const sorted = [...events].sort((a, b) => a.tick - b.tick || a.order - b.order);
  const body: number[] = [];
  let lastTick = 0;
  for (const event of sorted) {
    body.push(...variableLength(event.tick - lastTick), ...event.bytes);
    lastTick = event.tick;
  }
  body.push(...variableLength(0), ...metaEvent(0x2f, []));
  return new Uint8Array([...ascii("MTrk"), ...uint32(body.length), ...body]);
}

function metaEvent(type: number, data: number[]): number[] {
  return [0xff, type, ...variableLength(data.length), ...data];
}

/** MIDI's variable-length quantity: 7 bits per byte, high bit set on all but the last. */
function variableLength(value: number): number[] {
  const bytes = [value & 0x7f];
  for (let rest = value >>> 7; rest > 0; rest >>>= 7) bytes.unshift((rest & 0x7f) | 0x80);
  return bytes;
}

function ascii(text: string): number[] {
  return [...text].map((character) => character.charCodeAt(0) & 0x7f);
}

function uint32(value: number): number[] {
  return [(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
}

function uint16(value: number): number[] {
  return [(value >>> 8) & 0xff, value & 0xff];
}

function concat(parts: Uint8Array[]): Uint8Array {
  const result = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    result.set(part, offset);
    offset += part.length;
  }
  return result;
}
