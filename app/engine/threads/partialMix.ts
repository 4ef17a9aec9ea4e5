// Renders a group of tracks to stems and runs each through its channel strip into a partial mix. This
// is the unit of work for one core: the main thread runs one group while a worker runs the other.
// Stems come from `cachedStems` when given (the edit flow re-renders only the parts that changed).

import type { PartName, StereoBuffer, Track } from "../types";
import { SAMPLE_RATE } from "../types";
import { Mixer, type MixOptions, type PartialMix } from "../mix";
import { renderStem } from "../render";

export interface PartialMixRequest {
  group: Track[];
  /** All of the song's tracks: pumping is keyed from the kick even when drums are in the other group. */
  allTracks: Track[];
  lengthSamples: number;
  options: MixOptions;
  keepStems: boolean;
  cachedStems?: Partial<Record<PartName, StereoBuffer>>;
}

export interface PartialMixResult {
  partial: PartialMix;
  stems: Partial<Record<PartName, StereoBuffer>>;
  renderMs: number;
  stripMs: number;
}

export async function renderPartialMix(request: PartialMixRequest, mixer = new Mixer(request.lengthSamples, request.allTracks, request.options)): Promise<PartialMixResult> {
  const stems: Partial<Record<PartName, StereoBuffer>> = {};
  let renderMs = 0, stripMs = 0;
  for (const track of request.group) {
    let t = performance.now();
    const stem = request.cachedStems?.[track.part] ?? (await renderStem(track, request.lengthSamples / SAMPLE_RATE));
    renderMs += performance.now() - t;
    t = performance.now();
    mixer.addStem(track.part, stem);
    stripMs += performance.now() - t;
    if (request.keepStems) stems[track.part] = stem;
  }
  return { partial: mixer.partial(), stems, renderMs, stripMs };
}
