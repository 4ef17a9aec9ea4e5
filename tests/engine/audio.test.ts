// The sound half of the engine, measured: loudness and true-peak meters against known signals, the
// limiter and master against their promises, synth voices and effects against golden summaries, mix
// styles and ambient beds against the neutral mix, and the file formats.

import { Reverb, mixStems, MIX_STYLE_IDS, PingPongDelay, mixStyle } from "~/engine/mix";
import { encodeMp3, encodeMp3Native, encodeMp3Parallel, encodePcmNative, encodeWav, nativeLamePath, readMp3Frames, waveformPeaks, WavWriter } from "~/engine/encode";
import { integratedLoudness, master, STANDARD_MASTER, truePeakDb } from "~/engine/master";
import { limitChannel, limiterPlanFromPeaks, limiterWindow, WindowPeaks } from "~/engine/master/limiter";
import { renderStems, SYNTH_DRUMS, SYNTH_VOICES } from "~/engine/render";
import { addAmbience, AMBIENT_EFFECT_IDS, renderAmbience } from "~/engine/sfx";
import { createStereo, cloneStereo, samplePeak } from "~/engine/dsp/stereo";
import { Random } from "~/engine/dsp/random";
import type { PartName, StereoBuffer, SynthVoiceId } from "~/engine/types";
import { SAMPLE_RATE } from "~/engine/types";
import { fixtureTracks } from "./audioFixtures";
import { mp3Frames, octaveBandsDb, parseWavHeader } from "./audioAnalysis";
import { expectGolden, rmsEnvelope, roundAll } from "./golden";

const sine = (hz: number, amplitude: number, seconds: number, channels: "left" | "both", phase = 0): StereoBuffer => {
  const buffer = createStereo(Math.round(seconds * SAMPLE_RATE));
  for (let i = 0; i < buffer.left.length; i++) {
    const v = amplitude * Math.sin((2 * Math.PI * hz * i) / SAMPLE_RATE + phase);
    buffer.left[i] = v;
    if (channels === "both") buffer.right[i] = v;
  }
  return buffer;
};

describe("loudness meter (ITU-R BS.1770-4)", () => {
  it("reads a 997 Hz full-scale sine in one channel as -3.01 LUFS", () => {
    expect(integratedLoudness(sine(997, 1, 10, "left"))).toBeCloseTo(-3.01, 1);
  });

  it("reads a 1 kHz sine at -20 dBFS in one channel as about -23 LUFS, and in both as about -20", () => {
    expect(integratedLoudness(sine(1000, 0.1, 10, "left"))).toBeCloseTo(-23.0, 1);
    expect(integratedLoudness(sine(1000, 0.1, 10, "both"))).toBeCloseTo(-20.0, 1);
  });

  it("weights lows down and highs up (K-weighting)", () => {
    expect(integratedLoudness(sine(50, 0.1, 5, "left"))).toBeLessThan(-23.5);
    expect(integratedLoudness(sine(4000, 0.1, 5, "left"))).toBeGreaterThan(-22.0);
  });

  it("gates silence out: a tone followed by silence reads like the tone alone", () => {
    const tone = sine(1000, 0.1, 10, "both");
    const withSilence = createStereo(tone.left.length * 2);
    withSilence.left.set(tone.left);
    withSilence.right.set(tone.right);
    // Only the block straddling the tone's end differs, by a few hundredths of an LU.
    expect(Math.abs(integratedLoudness(withSilence) - integratedLoudness(tone))).toBeLessThan(0.1);
    expect(integratedLoudness(createStereo(SAMPLE_RATE * 3))).toBe(-Infinity);
  });
});

describe("true-peak meter", () => {
  it("finds the inter-sample peak of a quarter-sample-rate sine sampled 45 degrees off its peaks", () => {
    // Every sample lands at ±0.707 of the waveform's peak, so the sample peak reads -3 dB; the true peak is 0 dB.
    const buffer = sine(SAMPLE_RATE / 4, 1, 1, "both", Math.PI / 4);
    expect(20 * Math.log10(samplePeak(buffer))).toBeCloseTo(-3.01, 1);
    expect(truePeakDb(buffer)).toBeGreaterThan(-0.3);
    expect(truePeakDb(buffer)).toBeLessThan(0.2);
  });
});

describe("limiter and master", () => {
  const loudNoise = (): StereoBuffer => {
    const random = new Random(5);
    const buffer = createStereo(SAMPLE_RATE * 20);
    for (let i = 0; i < buffer.left.length; i++) {
      // Noise with a drum-like transient every half second.
      const hit = i % (SAMPLE_RATE / 2) < 2000 ? 3 : 1;
      buffer.left[i] = random.bipolar() * 0.2 * hit;
      buffer.right[i] = random.bipolar() * 0.2 * hit;
    }
    return buffer;
  };

  it("never lets a sample over the ceiling", () => {
    const buffer = loudNoise();
    const settings = { ceilingDb: -2, lookAheadSeconds: 0.005, releaseSeconds: 0.08 };
    // As the master limits: each channel with the plan made from both channels' window peaks.
    const [left, right] = [buffer.left, buffer.right].map((channel) => {
      const peaks = new WindowPeaks(channel.length, limiterWindow(settings, SAMPLE_RATE));
      peaks.add(channel, 0, channel.length);
      return peaks.peaks;
    });
    const plan = limiterPlanFromPeaks(left!, right!, SAMPLE_RATE, 4, settings);
    const limited = createStereo(buffer.left.length);
    limitChannel(buffer.left, plan, SAMPLE_RATE, { truePeak: false, output: limited.left });
    limitChannel(buffer.right, plan, SAMPLE_RATE, { truePeak: false, output: limited.right });
    expect(samplePeak(limited)).toBeLessThanOrEqual(Math.pow(10, -2 / 20) + 1e-6);
    // It was limiting: four times the input's level would go far over.
    expect(samplePeak(buffer) * 4).toBeGreaterThan(2);
  });

  it("masters to -14 LUFS integrated with true peak at or under -1 dBTP", () => {
    const result = master(loudNoise(), STANDARD_MASTER);
    expect(Math.abs(result.lufs + 14)).toBeLessThan(0.5);
    expect(integratedLoudness(result.audio)).toBeCloseTo(result.lufs, 1);
    expect(truePeakDb(result.audio)).toBeLessThanOrEqual(-1);
  });
});

describe("synth voices and drums (golden renders)", () => {
  const BASS_VOICES: SynthVoiceId[] = ["sub808", "acid_bass", "reese_bass"];
  for (const id of Object.keys(SYNTH_VOICES) as SynthVoiceId[]) {
    it(`${id} matches its golden envelope and spectrum`, () => {
      const target = createStereo(Math.round(1.5 * SAMPLE_RATE));
      SYNTH_VOICES[id].render({ startSample: 0, gateSamples: Math.round(0.5 * SAMPLE_RATE), pitch: BASS_VOICES.includes(id) ? 40 : 64, velocity: 100, seed: 1 }, target);
      expect(samplePeak(target)).toBeGreaterThan(0.01);
      expect(samplePeak(target)).toBeLessThan(1);
      expectGolden("voices.json", `${id}.envelope`, rmsEnvelope(target.left, SAMPLE_RATE / 20), { absolute: 0.004, relative: 0.05 });
      expectGolden("voices.json", `${id}.bands`, roundAll(octaveBandsDb(target), 1), { absolute: 1.5 });
    });
  }

  it("glides: a sub808 note with a glide source starts near the old pitch and ends at the new one", () => {
    const target = createStereo(SAMPLE_RATE);
    SYNTH_VOICES.sub808.render({ startSample: 0, gateSamples: SAMPLE_RATE, pitch: 45, velocity: 100, glideFromPitch: 33, seed: 1 }, target);
    const zeroCrossingsHz = (from: number, to: number) => {
      let crossings = 0;
      for (let i = from + 1; i < to; i++) if (target.left[i - 1] < 0 && target.left[i] >= 0) crossings++;
      return (crossings * SAMPLE_RATE) / (to - from);
    };
    expect(zeroCrossingsHz(0, 2205)).toBeLessThan(90); // A1 = 55 Hz, still near the source pitch
    expect(zeroCrossingsHz(22050, 44100)).toBeCloseTo(110, -1); // A2 = 110 Hz
  });

  for (const id of Object.keys(SYNTH_DRUMS) as (keyof typeof SYNTH_DRUMS)[]) {
    it(`${id} drum matches its golden envelope and spectrum`, () => {
      const target = createStereo(Math.round(0.6 * SAMPLE_RATE));
      SYNTH_DRUMS[id].render(0, 110, id === "hat" ? 42 : 36, 1, target);
      expect(samplePeak(target)).toBeGreaterThan(0.01);
      expectGolden("drums.json", `${id}.envelope`, rmsEnvelope(target.left, SAMPLE_RATE / 100), { absolute: 0.004, relative: 0.05 });
      expectGolden("drums.json", `${id}.bands`, roundAll(octaveBandsDb(target), 1), { absolute: 1.5 });
    });
  }
});

describe("effects (golden impulse responses)", () => {
  for (const id of ["clean", "garage", "grand_canyon"]) {
    it(`${id} reverb decays as its golden`, () => {
      const input = new Float32Array(SAMPLE_RATE * 4);
      input[0] = 1;
      const out = createStereo(input.length);
      new Reverb(mixStyle(id).reverb).process(input, out.left, out.right, 0, input.length);
      const decayDb = rmsEnvelope(out.left, SAMPLE_RATE / 10, 8).map((v) => Math.round(20 * Math.log10(v + 1e-9) * 10) / 10);
      expectGolden("effects.json", `reverb.${id}`, decayDb, { absolute: 1.5 });
    });
  }

  it("the grand canyon tail outlasts the garage room by seconds", () => {
    const tailSeconds = (id: string) => {
      const input = new Float32Array(SAMPLE_RATE * 8);
      input[0] = 1;
      const out = createStereo(input.length);
      new Reverb(mixStyle(id).reverb).process(input, out.left, out.right, 0, input.length);
      const envelope = rmsEnvelope(out.left, SAMPLE_RATE / 10, 10);
      const peak = Math.max(...envelope);
      return envelope.findLastIndex((v) => v > peak / 1000) / 10; // -60 dB
    };
    expect(tailSeconds("grand_canyon") - tailSeconds("garage")).toBeGreaterThan(3);
  });

  it("the delay echoes on the beat grid, alternating sides", () => {
    const input = new Float32Array(SAMPLE_RATE * 3);
    input[0] = 1;
    const out = createStereo(input.length);
    new PingPongDelay({ tempoBpm: 120, beats: 0.5, feedback: 0.5 }).process(input, out.left, out.right, 0, input.length);
    const quarterSecond = SAMPLE_RATE / 4;
    const energyAround = (channel: Float32Array, at: number) => channel.subarray(at, at + 200).reduce((s, v) => s + v * v, 0);
    expect(energyAround(out.left, quarterSecond)).toBeGreaterThan(1e-3);
    expect(energyAround(out.right, 2 * quarterSecond)).toBeGreaterThan(1e-4);
    expect(energyAround(out.right, quarterSecond)).toBeLessThan(1e-9);
  });
});

describe("mix styles and ambient effects", () => {
  const SECONDS = 12;
  let tracks: ReturnType<typeof fixtureTracks>;
  let stems: Partial<Record<PartName, StereoBuffer>>;
  const mastered = (mix: string, sfx = "none") => {
    const copy: Partial<Record<PartName, StereoBuffer>> = {};
    for (const [part, stem] of Object.entries(stems)) copy[part as PartName] = cloneStereo(stem as StereoBuffer);
    const mixed = mixStems(copy, tracks, { mix, filter: "morning_sun", tempoBpm: 120, intensity: 5, levels: {}, seed: 1 });
    addAmbience(mixed, sfx, 1);
    return master(mixed, STANDARD_MASTER).audio;
  };
  let cleanBands: number[];

  beforeAll(async () => {
    tracks = fixtureTracks({ tempoBpm: 120, seconds: SECONDS });
    stems = await renderStems(tracks, SECONDS + 2);
    cleanBands = octaveBandsDb(mastered("clean"));
  });

  it.each(MIX_STYLE_IDS.filter((id) => id !== "clean"))("%s measurably changes the spectrum", (id) => {
    const bands = octaveBandsDb(mastered(id));
    const biggestChangeDb = Math.max(...bands.map((b, i) => Math.abs(b - cleanBands[i])));
    expect(biggestChangeDb).toBeGreaterThan(1.5);
  });

  it("underwater removes the highs; lofi rolls them off", () => {
    const KHZ_4 = 6, KHZ_16 = 8;
    const underwater = octaveBandsDb(mastered("underwater"));
    const lofi = octaveBandsDb(mastered("lofi"));
    expect(cleanBands[KHZ_4] - underwater[KHZ_4]).toBeGreaterThan(20);
    expect(cleanBands[KHZ_16] - lofi[KHZ_16]).toBeGreaterThan(12);
  });

  it.each(AMBIENT_EFFECT_IDS.filter((id) => id !== "none"))("%s ambience measurably changes the spectrum", (id) => {
    const bands = octaveBandsDb(mastered("clean", id));
    const biggestChangeDb = Math.max(...bands.map((b, i) => Math.abs(b - cleanBands[i])));
    expect(biggestChangeDb).toBeGreaterThan(0.5);
  });

  it("ambient beds are deterministic for a seed and differ between seeds", () => {
    const a = renderAmbience("rain_light", SAMPLE_RATE * 2, 7);
    const b = renderAmbience("rain_light", SAMPLE_RATE * 2, 7);
    const c = renderAmbience("rain_light", SAMPLE_RATE * 2, 8);
    expect(Buffer.from(a.left.buffer).equals(Buffer.from(b.left.buffer))).toBe(true);
    expect(Buffer.from(a.left.buffer).equals(Buffer.from(c.left.buffer))).toBe(false);
  });
});

describe("encoders", () => {
  const audio = sine(440, 0.5, 3, "both");

  it("writes a valid 16-bit 44.1 kHz stereo PCM WAV header", () => {
    const wav = encodeWav(audio);
    const header = parseWavHeader(wav);
    expect(header).toMatchObject({ riff: "RIFF", wave: "WAVE|fmt ", format: 1, channels: 2, sampleRate: 44100, bitsPerSample: 16, blockAlign: 4, byteRate: 176400 });
    expect(header.dataBytes).toBe(audio.left.length * 4);
    expect(header.riffSize).toBe(wav.length - 8);
  });

  it("dithers: a very quiet sine is not just rounded to the same values", () => {
    const quiet = sine(440, 0.4 / 32767, 0.1, "both");
    const samples = new Int16Array(encodeWav(quiet).buffer, 44);
    expect(new Set(samples).size).toBeGreaterThan(2);
  });

  it("encodes MP3 as MPEG-1 Layer III at 192 kbps or more", async () => {
    const mp3 = await encodeMp3(audio);
    const frames = mp3Frames(mp3);
    expect(frames.length).toBeGreaterThan(100);
    expect(frames.every((f) => f.kbps >= 192 && f.sampleRate === 44100)).toBe(true);
  });

  // Both encoders the engine may use: the LAME program (CI installs it) and the WebAssembly build.
  it.each(["lame program", "wasm"] as const)("encodes a song in two halves on both cores and splices them into one stream (%s)", async (encoder) => {
    const random = new Random(3);
    const song = createStereo(40 * SAMPLE_RATE);
    for (let i = 0; i < song.left.length; i++) {
      song.left[i] = 0.3 * Math.sin(i * 0.02) + 0.05 * random.bipolar();
      song.right[i] = 0.3 * Math.sin(i * 0.023) + 0.05 * random.bipolar();
    }
    const previous = process.env.SONGLOOM_MP3_ENCODER;
    if (encoder === "wasm") process.env.SONGLOOM_MP3_ENCODER = "wasm";
    try {
      const lame = nativeLamePath();
      if (encoder === "lame program") expect(lame, "the lame program (Debian package lame) is installed").not.toBeNull();
      const whole = lame ? await encodeMp3Native(song, lame) : await encodeMp3(song);
      const spliced = await encodeMp3Parallel(song);
      const wholeFrames = readMp3Frames(whole);
      const splicedFrames = readMp3Frames(spliced);
      // Same frames, covering the same samples, each a valid 192 kbps frame; the streams start identically.
      expect(splicedFrames.length).toBe(wholeFrames.length);
      expect(mp3Frames(spliced).every((f) => f.kbps === 192 && f.sampleRate === 44100)).toBe(true);
      expect(Buffer.from(spliced.subarray(0, 100_000)).equals(Buffer.from(whole.subarray(0, 100_000)))).toBe(true);
    } finally {
      if (previous === undefined) delete process.env.SONGLOOM_MP3_ENCODER;
      else process.env.SONGLOOM_MP3_ENCODER = previous;
    }
  });

  it("quantises a WAV in pieces, in any order, to the same bytes as in one go, and LAME encodes exactly its PCM", async () => {
    const random = new Random(5);
    const song = createStereo(40 * SAMPLE_RATE);
    for (let i = 0; i < song.left.length; i++) {
      song.left[i] = 0.3 * Math.sin(i * 0.021) + 0.05 * random.bipolar();
      song.right[i] = 0.3 * Math.sin(i * 0.017) + 0.05 * random.bipolar();
    }
    const oneGo = encodeWav(song, 9);
    const stepped = new WavWriter(song, 9);
    let complete = false;
    void stepped.complete.then(() => (complete = true));
    stepped.quantise(600_000, song.left.length);
    stepped.quantise(0, 1000);
    expect(() => stepped.pcm(0, 5000)).toThrow(/quantised/);
    expect(() => stepped.pcm(500_000, 600_000)).toThrow(/quantised/);
    await Promise.resolve();
    expect(complete).toBe(false);
    stepped.quantise(1000, 600_000);
    await stepped.complete;
    expect(Buffer.from(stepped.bytes).equals(Buffer.from(oneGo))).toBe(true);

    const lame = nativeLamePath();
    expect(lame, "the lame program (Debian package lame) is installed").not.toBeNull();
    const writer = new WavWriter(song, 9);
    const spliced = await encodeMp3Parallel(song, writer);
    const ofWavPcm = await encodePcmNative(oneGo.subarray(44), SAMPLE_RATE, lame!);
    // The halves were fed the WAV's dithered PCM: the stream starts as the whole WAV's encoding does,
    // and differs from an encoding of the undithered floats.
    expect(readMp3Frames(spliced).length).toBe(readMp3Frames(ofWavPcm).length);
    expect(Buffer.from(spliced.subarray(0, 100_000)).equals(Buffer.from(ofWavPcm.subarray(0, 100_000)))).toBe(true);
    const ofFloats = await encodeMp3Native(song, lame!);
    expect(Buffer.from(ofFloats.subarray(0, 100_000)).equals(Buffer.from(ofWavPcm.subarray(0, 100_000)))).toBe(false);
    expect(Buffer.from(writer.bytes).equals(Buffer.from(oneGo))).toBe(true);
  });

  it("computes min/max peak pairs", () => {
    const peaks = waveformPeaks(audio, 50);
    expect(peaks.peaks).toHaveLength(100);
    expect(Math.max(...peaks.peaks)).toBeCloseTo(0.5, 2);
    expect(Math.min(...peaks.peaks)).toBeCloseTo(-0.5, 2);
  });
});
