// Recorded-take processing: pitch detection, onsets, decoding, alignment to the beat and auto-tune,
// measured on synthetic takes whose notes and timing are known.
import { centsBetween, detectPitch, hzToMidi, pitchTrack } from "~/engine/vocals/pitch";
import { detectOnsets } from "~/engine/vocals/onsets";
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
