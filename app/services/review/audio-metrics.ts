// What the automatic review measures of a track's audio (issue 18 "audio: loudness, length ≥ 45 s,
// clipping, silence"), with the engine's own meters (BS.1770 loudness, sample peak), and the limits a
// reviewer is warned about. Pure: the caller decodes the WAV.
import { blockLoudness, integratedLoudness } from "~/engine/master/loudness";
import { samplePeak } from "~/engine/dsp/stereo";
import type { StereoBuffer } from "~/engine/types";

/** Stores refuse shorter tracks (most of them count a stream from 30 s; 45 s keeps clear of that). */
export const MIN_TRACK_SECONDS = 45;
/** Integrated loudness outside this range sounds broken next to other music on a store. */
export const LOUDNESS_RANGE_LUFS = { min: -20, max: -7 } as const;
/** A sample at or above this is at full scale: clipped. A few such samples are tolerated. */
export const CLIP_LEVEL = 0.9999;
export const CLIPPED_SAMPLES_LIMIT = 10;
/** A 400 ms block quieter than this counts as silence. */
export const SILENCE_LUFS = -60;
export const SILENCE_LIMITS = { leading: 5, trailing: 10, longest: 10 } as const;

const BLOCK_STEP_SECONDS = 0.1;

export interface AudioMetrics {
  durationSeconds: number;
  integratedLufs: number | null;
  peakDbfs: number | null;
  clippedSamples: number;
  longestSilenceSeconds: number;
  leadingSilenceSeconds: number;
  trailingSilenceSeconds: number;
}

export function measureAudio(buffer: StereoBuffer): AudioMetrics {
  const loudness = integratedLoudness(buffer);
  const peak = samplePeak(buffer);
  let clippedSamples = 0;
  for (let i = 0; i < buffer.left.length; i++) {
    if (Math.abs(buffer.left[i]) >= CLIP_LEVEL) clippedSamples++;
    if (Math.abs(buffer.right[i]) >= CLIP_LEVEL) clippedSamples++;
  }
  const silent = blockLoudness(buffer).map((lufs) => lufs < SILENCE_LUFS);
  let longest = 0;
  let run = 0;
  for (const quiet of silent) {
    run = quiet ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  const leading = silent.findIndex((quiet) => !quiet);
  const trailing = [...silent].reverse().findIndex((quiet) => !quiet);
  const durationSeconds = buffer.left.length / buffer.sampleRate;
  const allSilent = leading === -1;
  return {
    durationSeconds,
    integratedLufs: Number.isFinite(loudness) ? loudness : null,
    peakDbfs: peak > 0 ? 20 * Math.log10(peak) : null,
    clippedSamples,
    longestSilenceSeconds: allSilent ? durationSeconds : longest * BLOCK_STEP_SECONDS,
    leadingSilenceSeconds: allSilent ? durationSeconds : leading * BLOCK_STEP_SECONDS,
    trailingSilenceSeconds: allSilent ? durationSeconds : trailing * BLOCK_STEP_SECONDS,
  };
}

/** The reviewer's warnings about one track's measurements; empty when it is fine. */
export function audioWarnings(metrics: AudioMetrics): string[] {
  const warnings: string[] = [];
  const seconds = (value: number) => `${value.toFixed(1)} s`;
  if (metrics.durationSeconds < MIN_TRACK_SECONDS) warnings.push(`Shorter than ${MIN_TRACK_SECONDS} s (${seconds(metrics.durationSeconds)}).`);
  if (metrics.integratedLufs === null) warnings.push("No measurable audio: the track is silent.");
  else if (metrics.integratedLufs < LOUDNESS_RANGE_LUFS.min) warnings.push(`Very quiet: ${metrics.integratedLufs.toFixed(1)} LUFS (below ${LOUDNESS_RANGE_LUFS.min}).`);
  else if (metrics.integratedLufs > LOUDNESS_RANGE_LUFS.max) warnings.push(`Very loud: ${metrics.integratedLufs.toFixed(1)} LUFS (above ${LOUDNESS_RANGE_LUFS.max}).`);
  if (metrics.clippedSamples >= CLIPPED_SAMPLES_LIMIT) warnings.push(`Clipping: ${metrics.clippedSamples} samples at full scale.`);
  if (metrics.integratedLufs !== null) {
    if (metrics.leadingSilenceSeconds > SILENCE_LIMITS.leading) warnings.push(`Starts with ${seconds(metrics.leadingSilenceSeconds)} of silence.`);
    if (metrics.trailingSilenceSeconds > SILENCE_LIMITS.trailing) warnings.push(`Ends with ${seconds(metrics.trailingSilenceSeconds)} of silence.`);
    else if (metrics.longestSilenceSeconds > SILENCE_LIMITS.longest) warnings.push(`Contains ${seconds(metrics.longestSilenceSeconds)} of silence.`);
  }
  return warnings;
}
