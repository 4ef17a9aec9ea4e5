// `npm run bench:instruments [--json file]`: for each instrument and drum sound the styles use (every
// filter's default instruments in the piano/keys, bass, guitar, strings and brass groups, and the kick,
// snare and closed hat of every filter's kit), how it answers velocity: its velocity layers, round robins
// and sample rate, and the spectral centroid of one note at velocity 40 and at 110 rendered through the
// engine's own stem renderer (render/renderStem.ts: whatever the song would play, sample set or SoundFont,
// with the engine's articulation and velocity handling). A centroid that rises by 15 % or more from 40 to
// 110 shows the timbre changes with velocity rather than only the level.
//
// Round robins are counted by rendering eight identical hits in a row (5 s apart) and counting the distinct waveforms.
// Velocity layers and sample rate come from render/describeSound.ts where the engine has it; an engine
// without it (before the sample sets) is described from its SoundFont directly, so the same file measures
// the engine before and after. Numbers are printed, never asserted.
import { writeFileSync } from "node:fs";
import { compose, produce, scheduleTracks } from "~/engine/compose";
import { defaultSongParams, DRUM_KITS, DRUM_SOUNDS, FILTERS, INSTRUMENTS } from "~/engine/catalogue";
import * as render from "~/engine/render";
import { fft } from "~/engine/vocals/fft";
import { SAMPLE_RATE, type DrumSound, type Instrument, type StereoBuffer, type Track } from "~/engine/types";

const GROUPS = new Set(["keys", "bass", "guitar", "strings", "brass"]);
const DRUM_KINDS_MEASURED = ["kick", "snare", "closed_hat"] as const;
const SOFT = 40;
const HARD = 110;
const NOTE_SECONDS = 0.6;
const ROUND_ROBIN_HITS = 8;
/** Samples analysed per note: 16384 at 44.1 kHz is 0.37 s from the onset. */
const FFT_SIZE = 16384;

interface Description {
  /** How the sound is made: a recorded sample set, a SoundFont preset, or one of the engine's synth voices. */
  kind: string;
  layers: number | string;
  sampleRate: number | string;
}

type Describe = (source: Instrument["source"] | DrumSound["source"], pitch: number) => Description;

const engineDescribe = (render as unknown as { describeSound?: Describe }).describeSound;
const engineStoreBytes = (render as unknown as { sampleStoreBytes?: () => number }).sampleStoreBytes;
// Sample sets exist only in an engine that has them; the bench runs on older engines too.
const sampler = await import("~/engine/render/sampler/sampledNoteRenderer").catch(() => null);
const sets = await import("~/engine/render/sampler/sampleSets").catch(() => null);
const SampledNoteRenderer = sampler?.SampledNoteRenderer;
const sampleSetFor = sets?.sampleSetFor ?? (() => null);
const describe: Describe = engineDescribe ?? describeFromSoundFont;

/** An engine without describeSound: count the SoundFont preset's distinct sample sets across velocity. */
function describeFromSoundFont(source: Instrument["source"] | DrumSound["source"], pitch: number): Description {
  if (source.kind === "synth") return { kind: "synth voice", layers: "continuous", sampleRate: "—" };
  const bank = render.loadSoundBank();
  const drum = "note" in source;
  const preset = bank.presets.find((p) => (drum ? p.isGMGSDrum || p.bankMSB === 128 : p.bankMSB === source.bank) && p.program === source.program && (!drum || p.isGMGSDrum || p.bankMSB === 128));
  if (!preset) return { kind: "soundfont (missing)", layers: 0, sampleRate: 0 };
  const key = drum ? source.note : pitch;
  const sets = new Set<string>();
  const rates = new Set<number>();
  for (let velocity = 1; velocity <= 127; velocity++) {
    const voices = preset.getVoiceParameters(key, velocity);
    sets.add(voices.map((voice) => voice.sample.name).sort().join("+"));
    for (const voice of voices) rates.add(voice.sample.sampleRate);
  }
  return { kind: `soundfont ${preset.name}`, layers: sets.size, sampleRate: [...rates].join("/") };
}

function centroid(stem: StereoBuffer, from = 0): number {
  const real = new Float64Array(FFT_SIZE);
  const imag = new Float64Array(FFT_SIZE);
  for (let i = 0; i < FFT_SIZE && from + i < stem.left.length; i++) {
    const hann = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (FFT_SIZE - 1));
    real[i] = ((stem.left[from + i] + stem.right[from + i]) / 2) * hann;
  }
  fft(real, imag);
  let weighted = 0;
  let total = 0;
  for (let bin = 1; bin < FFT_SIZE / 2; bin++) {
    const hz = (bin * SAMPLE_RATE) / FFT_SIZE;
    if (hz < 20 || hz > 20000) continue;
    const magnitude = Math.hypot(real[bin], imag[bin]);
    weighted += hz * magnitude;
    total += magnitude;
  }
  return total > 0 ? weighted / total : 0;
}

async function renderOne(track: Track): Promise<StereoBuffer> {
  const last = track.notes.at(-1)!;
  return render.renderStem(track, last.time + last.duration + 1);
}

async function pitchedCentroid(instrument: Instrument, pitch: number, velocity: number): Promise<number> {
  const stem = await renderOne({ part: "chords", source: instrument.source, notes: [{ time: 0, duration: NOTE_SECONDS, pitch, velocity }] });
  return centroid(stem);
}

async function drumCentroid(sound: DrumSound, velocity: number): Promise<number> {
  const pitch = sound.source.kind === "soundfont" ? sound.source.note : 36;
  const stem = await renderOne({ part: "drums", source: null, notes: [{ time: 0, duration: 0.1, pitch, velocity }], drumSounds: [sound.source] });
  return centroid(stem);
}

/** Distinct waveforms among eight identical hits, 5 s apart so no tail reaches the next hit: 1 when every hit is the same recording. */
async function roundRobins(sound: DrumSound): Promise<number> {
  const pitch = sound.source.kind === "soundfont" ? sound.source.note : 36;
  const notes = Array.from({ length: ROUND_ROBIN_HITS }, (_, i) => ({ time: i * 5, duration: 0.1, pitch, velocity: 100 }));
  const stem = await renderOne({ part: "drums", source: null, notes, drumSounds: notes.map(() => sound.source) });
  const hitLength = Math.round(0.2 * SAMPLE_RATE);
  const hits = notes.map((note) => stem.left.subarray(Math.round(note.time * SAMPLE_RATE), Math.round(note.time * SAMPLE_RATE) + hitLength));
  const distinct: Float32Array[] = [];
  for (const hit of hits) {
    const peak = Math.max(1e-9, ...Array.from(hit, Math.abs));
    if (!distinct.some((other) => hit.every((value, i) => Math.abs(value - other[i]) <= peak * 1e-3))) distinct.push(hit);
  }
  return distinct.length;
}

interface Row {
  group: string;
  id: string;
  usedBy: number;
  kind: string;
  layers: number | string;
  roundRobins: number;
  sampleRate: number | string;
  centroidSoft: number;
  centroidHard: number;
  risePercent: number;
}

const rows: Row[] = [];
const instrumentUse = new Map<string, number>();
for (const filter of FILTERS) for (const ids of Object.values(filter.instruments)) for (const id of ids ?? []) instrumentUse.set(id, (instrumentUse.get(id) ?? 0) + 1);
const pitchedPitch = (instrument: Instrument) => (instrument.group === "bass" ? 45 : 60);

const started = performance.now();
for (const instrument of INSTRUMENTS) {
  const usedBy = instrumentUse.get(instrument.id) ?? 0;
  if (usedBy === 0 || !GROUPS.has(instrument.group) || instrument.source.kind !== "soundfont") continue;
  const pitch = pitchedPitch(instrument);
  const description = describe(instrument.source, pitch);
  const soft = await pitchedCentroid(instrument, pitch, SOFT);
  const hard = await pitchedCentroid(instrument, pitch, HARD);
  rows.push({ group: instrument.group, id: instrument.id, usedBy, ...description, roundRobins: 1, centroidSoft: soft, centroidHard: hard, risePercent: (hard / soft - 1) * 100 });
}

const kitUse = new Map<string, number>();
for (const filter of FILTERS) {
  const kit = DRUM_KITS.find((k) => k.id === filter.drumKit);
  for (const kind of DRUM_KINDS_MEASURED) for (const id of filter.drumSounds?.[kind] ?? kit?.sounds[kind] ?? []) kitUse.set(id, (kitUse.get(id) ?? 0) + 1);
}
for (const sound of DRUM_SOUNDS) {
  const usedBy = kitUse.get(sound.id) ?? 0;
  if (usedBy === 0) continue;
  const description = describe(sound.source, sound.source.kind === "soundfont" ? sound.source.note : 36);
  const soft = await drumCentroid(sound, SOFT);
  const hard = await drumCentroid(sound, HARD);
  rows.push({ group: `drums ${sound.kind}`, id: sound.id, usedBy, ...description, roundRobins: await roundRobins(sound), centroidSoft: soft, centroidHard: hard, risePercent: (hard / soft - 1) * 100 });
}

const pad = (value: unknown, width: number) => String(value).slice(0, width).padEnd(width);
console.log(`${pad("group", 18)}${pad("instrument", 28)}${pad("filters", 8)}${pad("made by", 34)}${pad("layers", 11)}${pad("RR", 4)}${pad("rate Hz", 13)}${pad("c@40 Hz", 9)}${pad("c@110 Hz", 9)}rise`);
for (const row of rows) {
  console.log(
    `${pad(row.group, 18)}${pad(row.id, 28)}${pad(row.usedBy, 8)}${pad(row.kind, 34)}${pad(row.layers, 11)}${pad(row.roundRobins, 4)}${pad(row.sampleRate, 13)}${pad(Math.round(row.centroidSoft), 9)}${pad(Math.round(row.centroidHard), 9)}${row.risePercent >= 0 ? "+" : ""}${row.risePercent.toFixed(1)} %${row.risePercent >= 15 ? "" : "  (< 15 %)"}`,
  );
}
const rising = rows.filter((row) => row.risePercent >= 15).length;
console.log(`\n${rising}/${rows.length} sounds brighten by ≥ 15 % from velocity ${SOFT} to ${HARD}; ${rows.filter((row) => row.roundRobins > 1).length}/${rows.filter((row) => row.group.startsWith("drums")).length} drum sounds vary between repeated hits. ${Math.round(performance.now() - started)} ms.`);
// What the piano's recordings cost in memory: the recordings whole songs play (their piano part: chords, lead
// or arp), decoded into the process's shared store (render/sampler/sampleStore.ts) one song after another.
const pianoFilters = FILTERS.filter((filter) => Object.values(filter.instruments).some((ids) => ids?.includes("gm_acoustic_grand_piano")) && !filter.roulette);
const pianoSet = sampleSetFor(0, 0);
if (pianoSet && engineStoreBytes && SampledNoteRenderer) {
  const perSong: number[] = [];
  for (const filter of pianoFilters) {
    const params = { ...defaultSongParams(filter.style, 7, filter.value), instruments: { chords: "gm_acoustic_grand_piano" } };
    const composition = compose(params);
    const production = produce(params, composition);
    const before = engineStoreBytes();
    const renderer = new SampledNoteRenderer(pianoSet);
    for (const track of scheduleTracks(composition, production)) if (track.source?.kind === "soundfont" && track.source.bank === 0 && track.source.program === 0) await renderer.prepare(track.notes);
    perSong.push(renderer.preparedSlots().length);
    console.log(`piano recordings for ${filter.value} seed 7: ${renderer.preparedSlots().length}, store +${((engineStoreBytes() - before) / 1e6).toFixed(1)} MB`);
  }
  console.log(`piano: ${pianoFilters.length} songs played ${Math.min(...perSong)}–${Math.max(...perSong)} recordings each; the shared store holds ${(engineStoreBytes() / 1e6).toFixed(1)} MB after all of them (cap 160 MB; all ${pianoSet.zones.length} recordings would be about ${((pianoSet.zones.length * 5 * 48000 * 4) / 1e6).toFixed(0)} MB at 5 s each)`);
}
const jsonAt = process.argv.indexOf("--json");
if (jsonAt > 0) writeFileSync(process.argv[jsonAt + 1], JSON.stringify(rows, null, 1));
