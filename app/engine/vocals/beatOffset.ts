// The take's offset against the song's beat grid. The take was recorded while the song played (or
// uploaded to start with it), so it is off by a latency, not by bars: every offset within ±maxOffset is
// tried, and the one that puts the onsets nearest to beats, then 8ths, then 16ths wins.
import type { Bpm, Seconds } from "../types";
import type { Onset } from "./onsets";

export interface BeatOffset {
  /** How late the take is against the grid: positive means it is moved earlier by this much. */
  offsetSeconds: Seconds;
  /** Mean grid fit of the onsets at that offset, 0..1.75 (0 = no onsets or none near the grid). */
  fit: number;
  onsets: number;
}

export interface AlignOptions {
  /** Largest offset searched either way. */
  maxOffset?: Seconds;
}

const DEFAULT_MAX_OFFSET: Seconds = 0.35;
const SEARCH_STEP: Seconds = 0.001;
/** How close (standard deviation) an onset must be to a grid line to count as on it. */
const GRID_SPREAD: Seconds = 0.012;
/** Metrical weights: an onset on a beat is worth more than one on an 8th or a 16th. */
const LEVEL_WEIGHTS = [
  { division: 1, weight: 1 },
  { division: 2, weight: 0.5 },
  { division: 4, weight: 0.25 },
];
/** Ties between offsets a beat apart go to the smaller one: latency is short. */
const SMALL_OFFSET_PREFERENCE = 0.05;

/** Distance from `time` to the nearest multiple of `period`. */
function distanceToGrid(time: Seconds, period: Seconds): Seconds {
  const phase = ((time % period) + period) % period;
  return Math.min(phase, period - phase);
}

function gridFit(onsets: readonly Onset[], offset: Seconds, beat: Seconds): number {
  let total = 0;
  let weights = 0;
  for (const onset of onsets) {
    const time = onset.time - offset;
    let fit = 0;
    for (const level of LEVEL_WEIGHTS) {
      const distance = distanceToGrid(time, beat / level.division);
      fit += level.weight * Math.exp(-0.5 * (distance / GRID_SPREAD) ** 2);
    }
    total += fit * onset.strength;
    weights += onset.strength;
  }
  return weights > 0 ? total / weights : 0;
}

/** The offset that best puts `onsets` on the beat grid of `tempo` (grid line 0 at time 0). */
export function findBeatOffset(onsets: readonly Onset[], tempo: Bpm, options: AlignOptions = {}): BeatOffset {
  if (!(tempo > 0)) throw new RangeError(`tempo must be positive, got ${tempo}`);
  const beat = 60 / tempo;
  const maxOffset = options.maxOffset ?? DEFAULT_MAX_OFFSET;
  if (onsets.length === 0) return { offsetSeconds: 0, fit: 0, onsets: 0 };
  let best = { offsetSeconds: 0, fit: gridFit(onsets, 0, beat), score: -Infinity };
  const steps = Math.round(maxOffset / SEARCH_STEP);
  for (let step = -steps; step <= steps; step++) {
    const offset = step * SEARCH_STEP;
    const fit = gridFit(onsets, offset, beat);
    const score = fit * (1 - (SMALL_OFFSET_PREFERENCE * Math.abs(offset)) / maxOffset);
    if (score > best.score) best = { offsetSeconds: offset, fit, score };
  }
  return { offsetSeconds: best.offsetSeconds, fit: best.fit, onsets: onsets.length };
}
