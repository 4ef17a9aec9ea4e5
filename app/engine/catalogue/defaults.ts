// Creation defaults from spec 1 §3, and how a song's tempo is settled.
import type { Bpm, SongParams } from "../types";
import { getStyle } from "./lookup";
import type { Filter } from "./types";

export const CREATION_DEFAULTS = {
  intensity: 5,
  instrumentLevel: 1,
  density: 0.5,
  humanness: 0.1,
  creativity: 5,
  influence: "hip hop",
  /** The tempo slider's starting value in the song creator. */
  creatorTempo: 90,
  /** The tempo the web app sends when advanced options are off. */
  tempoWhenNotAdvanced: 120,
  ensemble: "whole_db_harmonic",
  drumKit: "whole_db_drums",
  mix: "clean",
  sfx: "none",
} as const;

/** A requested tempo is honoured, within what the renderer can sensibly play. */
export const TEMPO_LIMITS = { min: 40, max: 220 } as const;

export type TempoLean = "any" | "fast" | "slow";

/**
 * The song's tempo: the requested one when given (clamped to TEMPO_LIMITS), otherwise a whole BPM from the
 * filter's range, picked from `seed` (the middle when there is no seed). "fast"/"slow" keep to the upper or
 * lower third of the range.
 */
export function resolveTempo(filter: Filter, requested?: Bpm, options: { seed?: number; lean?: TempoLean } = {}): Bpm {
  if (requested !== undefined && Number.isFinite(requested)) {
    return Math.min(TEMPO_LIMITS.max, Math.max(TEMPO_LIMITS.min, requested));
  }
  const { min, max } = filter.tempo;
  const third = (max - min) / 3;
  const low = options.lean === "fast" ? max - third : min;
  const high = options.lean === "slow" ? min + third : max;
  if (options.seed === undefined) return Math.round((low + high) / 2);
  // A hash-like spread of the seed over the range, independent of the composer's random streams.
  const unit = (Math.imul(options.seed ^ 0x5bd1e995, 0x27d4eb2d) >>> 0) / 4_294_967_296;
  return Math.round(low + unit * (high - low));
}

/** Song parameters with every spec default filled in; the filter defaults to the style's default filter. */
export function defaultSongParams(style: string, seed: number, filter = getStyle(style).defaultFilter): SongParams {
  return {
    style,
    filter,
    seed,
    intensity: CREATION_DEFAULTS.intensity,
    densities: {
      drums: CREATION_DEFAULTS.density,
      bass: CREATION_DEFAULTS.density,
      chords: CREATION_DEFAULTS.density,
      lead: CREATION_DEFAULTS.density,
    },
    humanness: CREATION_DEFAULTS.humanness,
    ensemble: CREATION_DEFAULTS.ensemble,
    drumKit: CREATION_DEFAULTS.drumKit,
    mix: CREATION_DEFAULTS.mix,
    sfx: CREATION_DEFAULTS.sfx,
  };
}
