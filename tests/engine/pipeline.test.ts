// The whole engine, rendered and measured: every style × filter renders to the loudness and peak
// targets without clipping or gaps and at the tempo asked for; styles sound measurably different; a
// full-length song and the CLI produce valid files; renders are deterministic across threads and stem
// caching.

import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { STYLES, defaultSongParams } from "~/engine/catalogue";
import { renderFromParts, renderSong, type SongRender } from "~/engine/pipeline";
import type { StereoBuffer } from "~/engine/types";
import { detectTempoBpm, longestSilenceSeconds, lowEndRatio, mp3Frames, octaveBandsDb, onsetRate, parseWavHeader, spectralCentroidHz, tempoMatches } from "./audioAnalysis";

const EXCERPT_SECONDS = 20;
const TAIL_SECONDS = 3;

/** Decodes our own 16-bit WAV back to floats for measuring. */
function wavToStereo(wav: Uint8Array): StereoBuffer {
  const samples = new Int16Array(wav.buffer, wav.byteOffset + 44, (wav.length - 44) / 2);
  const left = new Float32Array(samples.length / 2), right = new Float32Array(samples.length / 2);
  for (let i = 0; i < left.length; i++) {
    left[i] = samples[2 * i] / 32768;
    right[i] = samples[2 * i + 1] / 32768;
  }
  return { sampleRate: 44100, left, right };
}

const clippedSamples = (wav: Uint8Array) => new Int16Array(wav.buffer, wav.byteOffset + 44, (wav.length - 44) / 2).filter((s) => s >= 32767 || s <= -32768).length;

/** A window in the body of the song (past the intro), where every part plays. */
async function renderExcerpt(style: string, filter: string, seed = 11): Promise<SongRender> {
  const params = defaultSongParams(style, seed, filter);
  const probe = await renderSong(params, { excerpt: { startSeconds: 0, seconds: 0.1 }, mp3: false });
  const startSeconds = probe.description.durationSeconds * 0.35;
  return renderFromParts(probe.composition, probe.production, { excerpt: { startSeconds, seconds: EXCERPT_SECONDS }, mp3: false });
}

const COMBINATIONS = STYLES.flatMap((style) => style.filters.map((filter) => [style.value, filter] as const));

describe("every style and filter", () => {
  it.each(COMBINATIONS)("%s / %s renders on target", async (style, filter) => {
    const song = await renderExcerpt(style, filter);
    const audio = wavToStereo(song.wav);
    expect(Math.abs(song.stats.lufs + 14)).toBeLessThanOrEqual(1);
    expect(song.stats.truePeakDb).toBeLessThanOrEqual(-1);
    expect(clippedSamples(song.wav)).toBe(0);
    expect(longestSilenceSeconds(audio, -50, 0, EXCERPT_SECONDS)).toBeLessThanOrEqual(2);
    const hasDrums = song.tracks.some((t) => t.part === "drums" && t.notes.length > EXCERPT_SECONDS);
    if (hasDrums) {
      const detected = detectTempoBpm(audio);
      expect(tempoMatches(detected, song.stats.tempo), `detected ${detected.toFixed(1)} BPM for ${song.stats.tempo}`).toBe(true);
    }
  });
});

describe("styles sound different", () => {
  const features = new Map<string, { scalars: number[]; bandProfileDb: number[] }>();

  beforeAll(async () => {
    for (const style of STYLES) {
      const song = await renderExcerpt(style.value, style.defaultFilter, 5);
      const audio = wavToStereo(song.wav);
      const bands = octaveBandsDb(audio);
      const meanDb = bands.reduce((a, b) => a + b, 0) / bands.length;
      features.set(style.value, { scalars: [onsetRate(audio), spectralCentroidHz(audio), lowEndRatio(audio)], bandProfileDb: bands.map((b) => b - meanDb) });
    }
  });

  it("every pair of styles differs in onset rate, spectral centroid, low-end energy or spectral shape", () => {
    const names = [...features.keys()];
    for (let a = 0; a < names.length; a++) {
      for (let b = a + 1; b < names.length; b++) {
        const [fa, fb] = [features.get(names[a])!, features.get(names[b])!];
        // Relative difference per scalar feature (10 % tells them apart), or 3 dB in any octave of the
        // loudness-normalised spectrum.
        const scalar = Math.max(...fa.scalars.map((v, i) => Math.abs(v - fb.scalars[i]) / Math.max(Math.abs(v), Math.abs(fb.scalars[i]), 1e-9)));
        const shapeDb = Math.max(...fa.bandProfileDb.map((v, i) => Math.abs(v - fb.bandProfileDb[i])));
        expect(scalar > 0.1 || shapeDb > 3, `${names[a]} vs ${names[b]}: ${JSON.stringify([fa, fb])}`).toBe(true);
      }
    }
  });
});

describe("a full-length song", () => {
  let song: SongRender;
  beforeAll(async () => {
    song = await renderSong({ ...defaultSongParams("wd_edm", 21, "house"), mix: "dm_house" });
  });

  it("lasts the composition plus its tail and meets loudness and peak targets", () => {
    expect(song.stats.durationSeconds).toBeCloseTo(song.description.durationSeconds + TAIL_SECONDS, 0);
    expect(song.stats.durationSeconds).toBeGreaterThan(120);
    expect(Math.abs(song.stats.lufs + 14)).toBeLessThanOrEqual(1);
    expect(song.stats.truePeakDb).toBeLessThanOrEqual(-1);
    expect(clippedSamples(song.wav)).toBe(0);
  });

  it("keeps the tempo and has no gap longer than 2 s outside the intro and outro", () => {
    const audio = wavToStereo(song.wav);
    expect(tempoMatches(detectTempoBpm(audio), song.stats.tempo)).toBe(true);
    const sections = song.description.sections;
    const bodyStart = sections[0].kind === "intro" ? sections[0].endSeconds : 0;
    const last = sections[sections.length - 1];
    const bodyEnd = last.kind === "outro" ? last.startSeconds : last.endSeconds;
    expect(longestSilenceSeconds(audio, -50, bodyStart, bodyEnd)).toBeLessThanOrEqual(2);
  });

  it("writes a 192 kbps MP3, a valid WAV, MIDI, peaks and a description", () => {
    const frames = mp3Frames(song.mp3!);
    expect(frames.every((f) => f.kbps >= 192)).toBe(true);
    // 1152 samples per frame: the MP3 covers the whole song (plus encoder padding).
    expect((frames.length * 1152) / 44100).toBeGreaterThan(song.stats.durationSeconds);
    expect(parseWavHeader(song.wav)).toMatchObject({ channels: 2, sampleRate: 44100, bitsPerSample: 16 });
    expect(String.fromCharCode(...song.midi.subarray(0, 4))).toBe("MThd");
    expect(song.peaks.song.peaks).toHaveLength(2000);
    expect(song.peaks.segments).toHaveLength(song.composition.segments.length);
    expect(song.description).toMatchObject({ tempo: song.stats.tempo, key: song.stats.key, mixStyleId: "dm_house" });
    expect(song.description.loudnessLufs).toBeCloseTo(song.stats.lufs, 1);
  });
});

describe("deterministic rendering", () => {
  it("gives identical bytes on one thread, on two, and from cached stems", async () => {
    const params = { ...defaultSongParams("wd_rap", 3, "songloom_trap"), sfx: "rain_light" };
    const excerpt = { startSeconds: 30, seconds: 8 };
    const parallel = await renderSong(params, { excerpt, mp3: false, keepStems: true });
    const serial = await renderFromParts(parallel.composition, parallel.production, { excerpt, mp3: false, parallel: false });
    const cached = await renderFromParts(parallel.composition, parallel.production, { excerpt, mp3: false, stems: parallel.stems });
    expect(Buffer.from(serial.wav).equals(Buffer.from(parallel.wav))).toBe(true);
    expect(Buffer.from(cached.wav).equals(Buffer.from(parallel.wav))).toBe(true);
  });
});

describe("the song CLI", () => {
  const run = (args: string[]) => spawnSync("npx", ["tsx", "app/engine/cli.ts", ...args], { encoding: "utf8", cwd: path.resolve(__dirname, "../..") });

  it("rejects bad arguments with exit code 2 and the valid values", () => {
    const result = run(["--style", "wd_edm", "--filter", "polka", "--out", "x.mp3"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("house, electro_house, chill_wave");
  });

  it("writes the song, its MIDI and description, and prints one JSON line", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "songloom-cli-"));
    const out = path.join(dir, "song.mp3");
    const result = run(["--style", "wd_lofi", "--filter", "morning_sun", "--seed", "4", "--tempo", "80", "--intensity", "6", "--mix", "lofi", "--sfx", "rain_light", "--out", out]);
    expect(result.status, result.stderr).toBe(0);
    const line = JSON.parse(result.stdout.trim().split("\n").pop()!);
    expect(line).toMatchObject({ tempo: 80 });
    expect(Math.abs(line.lufs + 14)).toBeLessThanOrEqual(1);
    expect(line.timingsMs.render).toBeGreaterThan(0);
    expect(existsSync(path.join(dir, "song.mid"))).toBe(true);
    expect(JSON.parse(readFileSync(path.join(dir, "song.json"), "utf8")).tempo).toBe(80);
    expect(mp3Frames(readFileSync(out)).length).toBeGreaterThan(1000);
  });
});
