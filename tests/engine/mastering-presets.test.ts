// The fourteen mastering presets held to their promises on 12 s of synthetic mix (masteringMaterial.ts):
// every preview lands on the platform's loudness (±0.5 LU, the engine's meter, and ffmpeg's ebur128 within
// 0.2 LU of it) under −1 dBTP; the fourteen are measurably different from each other; each moves the song
// the way its name says; intensity scales the move; the full-song chain (bands split block by block) gives
// what the previews' shared split gives.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { encodeWav } from "~/engine/encode";
import { integratedLoudness, truePeakDb } from "~/engine/master";
import {
  loudestWindowStart,
  masterWithPreset,
  MASTERING_PRESETS,
  measureCharacter,
  platformTarget,
  presetByLetter,
  renderPreviews,
  type Character,
  type PreviewSet,
} from "~/engine/master/presets";
import type { StereoBuffer } from "~/engine/types";
import { masteringMaterial } from "./masteringMaterial";

const material = masteringMaterial(12);
let set: PreviewSet;
let input: Character;
const character: Record<string, Character> = {};

/** The features compared: balance of the low and high bands against the mid band, crest factor, width. */
const features = (c: Character) => [c.lowDb - c.midDb, c.highDb - c.midDb, c.crestDb, c.widthDb];
const distance = (a: Character, b: Character) => Math.hypot(...features(a).map((value, i) => value - features(b)[i]));

beforeAll(() => {
  set = renderPreviews(material, { intensity: 70, targetLufs: -14 });
  input = measureCharacter(material);
  for (const preview of set.previews) character[preview.preset.id] = measureCharacter(preview.audio);
});

/** ffmpeg's ebur128 reading (its summary's "I: -14.0 LUFS", to 0.1 LU), or null without ffmpeg. */
function ffmpegIntegrated(audio: StereoBuffer): number | null {
  const dir = mkdtempSync(path.join(tmpdir(), "mastering-"));
  try {
    const file = path.join(dir, "preview.wav");
    writeFileSync(file, encodeWav(audio));
    const run = spawnSync("ffmpeg", ["-hide_banner", "-nostats", "-i", file, "-af", "ebur128", "-f", "null", "-"], { encoding: "utf8" });
    if (run.error) return null;
    const summary = /Summary:[\s\S]*?I:\s+(-?[\d.]+) LUFS/.exec(run.stderr);
    expect(summary, run.stderr.slice(-500)).not.toBeNull();
    return Number(summary![1]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("loudness and true peak", () => {
  test("every preview lands within ±0.5 LU of the target and at or under −1 dBTP, by the engine's meter", () => {
    expect(set.previews).toHaveLength(14);
    for (const preview of set.previews) {
      const measured = integratedLoudness(preview.audio);
      expect(Math.abs(measured - -14), preview.preset.name).toBeLessThanOrEqual(0.5);
      expect(Math.abs(measured - preview.after.lufs)).toBeLessThan(0.01);
      expect(truePeakDb(preview.audio), preview.preset.name).toBeLessThanOrEqual(-1);
      expect(preview.before.lufs).toBeCloseTo(integratedLoudness(material), 5);
    }
  });

  test("ffmpeg's ebur128 agrees with the engine's meter within 0.2 LU", () => {
    // ebur128 prints the integrated loudness as "I: -14.0 LUFS" on stderr (to 0.1 LU).
    for (const preview of [set.previews[0], set.previews[4], set.previews[13]]) {
      const ffmpeg = ffmpegIntegrated(preview.audio);
      if (ffmpeg === null) return; // ffmpeg not installed
      expect(Math.abs(ffmpeg - preview.after.lufs), preview.preset.name).toBeLessThanOrEqual(0.2);
    }
  });

  test("a platform's target is met (Apple Music −16, SoundCloud −11)", () => {
    const crystal = presetByLetter("g")!;
    for (const platform of ["apple_music", "soundcloud"] as const) {
      const target = platformTarget(platform).targetLufs;
      const result = renderPreviews(masteringMaterial(6), { intensity: 50, targetLufs: target, presets: [crystal] }).previews[0];
      expect(Math.abs(integratedLoudness(result.audio) - target)).toBeLessThanOrEqual(0.5);
      expect(truePeakDb(result.audio)).toBeLessThanOrEqual(-1);
    }
  });
});

describe("character", () => {
  test("the fourteen are pairwise distinguishable", () => {
    const ids = MASTERING_PRESETS.map((preset) => preset.id);
    for (let a = 0; a < ids.length; a++) {
      for (let b = a + 1; b < ids.length; b++) {
        expect(distance(character[ids[a]], character[ids[b]]), `${ids[a]} vs ${ids[b]}`).toBeGreaterThan(0.5);
      }
    }
  });

  test("each moves the song the way its name says", () => {
    const low = (id: string) => character[id].lowDb - character[id].midDb;
    const high = (id: string) => character[id].highDb - character[id].midDb;
    const ranked = (measure: (id: string) => number) => MASTERING_PRESETS.map((preset) => preset.id).sort((a, b) => measure(b) - measure(a));
    // Rumble has the most low end of all, Thump next to it; Crystal and Lift the least.
    expect(ranked(low)[0]).toBe("rumble");
    expect(low("rumble")).toBeGreaterThan(low("crystal") + 4);
    expect(low("thump")).toBeGreaterThan(low("balance"));
    expect(ranked(low).slice(-2).sort()).toEqual(["crystal", "lift"]);
    // Crystal and Shimmer are the brightest; Hilltop and Rumble the darkest.
    expect(ranked(high).slice(0, 2).sort()).toEqual(["crystal", "shimmer"]);
    expect(ranked(high).slice(-2).sort()).toEqual(["hilltop", "rumble"]);
    // Ambiance, Shimmer and Oasis widen the image; Rumble and Lift narrow it.
    for (const id of ["ambiance", "shimmer", "oasis"]) expect(character[id].widthDb, id).toBeGreaterThan(input.widthDb + 1.5);
    for (const id of ["rumble", "lift"]) expect(character[id].widthDb, id).toBeLessThan(character.balance.widthDb);
    expect(ranked((id) => character[id].widthDb).slice(0, 3)).toContain("ambiance");
    // Electric and Skyscraper are denser than Bouncy (lower crest factor).
    expect(character.electric.crestDb).toBeLessThan(character.bouncy.crestDb);
    expect(character.skyscraper.crestDb).toBeLessThan(character.bouncy.crestDb);
    // Subtle is the closest to the input (brought to the same loudness).
    const closest = MASTERING_PRESETS.map((preset) => preset.id).sort((a, b) => distance(character[a], input) - distance(character[b], input));
    expect(closest[0]).toBe("subtle");
  });

  test("intensity scales the move: 0 keeps the balance, 100 moves further than 40", () => {
    const rumble = presetByLetter("e")!;
    const at = (intensity: number) => measureCharacter(renderPreviews(material, { intensity, targetLufs: -14, presets: [rumble] }).previews[0].audio);
    const none = at(0), some = at(40), full = at(100);
    expect(distance(none, input)).toBeLessThan(1);
    expect(distance(full, input)).toBeGreaterThan(distance(some, input));
    expect(full.lowDb - full.midDb).toBeGreaterThan(some.lowDb - some.midDb);
  });
});

test("the whole-song chain gives the previews' result, and the loudest window is found", () => {
  const electric = presetByLetter("h")!;
  const whole = masterWithPreset({ ...material, left: material.left.slice(), right: material.right.slice() }, electric, { intensity: 70, targetLufs: -14 });
  const preview = set.previews.find((p) => p.preset.id === "electric")!;
  expect(whole.after.lufs).toBeCloseTo(preview.after.lufs, 2);
  expect(Math.abs(whole.audio.left[44100] - preview.audio.left[44100])).toBeLessThan(1e-4);
  // A quiet stretch, then a loud one from 8 s: the loudest 3-second window starts there.
  const song = masteringMaterial(12, 0.05);
  for (let i = 8 * 44100; i < song.left.length; i++) {
    song.left[i] *= 6;
    song.right[i] *= 6;
  }
  expect(Math.abs(loudestWindowStart(song, 3) - 8)).toBeLessThanOrEqual(0.5);
});
