// Recorded-take processing: pitch detection, onsets, decoding, alignment to the beat and auto-tune,
// measured on synthetic takes whose notes and timing are known.
import { centsBetween, detectPitch, hzToMidi, pitchTrack } from "~/engine/vocals/pitch";
import { detectOnsets } from "~/engine/vocals/onsets";
import { AudioTooLongError, decodeAudio, UnsupportedAudioFormatError } from "~/engine/vocals/decode";
import { encodeMp3 } from "~/engine/encode";
import { alignTake, findBeatOffset, shiftSignal } from "~/engine/vocals/align";
import { autotune, targetPitch } from "~/engine/vocals/autotune";
import { harmonyAt } from "~/engine/vocals/melody";
import { mixVocal } from "~/engine/vocals/vocalChain";
import { detectOnsetEvents } from "~/engine/vocals/onsets";
import { processTake, TakeOptionsError } from "~/engine/vocals/processTake";
import { makeKey, scalePitchClasses } from "~/engine/theory";
import type { ChordEvent, Composition } from "~/engine/types";
import { encodeTestWav, type WavEncoding } from "./testWav";
import { harmonicTone, singTake, type SungNote } from "./takeFixtures";

const SR = 44_100;

describe("YIN pitch detection", () => {
  const frequencies = [70, 82.4, 110, 146.8, 196, 261.6, 349.2, 440, 587.3, 784, 987.8, 1100];
  it.each(frequencies)("finds %f Hz within ±5 cents on a harmonic tone", (hz) => {
    const tone = harmonicTone(hz, 0.2, SR);
    const estimate = detectPitch(tone.subarray(2000, 2000 + 2048), SR);
    expect(estimate).not.toBeNull();
    expect(Math.abs(centsBetween(hz, estimate!.hz))).toBeLessThan(5);
    expect(estimate!.clarity).toBeGreaterThan(0.9);
  });

  it("tracks at half rate within 5 cents too", () => {
    for (const hz of [82.4, 220, 660, 987.8, 1100]) {
      const track = pitchTrack(harmonicTone(hz, 0.3, SR), SR, { hop: 512, halfRate: true });
      const inside = track.filter((point) => point.time > 0.05 && point.time < 0.2);
      expect(inside.length).toBeGreaterThan(5);
      for (const point of inside) expect(Math.abs(centsBetween(hz, point.hz))).toBeLessThan(5);
    }
  });

  it("reports silence and white noise as unvoiced", () => {
    expect(detectPitch(new Float32Array(2048), SR)).toBeNull();
    let seed = 7;
    const noise = new Float32Array(2048).map(() => ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 0.5);
    const estimate = detectPitch(noise, SR);
    expect(estimate === null || estimate.clarity < 0.6).toBe(true);
  });

  it("tracks a sung melody with vibrato note by note", () => {
    const notes: SungNote[] = [57, 60, 64, 67, 72].map((midi, index) => ({ start: 0.1 + index * 0.5, duration: 0.45, midi }));
    const take = singTake(notes, { seconds: 2.8, vibratoCents: 0 });
    const track = pitchTrack(take, SR, { hop: 256 });
    for (const note of notes) {
      const inside = track.filter((point) => point.time > note.start + 0.05 && point.time < note.start + note.duration - 0.05);
      expect(inside.every((point) => point.hz > 0)).toBe(true);
      for (const point of inside) expect(Math.abs(hzToMidi(point.hz) - note.midi)).toBeLessThan(0.05);
    }
  });
});

describe("onset detection", () => {
  it("finds each syllable of a train within 15 ms", () => {
    const starts = [0.25, 0.61, 0.85, 1.3, 1.52, 1.9, 2.4, 2.63, 3.05, 3.5];
    const notes: SungNote[] = starts.map((start, index) => ({ start, duration: 0.18, midi: 55 + ((index * 5) % 12) }));
    const take = singTake(notes, { seconds: 4, attackSeconds: 0.01, noise: 0.002 });
    const onsets = detectOnsets(take, SR);
    expect(onsets).toHaveLength(starts.length);
    onsets.forEach((time, index) => expect(Math.abs(time - starts[index])).toBeLessThan(0.015));
  });

  it("separates legato notes with vibrato and finds no onsets inside them", () => {
    const starts = [0.2, 0.7, 1.2, 1.7];
    const notes: SungNote[] = starts.map((start, index) => ({ start, duration: 0.5, midi: [60, 64, 59, 67][index] }));
    const take = singTake(notes, { seconds: 2.5, attackSeconds: 0.03, vibratoCents: 40 });
    const onsets = detectOnsets(take, SR);
    expect(onsets).toHaveLength(starts.length);
    onsets.forEach((time, index) => expect(Math.abs(time - starts[index])).toBeLessThan(0.03));
  });
});

describe("decoding takes", () => {
  const seconds = 0.5;
  /** A chord of partials well under 20 kHz, so resampling keeps it intact. */
  const signalAt = (sampleRate: number, channel: number) =>
    Float32Array.from({ length: Math.round(seconds * sampleRate) }, (_, index) => {
      const t = index / sampleRate;
      return 0.4 * Math.sin(2 * Math.PI * 440 * t + channel) + 0.2 * Math.sin(2 * Math.PI * 3100 * t) + 0.1 * Math.sin(2 * Math.PI * 9000 * t);
    });
  const tolerance: Record<WavEncoding, number> = { int8: 0.03, int16: 0.003, int24: 0.003, int32: 0.003, float32: 0.003 };

  for (const encoding of ["int8", "int16", "int24", "int32", "float32"] as const) {
    for (const channelCount of [1, 2]) {
      it(`round-trips ${channelCount === 1 ? "mono" : "stereo"} ${encoding} WAV at 48 kHz to 44.1 kHz`, async () => {
        const source = Array.from({ length: channelCount }, (_, channel) => signalAt(48_000, channel));
        const decoded = await decodeAudio(encodeTestWav(source, 48_000, encoding));
        expect(decoded.sampleRate).toBe(44_100);
        expect(decoded.channels).toHaveLength(channelCount);
        decoded.channels.forEach((channel, index) => {
          const expected = signalAt(44_100, index);
          expect(channel.length).toBe(expected.length);
          let worst = 0;
          // The resampler's kernel needs signal on both sides; compare away from the edges.
          for (let at = 100; at < expected.length - 100; at++) worst = Math.max(worst, Math.abs(channel[at] - expected[at]));
          expect(worst).toBeLessThan(tolerance[encoding]);
        });
      });
    }
  }

  it("reads WAVE_FORMAT_EXTENSIBLE 24-bit stereo with a LIST chunk before the audio", async () => {
    const source = [signalAt(44_100, 0), signalAt(44_100, 1)];
    const decoded = await decodeAudio(encodeTestWav(source, 44_100, "int24", true), "take.wav");
    decoded.channels.forEach((channel, index) => {
      expect(channel.length).toBe(source[index].length);
      for (let at = 0; at < channel.length; at += 97) expect(Math.abs(channel[at] - source[index][at])).toBeLessThan(1e-6);
    });
  });

  it("passes 44.1 kHz WAV through sample for sample", async () => {
    const source = [signalAt(44_100, 0)];
    const decoded = await decodeAudio(encodeTestWav(source, 44_100, "float32"));
    expect(Array.from(decoded.channels[0])).toEqual(Array.from(source[0]));
  });

  it("decodes an MP3 made by the engine's encoder with the right length and level", async () => {
    const length = 44_100 * 2;
    const left = Float32Array.from({ length }, (_, index) => 0.5 * Math.sin((2 * Math.PI * 330 * index) / 44_100));
    const right = Float32Array.from({ length }, (_, index) => 0.25 * Math.sin((2 * Math.PI * 550 * index) / 44_100));
    const decoded = await decodeAudio(await encodeMp3({ sampleRate: 44_100, left, right }), { hint: "take.mp3" });
    expect(decoded.channels).toHaveLength(2);
    // Without a LAME info tag the decoder cannot know the encoder's delay (1105 samples) and end padding,
    // so the decoded take is longer by less than two frames, never shorter.
    expect(decoded.channels[0].length).toBeGreaterThanOrEqual(length);
    expect(decoded.channels[0].length - length).toBeLessThan(2 * 1152);
    const rms = (signal: Float32Array) => Math.sqrt(signal.reduce((sum, value) => sum + value * value, 0) / signal.length);
    expect(20 * Math.log10(rms(decoded.channels[0]) / rms(left))).toBeCloseTo(0, 0);
    expect(20 * Math.log10(rms(decoded.channels[1]) / rms(right))).toBeCloseTo(0, 0);
  });

  it("names unsupported formats in a typed error", async () => {
    const ogg = new Uint8Array([0x4f, 0x67, 0x67, 0x53, 0, 2, 0, 0, 0, 0]);
    await expect(decodeAudio(ogg)).rejects.toThrow(UnsupportedAudioFormatError);
    await expect(decodeAudio(ogg)).rejects.toThrow(/^Unsupported audio format: Ogg/);
    await expect(decodeAudio(new Uint8Array([1, 2, 3, 4, 5]), { hint: "take.aac" })).rejects.toThrow("Unsupported audio format: take.aac is not WAV or MP3");
    await expect(decodeAudio(new Uint8Array([1, 2, 3, 4, 5]), "audio/aac")).rejects.toThrow("Unsupported audio format: audio/aac is not WAV or MP3");
    await expect(decodeAudio(new Uint8Array())).rejects.toThrow("Unsupported audio format: the file is empty");
    const truncated = encodeTestWav([signalAt(44_100, 0)], 44_100, "int16").subarray(0, 30);
    await expect(decodeAudio(truncated)).rejects.toThrow(UnsupportedAudioFormatError);
  });

  it("refuses takes longer than the limit", async () => {
    const wav = encodeTestWav([new Float32Array(8000 * 3)], 8000, "int16");
    await expect(decodeAudio(wav, { maxSeconds: 2 })).rejects.toThrow(AudioTooLongError);
  });
});

/** A hand-made song frame: 120 BPM (a beat every 0.5 s, a 2-bar segment every 4 s), C major, a chord a bar. */
function testComposition(): Composition {
  const chord = (step: number, symbol: string, pitches: number[]): ChordEvent => ({ step, length: 16, numeral: "", symbol, root: pitches[0], pitches });
  const bars = [chord(0, "C", [60, 64, 67]), chord(16, "F", [65, 69, 72]), chord(0, "G", [67, 71, 74]), chord(16, "Am", [69, 72, 76])];
  return {
    id: "take-test", seed: 1, style: "advanced", filter: "custom_pop", tempo: 120, swing: 0.5,
    key: makeKey(0, "major"), sections: [{ kind: "verse", startSegment: 0, segmentCount: 6 }], parts: [],
    segments: Array.from({ length: 6 }, (_, index) => ({
      index, section: "verse" as const, sectionNumber: 0, parts: {}, energy: 0.5,
      chords: index % 2 === 0 ? [bars[0], bars[1]] : [bars[2], bars[3]],
    })),
  };
}

/** The intended melody: scale notes in C major, on beats and some 8ths, from 0.5 s on. */
const MELODY: { beat: number; midi: number; beats: number }[] = [
  [1, 60], [2, 62], [3, 64], [4, 65], [5, 67], [6, 65], [6.5, 64], [7, 62], [9, 64], [10, 67], [11, 69], [12, 67],
  [13, 65], [13.5, 64], [14, 62], [15, 60], [17, 67], [18, 69], [19, 71], [20, 72], [21, 71], [22, 69], [22.5, 67], [23, 65],
].map(([beat, midi], index, all) => ({ beat, midi, beats: Math.min(1, (all[index + 1]?.[0] ?? beat + 1) - beat) }));

const LATE = 0.12;
/** Detuned +35..+60 cents; every fifth note is also a semitone up, off the C major scale where it lands. */
function offKeyNotes(): SungNote[] {
  return MELODY.map((note, index) => {
    const detune = 0.35 + ((index * 7) % 26) / 100;
    const offScale = index % 5 === 2 && ![4, 11].includes(note.midi % 12) ? 1 : 0;
    return { start: note.beat * 0.5 + LATE, duration: note.beats * 0.5 * 0.9, midi: note.midi + offScale + detune };
  });
}

const SCALE = scalePitchClasses(makeKey(0, "major"));
const centsFromScale = (midi: number) => {
  let best = Infinity;
  for (let candidate = Math.floor(midi) - 1; candidate <= Math.ceil(midi) + 1; candidate++) {
    if (SCALE.includes(((candidate % 12) + 12) % 12)) best = Math.min(best, Math.abs(midi - candidate) * 100);
  }
  return best;
};

/** Median detected pitch over the middle of each note (times in the signal's own timeline). */
function noteCentres(signal: Float32Array, notes: { start: number; duration: number }[]): number[] {
  const track = pitchTrack(signal, SR, { hop: 256 });
  return notes.map((note) => {
    const values = track
      .filter((point) => point.hz > 0 && point.clarity > 0.7 && point.time > note.start + note.duration * 0.25 && point.time < note.start + note.duration * 0.75)
      .map((point) => hzToMidi(point.hz))
      .sort((a, b) => a - b);
    return values.length ? values[values.length >> 1] : NaN;
  });
}

describe("aligning a take to the beat", () => {
  it("finds a 120 ms late start within 20 ms and shifts the take onto the grid", () => {
    const take = singTake(offKeyNotes(), { seconds: 13 });
    const offset = findBeatOffset(detectOnsetEvents(take, SR), 120);
    expect(Math.abs(offset.offsetSeconds - LATE)).toBeLessThan(0.02);
    const aligned = shiftSignal(take, offset.offsetSeconds, SR);
    const onsets = detectOnsetEvents(aligned, SR);
    const onGrid = onsets.filter((onset) => Math.abs(onset.time / 0.25 - Math.round(onset.time / 0.25)) * 0.25 < 0.02);
    expect(onGrid.length / onsets.length).toBeGreaterThanOrEqual(0.9);
  });

  it("nudges a phrase sung 35 ms later than the rest back onto the grid", () => {
    // Notes 8..15 form the second phrase (beats 9..15), after a breath of about half a second.
    const drifting = offKeyNotes().map((note, index) => (index >= 8 && index < 16 ? { ...note, start: note.start + 0.035 } : note));
    const result = alignTake(singTake(drifting, { seconds: 13 }), SR, 120);
    expect(Math.abs(result.offsetSeconds - LATE)).toBeLessThan(0.02);
    expect(result.nudges).toHaveLength(1);
    expect(result.nudges[0].start).toBeGreaterThan(4.4);
    expect(result.nudges[0].end).toBeLessThan(8.2);
    expect(Math.abs(result.nudges[0].nudgeSeconds - 0.035)).toBeLessThan(0.012);
    const secondPhrase = detectOnsetEvents(result.aligned, SR).filter((onset) => onset.time > 4.3 && onset.time < 8.2);
    expect(secondPhrase.length).toBe(8);
    for (const onset of secondPhrase) expect(Math.abs(onset.time / 0.25 - Math.round(onset.time / 0.25)) * 0.25).toBeLessThan(0.015);
  });

  it("leaves the phrases of a steady take where the global offset put them", () => {
    expect(alignTake(singTake(offKeyNotes(), { seconds: 13 }), SR, 120).nudges).toEqual([]);
  });

  it("finds an early take too (negative offset)", () => {
    const early = offKeyNotes().map((note) => ({ ...note, start: note.start - LATE - 0.07 }));
    const offset = findBeatOffset(detectOnsetEvents(singTake(early, { seconds: 13 }), SR), 120);
    expect(Math.abs(offset.offsetSeconds + 0.07)).toBeLessThan(0.02);
  });
});

describe("auto-tune", () => {
  it("targets the nearest chord tone when close, else the nearest scale tone", () => {
    const composition = testComposition();
    // 120 BPM: a 16th is 0.125 s, so steps 1, 17 and 33 fall in the C, F and G bars.
    const onC = harmonyAt(composition, 1);
    const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
    expect(sorted(onC.chordTones)).toEqual([0, 4, 7]);
    expect(sorted(harmonyAt(composition, 17).chordTones)).toEqual([0, 5, 9]);
    expect(sorted(harmonyAt(composition, 33).chordTones)).toEqual([2, 7, 11]);
    expect(targetPitch(64.45, onC)).toBe(64); // E, a chord tone
    expect(targetPitch(65.45, onC)).toBe(65); // F: not a chord tone, but the nearest scale tone
    expect(targetPitch(66.5, onC)).toBe(67); // F# + 50: G, the chord tone within reach
    expect(targetPitch(61, onC)).toBe(60); // C#: chord tone C wins the tie with D
  });

  it("hard: puts a detuned take with vibrato exactly on its targets, flattening the vibrato", () => {
    const notes = offKeyNotes().map((note) => ({ ...note, start: note.start - LATE }));
    const take = singTake(notes, { seconds: 13, vibratoCents: 35 });
    const result = autotune(take, SR, testComposition(), "avpr_hard");
    expect(result.tuned.length).toBe(take.length);
    expect(result.notes.length).toBeGreaterThanOrEqual(notes.length);
    const track = pitchTrack(result.tuned, SR, { hop: 256 });
    let inTune = 0, total = 0;
    for (const note of result.notes) {
      for (const point of track) {
        if (point.hz === 0 || point.time < note.start + 0.06 || point.time > note.end - 0.04) continue;
        total++;
        if (Math.abs(hzToMidi(point.hz) - note.target) * 100 < 15) inTune++;
      }
    }
    expect(inTune / total).toBeGreaterThan(0.9);
  });

  it("mild: moves each note most of the way", () => {
    const notes = offKeyNotes().map((note) => ({ ...note, start: note.start - LATE }));
    const take = singTake(notes, { seconds: 13, vibratoCents: 35 });
    const result = autotune(take, SR, testComposition(), "avpr_mild");
    const before = noteCentres(take, notes);
    const after = noteCentres(result.tuned, notes);
    notes.forEach((note, index) => {
      const middle = note.start + note.duration / 2;
      const target = result.notes.find((tuned) => tuned.start <= middle && tuned.end >= middle)!.target;
      expect(Math.abs(after[index] - target)).toBeLessThan(Math.abs(before[index] - target) * 0.4 + 0.05);
    });
  });

  /** Peak-to-peak pitch swing (cents) over the held part of a long note. */
  const swingCents = (signal: Float32Array) => {
    const cents = pitchTrack(signal, SR, { hop: 256 }).filter((point) => point.hz > 0 && point.time > 0.8 && point.time < 1.8).map((point) => hzToMidi(point.hz) * 100);
    return Math.max(...cents) - Math.min(...cents);
  };

  it("mild keeps a held note's vibrato; hard flattens it", () => {
    const take = singTake([{ start: 0.1, duration: 1.9, midi: 64.4 }], { seconds: 2.2, vibratoCents: 40 });
    expect(swingCents(take)).toBeGreaterThan(70);
    expect(swingCents(autotune(take, SR, testComposition(), "avpr_mild").tuned)).toBeGreaterThan(60);
    expect(swingCents(autotune(take, SR, testComposition(), "avpr_hard").tuned)).toBeLessThan(15);
  });
});

describe("processing a recorded take", () => {
  const options = { compositionEffect: "v2_autovocal", pitchEffect: "avpr_hard", productionEffect: "fxch_av_autotune_w_reverb" } as const;

  it("with auto-vocal: aligns the late, off-key take and lands ≥ 90 % of its notes within ±25 cents of the scale", () => {
    const notes = offKeyNotes();
    const take = singTake(notes, { seconds: 13, vibratoCents: 35, noise: 0.003 });
    const before = noteCentres(take, notes);
    expect(before.filter((midi) => centsFromScale(midi) <= 25).length / notes.length).toBeLessThan(0.3);

    const result = processTake({ take: { sampleRate: 44_100, channels: [take] }, composition: testComposition(), autoVocal: true, options });
    expect(Math.abs(result.offsetSeconds - LATE)).toBeLessThan(0.02);
    expect(result.report.offsetSeconds).toBe(result.offsetSeconds);
    expect(result.report.notes).toBeGreaterThanOrEqual(notes.length);
    // Notes now sit on the grid: measure them at their intended (unshifted) times.
    const onGrid = notes.map((note) => ({ ...note, start: note.start - LATE }));
    const after = noteCentres(result.vocal.left, onGrid);
    const inKey = after.filter((midi) => centsFromScale(midi) <= 25).length;
    expect(inKey / notes.length).toBeGreaterThanOrEqual(0.9);
  });

  it("without auto-vocal: only the production effect, the pitch and timing are left as sung", () => {
    const notes = offKeyNotes();
    const take = singTake(notes, { seconds: 13, vibratoCents: 35 });
    const result = processTake({ take: { sampleRate: 44_100, channels: [take, take] }, composition: testComposition(), autoVocal: false, options: { productionEffect: "fxch_av_autotune_w_reverb" } });
    expect(result.offsetSeconds).toBe(0);
    expect(result.report.pitchEffect).toBeNull();
    expect(result.report.notes).toBe(0);
    const before = noteCentres(take, notes);
    const after = noteCentres(result.vocal.left, notes);
    after.forEach((midi, index) => expect(Math.abs(midi - before[index]) * 100).toBeLessThan(5));
    // The production effect did run: a reverb tail rings after the take ends, and the sides differ.
    expect(result.vocal.left.length).toBeGreaterThan(take.length);
    const tail = result.vocal.left.subarray(take.length, take.length + 4410);
    expect(Math.max(...tail.map(Math.abs))).toBeGreaterThan(1e-4);
    let sideEnergy = 0;
    for (let index = 0; index < result.vocal.left.length; index++) sideEnergy += (result.vocal.left[index] - result.vocal.right[index]) ** 2;
    expect(sideEnergy).toBeGreaterThan(0);
  });

  it("passes a silent take through without notes or errors", () => {
    const result = processTake({ take: { sampleRate: 44_100, channels: [new Float32Array(44_100 * 3)] }, composition: testComposition(), autoVocal: true, options });
    expect(result.offsetSeconds).toBe(0);
    expect(result.report.notes).toBe(0);
    expect(result.vocal.left.every((sample) => sample === 0)).toBe(true);
  });

  it("mixes over the instrumental with mixVocal, louder at a higher emphasis", () => {
    const take = singTake(offKeyNotes().slice(0, 8), { seconds: 5, vibratoCents: 30 });
    const { vocal } = processTake({ take: { sampleRate: 44_100, channels: [take] }, composition: testComposition(), autoVocal: true, options });
    const length = 44_100 * 6;
    const bed = Float32Array.from({ length }, (_, index) => 0.2 * Math.sin((2 * Math.PI * 110 * index) / 44_100) + 0.1 * Math.sin((2 * Math.PI * 164.8 * index) / 44_100));
    const instrumental = { sampleRate: 44_100, left: bed, right: bed.slice() };
    const quiet = mixVocal({ instrumental, vocal, emphasis: 0.1 });
    const loud = mixVocal({ instrumental, vocal, emphasis: 0.9 });
    expect(loud.vocalRelativeLu).toBeGreaterThan(quiet.vocalRelativeLu);
    expect(loud.lufs).toBeCloseTo(-14, 0);
  });

  it("refuses a take with no audio or too many channels, naming the take", () => {
    const call = (channels: Float32Array[]) => () => processTake({ take: { sampleRate: 44_100, channels }, composition: testComposition(), autoVocal: false, options });
    expect(call([])).toThrow(/^take: must have 1 or 2 channels/);
    expect(call([new Float32Array(0)])).toThrow("take: holds no audio");
    expect(call([new Float32Array(10), new Float32Array(12)])).toThrow("take: channels differ in length");
  });

  it("refuses unknown effects with the field that is wrong", () => {
    const take = { sampleRate: 44_100 as const, channels: [new Float32Array(44_100)] };
    const call = (options: object) => () => processTake({ take, composition: testComposition(), autoVocal: true, options: options as never });
    expect(call({ productionEffect: "fxch_unknown" })).toThrow(TakeOptionsError);
    expect(call({ productionEffect: "fxch_unknown" })).toThrow(/options\.productionEffect/);
    expect(call({ productionEffect: "fxch_av_autotune_w_reverb", pitchEffect: "avpr_loud" })).toThrow(/options\.pitchEffect: unknown value "avpr_loud"/);
    expect(call({})).toThrow(/options\.productionEffect: is required/);
  });
});
