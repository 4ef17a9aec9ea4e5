// The song's JSON description: the composer's facts (tempo, key, sections, segments with times,
// instruments) plus what only the rendered audio knows (length, loudness, true peak).

import type { CompositionDescription } from "../compose";
import type { Decibels, Lufs, Seconds } from "../types";

export interface SongDescription extends CompositionDescription {
  /** Length of the rendered audio, including the release and reverb tail. */
  renderedSeconds: Seconds;
  loudnessLufs: Lufs;
  truePeakDbtp: Decibels;
  mixStyleId: string;
  sfxId: string;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

export function songDescription(
  composed: CompositionDescription,
  audio: { renderedSeconds: Seconds; lufs: Lufs; truePeakDb: Decibels; mix: string; sfx: string },
): SongDescription {
  return {
    ...composed,
    renderedSeconds: round2(audio.renderedSeconds),
    loudnessLufs: round2(audio.lufs),
    truePeakDbtp: round2(audio.truePeakDb),
    mixStyleId: audio.mix,
    sfxId: audio.sfx,
  };
}
