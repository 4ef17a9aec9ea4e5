// The default preview window (spec 2 §4: 30 seconds, "default the loudest section"): the 30 seconds whose
// waveform (songs.wavePreview: min/max pairs over the whole song) holds the most energy. The page shows it
// before any audio is decoded; the user may move it.
import type { Song } from "../../../drizzle/schema/songs";
import { SAMPLE_SECONDS } from "./files";

export function defaultSampleStart(song: Pick<Song, "durationSeconds" | "wavePreview">): number {
  const duration = song.durationSeconds ?? 0;
  const peaks = song.wavePreview ?? [];
  const pairs = Math.floor(peaks.length / 2);
  if (duration <= SAMPLE_SECONDS || pairs === 0) return 0;
  const energy = Array.from({ length: pairs }, (_, i) => (peaks[2 * i + 1] - peaks[2 * i]) ** 2);
  const span = Math.max(1, Math.round((SAMPLE_SECONDS / duration) * pairs));
  let sum = energy.slice(0, span).reduce((a, b) => a + b, 0);
  let best = sum, bestAt = 0;
  for (let i = span; i < pairs; i++) {
    sum += energy[i] - energy[i - span];
    if (sum > best) [best, bestAt] = [sum, i - span + 1];
  }
  return clampSampleStart(song, Math.round((bestAt / pairs) * duration));
}

/** A start the whole window fits after (whole seconds). */
export function clampSampleStart(song: Pick<Song, "durationSeconds">, start: number): number {
  const latest = Math.max(0, Math.floor((song.durationSeconds ?? 0) - SAMPLE_SECONDS));
  return Math.min(latest, Math.max(0, Math.round(start)));
}
