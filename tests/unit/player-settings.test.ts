// Player settings (spec 1 §3 Player, §9): volume 30 and blend 100 by default, mute keeps the volume.
import {
  crossfadeSeconds,
  DEFAULT_SETTINGS,
  MAX_CROSSFADE_SECONDS,
  outputGain,
  parseSettings,
  setVolume,
  toggleMute,
} from "~/components/player/settings";

describe("player settings", () => {
  it("defaults to volume 30, blend 100, not muted", () => {
    expect(parseSettings(null)).toEqual({ volume: 30, blend: 100, muted: false });
  });

  it("falls back field by field on stored junk", () => {
    expect(parseSettings("not json")).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings(JSON.stringify({ volume: 250, blend: "x", muted: true }))).toEqual({ volume: 100, blend: 100, muted: true });
  });

  it("round-trips through storage", () => {
    const settings = { volume: 55, blend: 20, muted: true };
    expect(parseSettings(JSON.stringify(settings))).toEqual(settings);
  });

  it("mute silences without losing the volume; unmute restores it", () => {
    const muted = toggleMute({ ...DEFAULT_SETTINGS, volume: 70 });
    expect(outputGain(muted)).toBe(0);
    expect(outputGain(toggleMute(muted))).toBeCloseTo(0.7);
  });

  it("moving the volume while muted unmutes at the new level", () => {
    expect(setVolume(toggleMute(DEFAULT_SETTINGS), 40)).toEqual({ ...DEFAULT_SETTINGS, volume: 40, muted: false });
  });

  it("blend sets the overlap between songs, never more than a third of a short song", () => {
    expect(crossfadeSeconds(DEFAULT_SETTINGS, 180)).toBe(MAX_CROSSFADE_SECONDS);
    expect(crossfadeSeconds({ ...DEFAULT_SETTINGS, blend: 50 }, 180)).toBe(MAX_CROSSFADE_SECONDS / 2);
    expect(crossfadeSeconds({ ...DEFAULT_SETTINGS, blend: 0 }, 180)).toBe(0);
    expect(crossfadeSeconds(DEFAULT_SETTINGS, 6)).toBe(2);
  });
});
