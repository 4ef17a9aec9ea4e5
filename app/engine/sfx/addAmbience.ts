// Lays an ambient bed under a finished mix: render it, measure both, and set the bed a fixed number of
// LU under the music, with a short fade in and out so it never starts or stops abruptly.

import type { StereoBuffer } from "../types";
import { Random } from "../dsp/random";
import { createStereo } from "../dsp/stereo";
import { dbToGain } from "../dsp/units";
import { integratedLoudness } from "../master/loudness";
import { AMBIENT_EFFECT_IDS, AMBIENT_EFFECTS } from "./ambientBeds";

const FADE_SECONDS = 1;

/** Renders ambient effect `id` alone at its intrinsic level (for tests and previews). */
export function renderAmbience(id: string, lengthSamples: number, seed: number): StereoBuffer {
  const bed = createStereo(lengthSamples);
  if (id === "none") return bed;
  const effect = AMBIENT_EFFECTS[id as keyof typeof AMBIENT_EFFECTS];
  if (!effect) throw new Error(`Unknown ambient effect "${id}". Valid: ${AMBIENT_EFFECT_IDS.join(", ")}`);
  effect.bed(bed, new Random(seed));
  return bed;
}

/** Adds ambient effect `id` into `mix` in place. */
export function addAmbience(mix: StereoBuffer, id: string, seed: number): void {
  if (id === "none") return;
  const bed = renderAmbience(id, mix.left.length, seed);
  const musicLufs = integratedLoudness(mix);
  const bedLufs = integratedLoudness(bed);
  if (!Number.isFinite(bedLufs)) return;
  const reference = Number.isFinite(musicLufs) ? musicLufs : -16;
  const gain = dbToGain(reference + AMBIENT_EFFECTS[id as keyof typeof AMBIENT_EFFECTS].relativeLu - bedLufs);
  const fade = Math.min(Math.round(FADE_SECONDS * mix.sampleRate), Math.floor(mix.left.length / 2));
  const n = mix.left.length;
  for (let i = 0; i < n; i++) {
    const edge = Math.min(1, i / fade, (n - 1 - i) / fade);
    mix.left[i] += bed.left[i] * gain * edge;
    mix.right[i] += bed.right[i] * gain * edge;
  }
}
