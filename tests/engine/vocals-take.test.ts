// Recorded-take processing: pitch detection, onsets, decoding, alignment to the beat and auto-tune,
// measured on synthetic takes whose notes and timing are known.
import { centsBetween, detectPitch, hzToMidi, pitchTrack } from "~/engine/vocals/pitch";
import { detectOnsets } from "~/engine/vocals/onsets";
import { AudioTooLongError, decodeAudio, UnsupportedAudioFormatError } from "~/engine/vocals/decode";
import { encodeMp3 } from "~/engine/encode";
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
    await expect(decodeAudio(new Uint8Array())).rejects.toThrow("Unsupported audio format: the file is empty");
    const truncated = encodeTestWav([signalAt(44_100, 0)], 44_100, "int16").subarray(0, 30);
    await expect(decodeAudio(truncated)).rejects.toThrow(UnsupportedAudioFormatError);
  });

  it("refuses takes longer than the limit", async () => {
    const wav = encodeTestWav([new Float32Array(8000 * 3)], 8000, "int16");
    await expect(decodeAudio(wav, { maxSeconds: 2 })).rejects.toThrow(AudioTooLongError);
  });
});
