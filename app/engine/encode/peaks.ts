// Waveform peaks for the player and the arrangement view: N (min, max) pairs over a range of the song,
// as plain numbers rounded to 4 decimals so the JSON stays small.

import type { Seconds, StereoBuffer } from "../types";

export interface WaveformPeaks {
  /** Interleaved [min0, max0, min1, max1, ...] of the mono sum, each in -1..1. */
  peaks: number[];
  startSeconds: Seconds;
  endSeconds: Seconds;
}

const round4 = (v: number) => Math.round(v * 10000) / 10000;

export function waveformPeaks(buffer: StereoBuffer, pairs: number, startSeconds: Seconds = 0, endSeconds?: Seconds): WaveformPeaks {
  const total = buffer.left.length;
  const end = Math.min(total, Math.round((endSeconds ?? total / buffer.sampleRate) * buffer.sampleRate));
  const start = Math.min(end, Math.max(0, Math.round(startSeconds * buffer.sampleRate)));
  const span = end - start;
  const peaks: number[] = [];
  for (let p = 0; p < pairs; p++) {
    const from = start + Math.floor((p * span) / pairs);
    const to = Math.max(from + 1, start + Math.floor(((p + 1) * span) / pairs));
    let min = 0, max = 0;
    for (let i = from; i < Math.min(to, end); i++) {
      const v = (buffer.left[i] + buffer.right[i]) / 2;
      if (v < min) min = v;
      if (v > max) max = v;
    }
    peaks.push(round4(min), round4(max));
  }
  return { peaks, startSeconds: start / buffer.sampleRate, endSeconds: end / buffer.sampleRate };
}
