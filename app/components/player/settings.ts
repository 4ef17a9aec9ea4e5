// The listener's player settings (spec 1 §3 Player): volume, blend and mute, kept in localStorage so they
// survive reloads and later visits. Pure helpers; the provider reads and writes the storage.
//
// Blend is how much consecutive songs overlap: at 100 the next song fades in under the last
// MAX_CROSSFADE_SECONDS of the one ending (a DJ-style blend between songs); at 0 songs play back to back.
// See docs/decisions/008-player-settings-and-blend.md.

export const DEFAULT_VOLUME = 30;
export const DEFAULT_BLEND = 100;
export const MAX_CROSSFADE_SECONDS = 4;
export const SETTINGS_STORAGE_KEY = "songloom.player.settings.v1";

export interface PlayerSettings {
  /** 0..100. While muted this is the volume that unmuting restores. */
  volume: number;
  /** 0..100. */
  blend: number;
  muted: boolean;
}

export const DEFAULT_SETTINGS: PlayerSettings = { volume: DEFAULT_VOLUME, blend: DEFAULT_BLEND, muted: false };

function percent(value: unknown, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) ? Math.min(100, Math.max(0, Math.round(value))) : fallback;
}

/** Settings from storage; anything missing or malformed falls back to the defaults, field by field. */
export function parseSettings(stored: string | null): PlayerSettings {
  if (!stored) return DEFAULT_SETTINGS;
  let raw: unknown;
  try {
    raw = JSON.parse(stored);
  } catch {
    return DEFAULT_SETTINGS;
  }
  if (typeof raw !== "object" || raw === null) return DEFAULT_SETTINGS;
  const record = raw as Record<string, unknown>;
  return {
    volume: percent(record.volume, DEFAULT_VOLUME),
    blend: percent(record.blend, DEFAULT_BLEND),
    muted: record.muted === true,
  };
}

/**
 * Muting keeps the chosen volume (the "saved settings"), so unmuting restores it; moving the volume
 * while muted unmutes at the new level.
 */
export function toggleMute(settings: PlayerSettings): PlayerSettings {
  return { ...settings, muted: !settings.muted };
}

export function setVolume(settings: PlayerSettings, volume: number): PlayerSettings {
  return { ...settings, volume: percent(volume, settings.volume), muted: false };
}

export function setBlend(settings: PlayerSettings, blend: number): PlayerSettings {
  return { ...settings, blend: percent(blend, settings.blend) };
}

/** The gain (0..1) the audio plays at. */
export function outputGain(settings: PlayerSettings): number {
  return settings.muted ? 0 : settings.volume / 100;
}

/** Seconds the next song overlaps the end of the current one, never more than a third of the song. */
export function crossfadeSeconds(settings: PlayerSettings, songSeconds: number): number {
  return Math.min((settings.blend / 100) * MAX_CROSSFADE_SECONDS, Math.max(0, songSeconds) / 3);
}
