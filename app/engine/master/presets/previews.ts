// Previews: every preset run on the same 30-second sample, sharing the measuring of the input and its band
// split, with the unmastered sample at matched loudness for A/B listening, each output's loudness and
// true peak, and its octave spectrum (the picture on the Select Preview step).

import type { Lufs, StereoBuffer } from "../../types";
import { octaveSpectrum } from "./analysis";
import { splitBands } from "./bands";
import { MASTERING_PRESETS, type MasteringPreset } from "./catalogue";
import { loudnessMatched, measureLoudness, prepareInput, runPreset, type MasteredAudio } from "./chain";

export interface Preview extends MasteredAudio {
  preset: MasteringPreset;
  spectrum: number[];
}

export interface PreviewSet {
  original: MasteredAudio & { spectrum: number[] };
  previews: Preview[];
}

export interface PreviewOptions {
  intensity: number;
  targetLufs: Lufs;
  presets?: readonly MasteringPreset[];
}

/** Every preset (or the given ones) on `sample`; the sample's buffers are left as they are. */
export function renderPreviews(sample: StereoBuffer, options: PreviewOptions): PreviewSet {
  const before = measureLoudness(sample);
  const prepared = prepareInput(sample, splitBands(sample), before);
  const previews = (options.presets ?? MASTERING_PRESETS).map((preset): Preview => {
    const result = runPreset(prepared, preset, { intensity: options.intensity, targetLufs: options.targetLufs });
    return { ...result, preset, spectrum: octaveSpectrum(result.audio) };
  });
  const original = loudnessMatched(sample, before, options.targetLufs);
  return { original: { ...original, spectrum: octaveSpectrum(original.audio) }, previews };
}
