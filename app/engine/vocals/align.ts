// Aligning a take to the song's beat grid: the global offset (beatOffset.ts), the shift, then per-phrase
// nudges (phraseNudges.ts).
import type { Bpm, Seconds } from "../types";
import { findBeatOffset, type AlignOptions, type BeatOffset } from "./beatOffset";
import { detectOnsetEvents } from "./onsets";
import { nudgePhrases, type PhraseNudge } from "./phraseNudges";

export { findBeatOffset, type AlignOptions, type BeatOffset } from "./beatOffset";

/** `signal` moved earlier by `offset` seconds (later when negative), same length, silence filled in. */
export function shiftSignal(signal: Float32Array, offset: Seconds, sampleRate: number): Float32Array {
  const samples = Math.round(offset * sampleRate);
  const shifted = new Float32Array(signal.length);
  if (samples >= 0) shifted.set(signal.subarray(Math.min(samples, signal.length)));
  else shifted.set(signal.subarray(0, Math.max(0, signal.length + samples)), -samples);
  return shifted;
}

/**
 * Finds the take's offset against the grid, shifts the take onto it, then nudges single phrases that
 * still sit off the grid (phraseNudges.ts). `onsetTimes` are the take's onsets moved with it, so later
 * stages need not detect them again.
 */
export function alignTake(
  signal: Float32Array,
  sampleRate: number,
  tempo: Bpm,
  options: AlignOptions = {},
): BeatOffset & { aligned: Float32Array; onsetTimes: Seconds[]; nudges: PhraseNudge[] } {
  const onsets = detectOnsetEvents(signal, sampleRate);
  const offset = findBeatOffset(onsets, tempo, options);
  const shifted = shiftSignal(signal, offset.offsetSeconds, sampleRate);
  const shiftedOnsets = onsets.map((onset) => ({ ...onset, time: onset.time - offset.offsetSeconds })).filter((onset) => onset.time >= 0);
  const phrased = nudgePhrases(shifted, sampleRate, shiftedOnsets, tempo);
  return { ...offset, aligned: phrased.nudged, onsetTimes: phrased.onsets.map((onset) => onset.time), nudges: phrased.nudges };
}
