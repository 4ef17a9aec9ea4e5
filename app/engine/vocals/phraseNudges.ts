// Per-phrase timing nudges after the global alignment: a singer drifts a little from phrase to phrase, so
// each phrase (sound between breaths of at least 250 ms) may move by up to ±40 ms on its own when that puts
// its onsets clearly closer to the grid. Phrases are moved whole, in their surrounding silence, so nothing
// inside a phrase is stretched or cut.
import type { Bpm, Seconds } from "../types";
import { findBeatOffset } from "./beatOffset";
import type { Onset } from "./onsets";

export interface PhraseNudge {
  start: Seconds;
  end: Seconds;
  /** How much earlier the phrase was moved (negative: later). */
  nudgeSeconds: Seconds;
}

const BLOCK_SECONDS: Seconds = 0.01;
/** Quieter than this under the take's loudest block counts as a breath. */
const SILENCE_DB = -40;
const MIN_BREATH: Seconds = 0.25;
const MAX_NUDGE: Seconds = 0.04;
const MIN_NUDGE: Seconds = 0.005;
/** A nudge must raise the phrase's grid fit by this fraction, or the phrase stays where the take put it. */
const MIN_GAIN = 0.15;
const MIN_ONSETS = 3;

/** Sounding stretches [start, end) in seconds, separated by breaths. */
export function findPhrases(signal: Float32Array, sampleRate: number): [Seconds, Seconds][] {
  const block = Math.round(BLOCK_SECONDS * sampleRate);
  const count = Math.floor(signal.length / block);
  const levels = new Float64Array(count);
  let loudest = 0;
  for (let index = 0; index < count; index++) {
    let sum = 0;
    for (let at = index * block; at < (index + 1) * block; at++) sum += signal[at] * signal[at];
    levels[index] = sum / block;
    loudest = Math.max(loudest, levels[index]);
  }
  const threshold = loudest * Math.pow(10, SILENCE_DB / 10);
  const breathBlocks = Math.round(MIN_BREATH / BLOCK_SECONDS);
  const phrases: [Seconds, Seconds][] = [];
  let start = -1;
  let lastLoud = -1;
  for (let index = 0; index <= count; index++) {
    const loud = index < count && loudest > 0 && levels[index] > threshold;
    if (loud) {
      if (start < 0) start = index;
      else if (index - lastLoud > breathBlocks) {
        phrases.push([start * BLOCK_SECONDS, (lastLoud + 1) * BLOCK_SECONDS]);
        start = index;
      }
      lastLoud = index;
    }
  }
  if (start >= 0) phrases.push([start * BLOCK_SECONDS, (lastLoud + 1) * BLOCK_SECONDS]);
  return phrases;
}

/** Moves phrases of an aligned take onto the grid; returns the take, the nudges and the onsets moved too. */
export function nudgePhrases(
  signal: Float32Array,
  sampleRate: number,
  onsets: readonly Onset[],
  tempo: Bpm,
): { nudged: Float32Array; nudges: PhraseNudge[]; onsets: Onset[] } {
  const nudged = signal.slice();
  const nudges: PhraseNudge[] = [];
  const moved = onsets.map((onset) => ({ ...onset }));
  for (const [start, end] of findPhrases(signal, sampleRate)) {
    const inside = moved.filter((onset) => onset.time >= start - 0.02 && onset.time < end);
    if (inside.length < MIN_ONSETS) continue;
    const current = findBeatOffset(inside, tempo, { maxOffset: 0 }).fit;
    const best = findBeatOffset(inside, tempo, { maxOffset: MAX_NUDGE });
    if (Math.abs(best.offsetSeconds) < MIN_NUDGE || best.fit < current * (1 + MIN_GAIN)) continue;
    const shift = Math.round(best.offsetSeconds * sampleRate);
    const from = Math.round(start * sampleRate);
    const to = Math.min(signal.length, Math.round(end * sampleRate));
    nudged.fill(0, from, to);
    for (let at = from; at < to; at++) {
      const target = at - shift;
      if (target >= 0 && target < nudged.length) nudged[target] = signal[at];
    }
    for (const onset of inside) onset.time -= best.offsetSeconds;
    nudges.push({ start, end, nudgeSeconds: best.offsetSeconds });
  }
  return { nudged, nudges, onsets: moved };
}
