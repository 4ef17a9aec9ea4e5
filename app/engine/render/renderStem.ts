// Renders one Track to its own dry stereo stem. Stems are the unit of caching for the edit flow: when a
// user changes one part, only that part's stem is rendered again.

import type { DrumSound, PartName, Samples, Seconds, StereoBuffer, TimedNote, Track } from "../types";
import { SAMPLE_RATE } from "../types";
import { createStereo } from "../dsp/stereo";
import { takeStem } from "./stemPool";
import { SYNTH_DRUMS } from "./drums";
import { bucketGate, bucketVelocity, NoteCache, pasteNote } from "./noteCache";
import { scheduleVoiceNotes } from "./scheduleVoiceNotes";
import { SoundFontNoteRenderer } from "./soundfontRenderer";
import { SYNTH_VOICES } from "./voices";
import { articulationFor } from "./articulation";
import { SampledNoteRenderer } from "./sampler/sampledNoteRenderer";
import { sampleSetFor } from "./sampler/sampleSets";
import { applyGainDb, applyVelocityTimbre, DRUM_ROUND_ROBINS, drumTimbre, drumVariant, pitchedTimbre } from "./velocityTimbre";

/** SoundFont notes need a minimal length or the attack never sounds. */
const MIN_GATE_SECONDS: Seconds = 0.02;
/** GM hi-hats share an exclusive class: a closed or pedal hat chokes a ringing open hat. */
const GM_OPEN_HAT = 46;
const GM_HATS = new Set([42, 44, 46]);
/** Longest a synth drum hit rings. */
const DRUM_TAIL_SECONDS: Seconds = 1.5;

export async function renderStem(track: Track, durationSeconds: Seconds): Promise<StereoBuffer> {
  const stem = takeStem(Math.ceil(durationSeconds * SAMPLE_RATE), SAMPLE_RATE);
  if (track.drumSounds) await renderDrums(track.notes, track.drumSounds, stem);
  else if (track.source?.kind === "synth") renderSynth(track, stem);
  else if (track.source?.kind === "soundfont") await renderSoundFontTrack(track, stem);
  return stem;
}

/** Renders every track (in this thread) keyed by part. */
export async function renderStems(tracks: Track[], durationSeconds: Seconds): Promise<Partial<Record<PartName, StereoBuffer>>> {
  const stems: Partial<Record<PartName, StereoBuffer>> = {};
  for (const track of tracks) stems[track.part] = await renderStem(track, durationSeconds);
  return stems;
}

const toSample = (seconds: Seconds): Samples => Math.max(0, Math.round(seconds * SAMPLE_RATE));

/**
 * A SoundFont instrument's track: from its recorded sample set where one is installed (velocity layers,
 * sampler/), else from the General MIDI preset, each note in the articulation a player would use
 * (articulation.ts) and darkened by its velocity where the preset has one recording per note (velocityTimbre.ts).
 */
async function renderSoundFontTrack(track: Track, stem: StereoBuffer): Promise<void> {
  if (track.source?.kind !== "soundfont" || track.notes.length === 0) return;
  const { bank, program } = track.source;
  const set = sampleSetFor(bank, program);
  if (set) {
    const sampler = new SampledNoteRenderer(set);
    const notes = track.notes.map((note) => ({ ...note, velocity: bucketVelocity(note.velocity) }));
    await sampler.prepare(notes);
    const cache = new NoteCache();
    for (const note of notes) {
      const gate = bucketGate(toSample(Math.max(MIN_GATE_SECONDS, note.duration)));
      pasteNote(stem, cache.get(`${note.pitch}|${note.velocity}|${gate}`, () => sampler.renderNote(note.pitch, note.velocity, gate)), toSample(note.time));
    }
    return;
  }
  const renderers = new Map<number, SoundFontNoteRenderer>();
  const rendererFor = async (articulated: number) => {
    let renderer = renderers.get(articulated);
    if (!renderer) {
      renderer = await SoundFontNoteRenderer.create({ bank, program: articulated, drums: false });
      renderers.set(articulated, renderer);
    }
    return renderer;
  };
  const cache = new NoteCache();
  for (const note of track.notes) {
    const articulation = articulationFor(program, note.duration, note.velocity);
    const played = articulation?.program ?? program;
    const gate = bucketGate(toSample(Math.max(MIN_GATE_SECONDS, note.duration * (articulation?.gateScale ?? 1))));
    const velocity = bucketVelocity(note.velocity);
    const key = `${played}|${note.pitch}|${velocity}|${gate}`;
    const renderer = cache.has(key) ? null : await rendererFor(played);
    const rendered = cache.get(key, () => {
      const buffer = renderer!.renderNote(note.pitch, velocity, gate);
      const timbre = pitchedTimbre(bank, played);
      if (timbre) applyVelocityTimbre(buffer, timbre, velocity);
      return buffer;
    });
    pasteNote(stem, rendered, toSample(note.time));
  }
}

function renderSynth(track: Track, stem: StereoBuffer): void {
  if (track.source?.kind !== "synth") return;
  const voice = SYNTH_VOICES[track.source.voice];
  const cache = new NoteCache();
  const tailSamples = Math.ceil(voice.releaseSeconds * SAMPLE_RATE) + 1;
  for (const note of scheduleVoiceNotes(track.notes, voice.monophonic)) {
    if (note.startSample >= stem.left.length) continue;
    const gate = voice.monophonic ? note.gateSamples : bucketGate(note.gateSamples);
    const velocity = bucketVelocity(note.velocity);
    const key = `${note.pitch}|${velocity}|${gate}|${note.glideFromPitch ?? ""}`;
    const rendered = cache.get(key, () => {
      const scratch = createStereo(gate + tailSamples);
      voice.render({ ...note, startSample: 0, gateSamples: gate, velocity, seed: note.pitch * 131 + velocity }, scratch);
      return scratch;
    });
    pasteNote(stem, rendered, note.startSample);
  }
}

/**
 * Each drum note has its own sound: synth drums and SoundFont kits (one renderer per kit program). Repeated
 * hits of one sound cycle through its round robins, and a soft hit is a darker one (velocityTimbre.ts).
 */
async function renderDrums(notes: TimedNote[], sounds: DrumSound["source"][], stem: StereoBuffer): Promise<void> {
  const kits = new Map<string, SoundFontNoteRenderer>();
  const cache = new NoteCache();
  const chokes = chokePoints(notes, sounds);
  const hitsSoFar = new Map<string, number>();
  for (let index = 0; index < notes.length; index++) {
    const note = notes[index];
    const sound = sounds[index];
    const start = toSample(note.time);
    if (!sound || start >= stem.left.length) continue;
    const velocity = bucketVelocity(note.velocity);
    const drumNote = sound.kind === "soundfont" ? sound.note : note.pitch;
    const soundKey = sound.kind === "synth" ? `synth|${sound.voice}|${drumNote}` : `${sound.bank}:${sound.program}|${drumNote}`;
    const hit = hitsSoFar.get(soundKey) ?? 0;
    hitsSoFar.set(soundKey, hit + 1);
    const variant = drumVariant(hit);
    const timbre = drumTimbre(drumNote);
    const shape = (buffer: StereoBuffer) => {
      if (timbre) applyVelocityTimbre(buffer, timbre, velocity + variant.timbreVelocity);
      applyGainDb(buffer, variant.gainDb);
      return buffer;
    };
    const round = hit % DRUM_ROUND_ROBINS;
    let rendered: StereoBuffer;
    if (sound.kind === "synth") {
      rendered = cache.get(`${soundKey}|${velocity}|${round}`, () => {
        const scratch = createStereo(Math.round(DRUM_TAIL_SECONDS * SAMPLE_RATE));
        SYNTH_DRUMS[sound.voice].render(0, velocity, note.pitch, note.pitch * 131 + velocity + round * 7919, scratch);
        return shape(scratch);
      });
    } else {
      const kitKey = `${sound.bank}:${sound.program}`;
      let kit = kits.get(kitKey);
      if (!kit) {
        kit = await SoundFontNoteRenderer.create({ bank: sound.bank, program: sound.program, drums: true });
        kits.set(kitKey, kit);
      }
      const renderer = kit;
      const gate = bucketGate(toSample(Math.max(MIN_GATE_SECONDS, note.duration)));
      rendered = cache.get(`${soundKey}|${velocity}|${gate}|${round}`, () => shape(renderer.renderNote(sound.note, velocity, gate, variant.cents)));
    }
    pasteNote(stem, rendered, start, chokes.get(index));
  }
}

/** For each open hi-hat note, the sample where the next hi-hat note chokes it. */
function chokePoints(notes: TimedNote[], sounds: DrumSound["source"][]): Map<number, Samples> {
  const hatPitch = (i: number) => {
    const sound = sounds[i];
    return sound?.kind === "soundfont" ? sound.note : notes[i].pitch;
  };
  const hats = notes.map((_, i) => i).filter((i) => GM_HATS.has(hatPitch(i))).sort((a, b) => notes[a].time - notes[b].time);
  const chokes = new Map<number, Samples>();
  hats.forEach((i, k) => {
    const next = hats[k + 1];
    if (hatPitch(i) === GM_OPEN_HAT && next !== undefined && notes[next].time > notes[i].time) chokes.set(i, toSample(notes[next].time));
  });
  return chokes;
}
