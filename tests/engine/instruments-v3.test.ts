// Music v3 (issue 35, items 1–2): instruments answer velocity with their timbre (the piano's recorded
// layers, the engine's velocity timbre on single-layer presets and drums), repeated drum hits vary (round
// robins), short notes take the articulation a player would, and the drummer plays ghost notes and
// phrase-end fills. Each test fails if that piece is taken out.
import { describe, expect, it } from "vitest";
import { compose, defaultSongParams } from "~/engine";
import { articulationFor } from "~/engine/render/articulation";
import { describeSound, renderStem } from "~/engine/render";
import { SampledNoteRenderer } from "~/engine/render/sampler/sampledNoteRenderer";
import { sampleSetFor, zoneFor } from "~/engine/render/sampler/sampleSets";
import { sampleStoreBytes, sampleStoreWorkerData, sharedRecording } from "~/engine/render/sampler/sampleStore";
import { performanceStyle, pocketMs } from "~/engine/compose/performance";
import { TOM_NOTES } from "~/engine/compose/drumPart";
import { fft } from "~/engine/vocals/fft";
import { SAMPLE_RATE, type DrumSound, type SoundSource, type StereoBuffer, type Track } from "~/engine/types";

const FFT_SIZE = 16384;

function centroid(stem: StereoBuffer): number {
  const real = new Float64Array(FFT_SIZE);
  const imag = new Float64Array(FFT_SIZE);
  for (let i = 0; i < FFT_SIZE && i < stem.left.length; i++) real[i] = ((stem.left[i] + stem.right[i]) / 2) * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (FFT_SIZE - 1)));
  fft(real, imag);
  let weighted = 0;
  let total = 0;
  for (let bin = 1; bin < FFT_SIZE / 2; bin++) {
    const hz = (bin * SAMPLE_RATE) / FFT_SIZE;
    if (hz < 20) continue;
    const magnitude = Math.hypot(real[bin], imag[bin]);
    weighted += hz * magnitude;
    total += magnitude;
  }
  return weighted / total;
}

const note = (source: SoundSource, pitch: number, velocity: number, duration = 0.6): Track => ({ part: "chords", source, notes: [{ time: 0, duration, pitch, velocity }] });

describe("velocity layers and timbre", () => {
  it("the General MIDI piano is played from the Salamander recordings: a soft note is another recording, darker, not a quieter copy", async () => {
    const set = sampleSetFor(0, 0);
    expect(set).not.toBeNull();
    expect(set!.layers).toBe(8);
    expect(describeSound({ kind: "soundfont", bank: 0, program: 0 }, 60).kind).toMatch(/Salamander/);
    const soft = zoneFor(set!, 60, 40);
    const hard = zoneFor(set!, 60, 110);
    expect(soft.layer).toBeLessThan(hard.layer);
    expect(soft.file).not.toBe(hard.file);
    const piano: SoundSource = { kind: "soundfont", bank: 0, program: 0 };
    const softStem = await renderStem(note(piano, 60, 40), 2);
    const hardStem = await renderStem(note(piano, 60, 110), 2);
    expect(centroid(hardStem) / centroid(softStem)).toBeGreaterThan(1.15);
    // Not a scaled copy: normalised, the two notes differ.
    const peak = (buffer: Float32Array) => buffer.reduce((max, value) => Math.max(max, Math.abs(value)), 0);
    const softPeak = peak(softStem.left);
    const hardPeak = peak(hardStem.left);
    let difference = 0;
    for (let i = 0; i < SAMPLE_RATE / 2; i++) difference = Math.max(difference, Math.abs(softStem.left[i] / softPeak - hardStem.left[i] / hardPeak));
    expect(difference).toBeGreaterThan(0.1);
  });

  it("a sampled note is prepared from the one layer its velocity reaches, and re-pitched from the nearest root", async () => {
    const set = sampleSetFor(0, 0)!;
    const renderer = new SampledNoteRenderer(set);
    await renderer.prepare([{ pitch: 61, velocity: 30 }, { pitch: 61, velocity: 120 }]);
    const slots = renderer.preparedSlots().sort((a, b) => a - b);
    expect(slots).toEqual([zoneFor(set, 61, 30).slot, zoneFor(set, 61, 120).slot].sort((a, b) => a - b));
    expect(zoneFor(set, 61, 30).root).toBe(60);
    const rendered = renderer.renderNote(61, 30, SAMPLE_RATE / 2);
    expect(rendered.left.length).toBeGreaterThan(SAMPLE_RATE / 2);
    expect(rendered.left.some((value) => Math.abs(value) > 1e-3)).toBe(true);
  });

  it("a decoded recording is kept once per process in shared memory: the next song (or thread) reads it without decoding", async () => {
    const set = sampleSetFor(0, 0)!;
    const zone = zoneFor(set, 72, 100);
    const renderer = new SampledNoteRenderer(set);
    await renderer.prepare([{ pitch: 72, velocity: 100 }]);
    const before = sampleStoreBytes();
    let decoded = 0;
    const again = await sharedRecording(zone.slot, async () => {
      decoded++;
      throw new Error("should have come from the store");
    });
    expect(decoded).toBe(0);
    expect(sampleStoreBytes()).toBe(before);
    // A view into the buffer every engine thread is handed (WorkerThread's workerData), at most 5 s of 48 kHz stereo.
    expect(again.frames.buffer).toBe(sampleStoreWorkerData().data);
    expect(again.frameCount).toBeLessThanOrEqual(5 * 48000);
    expect(again.sampleRate).toBe(48000);
  });

  it.each([
    ["nylon guitar", 24, 60],
    ["finger bass", 33, 45],
    ["string ensemble", 48, 60],
    ["trumpet", 56, 60],
    ["tine electric piano", 4, 60],
  ])("%s brightens by at least 15 percent from velocity 40 to 110", async (_name, program, pitch) => {
    const source: SoundSource = { kind: "soundfont", bank: 0, program };
    const soft = centroid(await renderStem(note(source, pitch, 40), 2));
    const hard = centroid(await renderStem(note(source, pitch, 110), 2));
    expect(hard / soft).toBeGreaterThan(1.15);
  });

  it("organs keep their tone (no velocity timbre where the instrument does not answer touch)", async () => {
    const organ: SoundSource = { kind: "soundfont", bank: 0, program: 16 };
    const soft = centroid(await renderStem(note(organ, 60, 40), 2));
    const hard = centroid(await renderStem(note(organ, 60, 110), 2));
    expect(Math.abs(hard / soft - 1)).toBeLessThan(0.05);
  });
});

describe("round robins", () => {
  async function hits(source: DrumSound["source"], pitch: number, count: number): Promise<Float32Array[]> {
    const notes = Array.from({ length: count }, (_, i) => ({ time: i * 5, duration: 0.1, pitch, velocity: 100 }));
    const stem = await renderStem({ part: "drums", source: null, notes, drumSounds: notes.map(() => source) }, count * 5 + 1);
    return notes.map((hit) => stem.left.slice(Math.round(hit.time * SAMPLE_RATE), Math.round(hit.time * SAMPLE_RATE) + SAMPLE_RATE / 5));
  }
  const same = (a: Float32Array, b: Float32Array) => a.every((value, i) => Math.abs(value - b[i]) < 1e-6);

  it.each([
    ["a SoundFont snare", { kind: "soundfont", bank: 128, program: 0, note: 38 } as DrumSound["source"], 38],
    ["the synth hat", { kind: "synth", voice: "hat" } as DrumSound["source"], 42],
  ])("%s cycles through four different strikes on repeated hits", async (_name, source, pitch) => {
    const strikes = await hits(source, pitch, 8);
    for (let i = 0; i < 4; i++) for (let j = i + 1; j < 4; j++) expect(same(strikes[i], strikes[j])).toBe(false);
    // The cycle repeats: the fifth hit is the first strike again (the note cache renders each strike once).
    expect(same(strikes[0], strikes[4])).toBe(true);
  });

  it("soft hits are darker than hard ones on a kit with one recording per drum", async () => {
    const snare: DrumSound["source"] = { kind: "soundfont", bank: 128, program: 0, note: 38 };
    const stem = (velocity: number) => renderStem({ part: "drums", source: null, notes: [{ time: 0, duration: 0.1, pitch: 38, velocity }], drumSounds: [snare] }, 2);
    expect(centroid(await stem(110)) / centroid(await stem(35))).toBeGreaterThan(1.15);
  });
});

describe("articulations", () => {
  it("a short light guitar note is palm-muted, a long or hard one rings open; short string notes are staccato", () => {
    expect(articulationFor(25, 0.1, 70)).toMatchObject({ name: "palm_muted", program: 28 });
    expect(articulationFor(25, 0.5, 70)).toMatchObject({ name: "open", program: 25 });
    expect(articulationFor(25, 0.1, 118)).toMatchObject({ name: "open", program: 25 });
    expect(articulationFor(49, 0.1, 80)).toMatchObject({ name: "staccato", program: 48, gateScale: 0.6 });
    expect(articulationFor(49, 1, 80)).toMatchObject({ name: "legato", program: 49 });
    expect(articulationFor(0, 0.1, 80)).toBeNull();
  });

  it("the renderer plays the palm-muted recordings for a short steel-guitar note", async () => {
    const short = (program: number) => renderStem(note({ kind: "soundfont", bank: 0, program }, 52, 70, 0.1), 2);
    const steel = await short(25);
    const muted = await short(28);
    const open = await renderStem(note({ kind: "soundfont", bank: 0, program: 25 }, 52, 70, 0.5), 2);
    expect(steel.left.every((value, i) => Math.abs(value - muted.left[i]) < 1e-6)).toBe(true);
    expect(open.left.slice(0, SAMPLE_RATE / 10).every((value, i) => Math.abs(value - muted.left[i]) < 1e-6)).toBe(false);
  });
});

describe("the drummer", () => {
  const songs = [1, 2, 3, 4, 5, 6].map((seed) => compose({ ...defaultSongParams("advanced", seed, "custom_rock"), humanness: 0 }));

  it("fills the end of each four-bar phrase inside a section, with toms in some songs", () => {
    let phraseEnds = 0;
    let withToms = 0;
    for (const song of songs) {
      for (const section of song.sections) {
        for (let i = 1; i < section.segmentCount - 1; i += 2) {
          const segment = song.segments[section.startSegment + i];
          const drums = segment.parts.drums ?? [];
          if (!drums.some((n) => n.drum === "kick")) continue;
          phraseEnds++;
          const fill = drums.filter((n) => n.step >= 28 && !n.keeper && (n.drum === "snare" || TOM_NOTES.includes(n.pitch)));
          expect(fill.length, `seed ${song.seed} segment ${segment.index}`).toBeGreaterThanOrEqual(2);
          if (fill.some((n) => TOM_NOTES.includes(n.pitch))) withToms++;
        }
      }
    }
    expect(phraseEnds).toBeGreaterThan(6);
    expect(withToms).toBeGreaterThan(0);
  });

  it("plays ghost notes on the snare (velocity 45 or less) between the backbeats", () => {
    const ghosts = songs.flatMap((song) => song.segments.flatMap((segment) => (segment.parts.drums ?? []).filter((n) => n.drum === "snare" && n.velocity <= 45 && n.step % 4 !== 0)));
    expect(ghosts.length).toBeGreaterThan(10);
  });
});

describe("performance follows the groove", () => {
  it("boom bap drags its backbeat and its chords' off-beats, house sits on the grid, the time-keeper never moves", () => {
    const bap = performanceStyle("boom_bap_lofi");
    const house = performanceStyle("dance");
    const snare = { step: 4, micro: 0, length: 1, pitch: 38, velocity: 90, drum: "snare" as const };
    expect(pocketMs(snare, "drums", bap)).toBeGreaterThan(8);
    expect(pocketMs(snare, "drums", house)).toBe(0);
    expect(pocketMs({ ...snare, keeper: true }, "drums", bap)).toBe(0);
    expect(pocketMs({ step: 2, micro: 0, length: 2, pitch: 60, velocity: 70 }, "chords", bap)).toBeGreaterThan(8);
  });

  it("in a composed lo-fi song the backbeat snares sit late and the chords are played lighter than in house", () => {
    const lofi = compose({ ...defaultSongParams("wd_lofi", 3, "morning_sun"), humanness: 0 });
    const house = compose({ ...defaultSongParams("wd_edm", 3, "house"), humanness: 0 });
    const backbeatMicro = (song: typeof lofi) => {
      const snares = song.segments.flatMap((s) => (s.parts.drums ?? []).filter((n) => n.drum === "snare" && n.step % 16 === 4 && !n.keeper));
      return snares.reduce((sum, n) => sum + n.micro, 0) / Math.max(1, snares.length);
    };
    expect(backbeatMicro(lofi)).toBeGreaterThan(0.05);
    expect(Math.abs(backbeatMicro(house))).toBeLessThan(0.01);
    // On-the-beat chord notes of a chorus: accents lean on the downbeat more than on the 16ths in between.
    const chords = lofi.segments.flatMap((s) => s.parts.chords ?? []);
    const downbeats = chords.filter((n) => n.step % 16 === 0).map((n) => n.velocity);
    const between = chords.filter((n) => n.step % 2 === 1).map((n) => n.velocity);
    if (between.length > 0) expect(Math.max(...downbeats)).toBeGreaterThan(Math.max(...between));
  });
});
