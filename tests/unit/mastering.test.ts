// The mastering page's small rules (docs/mastering.md): when the tracking poll goes on, where the default
// 30-second window sits, and that every error code has words and every preset a letter.
import { MASTERING_PRESETS, PLATFORM_TARGETS, PRESET_LETTERS } from "~/engine/master/presets";
import { clampSampleStart, defaultSampleStart } from "~/services/mastering/sample-window";
import { shouldPoll } from "~/services/mastering/files";
import { MASTERING_ERRORS } from "~/utils/mastering";

test("the poll goes on while a file is neither ready nor waiting, and stops on a failure", () => {
  expect(shouldPoll([])).toBe(false);
  expect(shouldPoll(["queued"])).toBe(true);
  expect(shouldPoll(["ready", "processing"])).toBe(true);
  expect(shouldPoll(["ready", "waiting"])).toBe(false);
  expect(shouldPoll(["processing", "failed"])).toBe(false);
});

test("the default window is the loudest 30 seconds of the waveform, and always fits the song", () => {
  // 100 pairs over 120 s: quiet, with a loud stretch from 60 s to 90 s.
  const peaks = Array.from({ length: 100 }, (_, i) => (i >= 50 && i < 75 ? [-0.9, 0.9] : [-0.1, 0.1])).flat();
  expect(defaultSampleStart({ durationSeconds: 120, wavePreview: peaks })).toBe(60);
  expect(defaultSampleStart({ durationSeconds: 20, wavePreview: peaks })).toBe(0);
  expect(defaultSampleStart({ durationSeconds: 120, wavePreview: null })).toBe(0);
  expect(clampSampleStart({ durationSeconds: 120 }, 200)).toBe(90);
  expect(clampSampleStart({ durationSeconds: 120 }, -5)).toBe(0);
});

test("fourteen presets a–n with distinct names; every platform target and error code has its words", () => {
  expect(MASTERING_PRESETS.map((preset) => preset.letter)).toEqual([...PRESET_LETTERS]);
  expect(new Set(MASTERING_PRESETS.map((preset) => preset.name)).size).toBe(14);
  expect(Object.fromEntries(PLATFORM_TARGETS.map((platform) => [platform.id, platform.normalizationLufs]))).toEqual({
    spotify: -14,
    youtube: -14,
    amazon: -14,
    tidal: -14,
    deezer: -15,
    apple_music: -16,
    soundcloud: null,
  });
  for (const platform of PLATFORM_TARGETS) expect(platform.source.length).toBeGreaterThan(10);
  expect(Object.keys(MASTERING_ERRORS).sort()).toEqual(
    ["ERROR_LOADING_PREVIEW", "ERROR_LOADING_PREVIEW_UNRECOVERABLE", "ERROR_LOADING_PRODUCT", "ERROR_PRESET_SELECTION", "ERROR_PROCESSING", "ERROR_PROCESSING_UNRECOVERABLE"].sort(),
  );
  expect(MASTERING_ERRORS.ERROR_LOADING_PREVIEW_UNRECOVERABLE).toMatch(/contact support/);
  expect(MASTERING_ERRORS.ERROR_LOADING_PRODUCT).toMatch(/Refresh/);
});
