// Loudness targets per platform, as data with where each number comes from. Streaming services turn
// louder songs down to their normalisation level, so a master louder than it only loses dynamics; one
// quieter is played quieter (most do not turn songs up past their peaks). The true-peak ceiling of −1 dBTP
// is every service's recommendation for lossy encodes (AES TD1004.1.15-10 and the services' own pages).

import type { Lufs } from "../../types";

export type PlatformId = "spotify" | "youtube" | "amazon" | "tidal" | "deezer" | "apple_music" | "soundcloud";

export interface PlatformTarget {
  id: PlatformId;
  name: string;
  /** The service's normalisation level, or null when it does not normalise. */
  normalizationLufs: Lufs | null;
  /** What the master aims at for this platform. */
  targetLufs: Lufs;
  source: string;
}

/**
 * Without normalisation (SoundCloud) a quieter song simply sounds quieter next to others, so the master aims
 * at a level common for loud streaming masters, short of the heavy limiting beyond it.
 */
const UNNORMALISED_TARGET_LUFS = -11;

export const TRUE_PEAK_CEILING_DBTP = -1;

export const PLATFORM_TARGETS: readonly PlatformTarget[] = [
  { id: "spotify", name: "Spotify", normalizationLufs: -14, targetLufs: -14, source: "Spotify for Artists, “Loudness normalization” (−14 LUFS integrated, −1 dBTP)" },
  { id: "youtube", name: "YouTube", normalizationLufs: -14, targetLufs: -14, source: "YouTube's stats for nerds “content loudness”, reference −14 LUFS" },
  { id: "amazon", name: "Amazon Music", normalizationLufs: -14, targetLufs: -14, source: "Amazon Music for Artists, audio specifications (−14 LUFS, −2 to −1 dBTP)" },
  { id: "tidal", name: "Tidal", normalizationLufs: -14, targetLufs: -14, source: "Tidal, “Loudness normalization” support article (−14 LUFS)" },
  { id: "deezer", name: "Deezer", normalizationLufs: -15, targetLufs: -15, source: "Deezer, “Why does the volume of my tracks vary?” (−15 LUFS)" },
  { id: "apple_music", name: "Apple Music", normalizationLufs: -16, targetLufs: -16, source: "Apple Digital Masters / Sound Check (−16 LUFS integrated)" },
  {
    id: "soundcloud",
    name: "SoundCloud",
    normalizationLufs: null,
    targetLufs: UNNORMALISED_TARGET_LUFS,
    source: "SoundCloud does not normalise playback; the master aims at −11 LUFS, a common level for loud masters",
  },
];

export const DEFAULT_PLATFORM: PlatformId = "spotify";

export function platformTarget(id: PlatformId): PlatformTarget {
  return PLATFORM_TARGETS.find((platform) => platform.id === id) ?? PLATFORM_TARGETS[0];
}

export const PLATFORM_IDS = PLATFORM_TARGETS.map((platform) => platform.id) as [PlatformId, ...PlatformId[]];
