// Waveform peaks for a whole song and for each 2-bar segment, as the player and the arrangement
// editor draw them.

import type { Seconds, StereoBuffer } from "../types";
import { waveformPeaks, type WaveformPeaks } from "./peaks";

export const SONG_PEAK_PAIRS = 1000;
export const SEGMENT_PEAK_PAIRS = 64;

export interface SongPeaks {
  song: WaveformPeaks;
  segments: WaveformPeaks[];
}

export function songPeaks(audio: StereoBuffer, segmentSeconds: Seconds, segmentCount: number): SongPeaks {
  const renderedSeconds = audio.left.length / audio.sampleRate;
  const segments: WaveformPeaks[] = [];
  for (let s = 0; s < segmentCount && s * segmentSeconds < renderedSeconds; s++) {
    segments.push(waveformPeaks(audio, SEGMENT_PEAK_PAIRS, s * segmentSeconds, (s + 1) * segmentSeconds));
  }
  return { song: waveformPeaks(audio, SONG_PEAK_PAIRS), segments };
}
