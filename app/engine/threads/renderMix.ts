// Renders every track and mixes it, using both cores: the tracks are split into two groups of similar
// cost; a long-lived worker renders one group into a partial mix while this thread renders the other,
// then the partials are summed in a fixed order and the mix's effects and bus chain run here.
// `parallel: false` runs both groups in this thread and gives the same bytes.

import type { PartName, StereoBuffer, Track } from "../types";
import { Mixer, type MixOptions } from "../mix";
import { renderPartialMix, type PartialMixRequest, type PartialMixResult } from "./partialMix";
import { splitTracks } from "./stemGroups";
import { WorkerThread } from "./workerThread";

export interface RenderMixRequest {
  tracks: Track[];
  lengthSamples: number;
  options: MixOptions;
  parallel: boolean;
  keepStems: boolean;
  cachedStems?: Partial<Record<PartName, StereoBuffer>>;
}

export interface RenderMixResult {
  mix: StereoBuffer;
  stems: Partial<Record<PartName, StereoBuffer>>;
  timings: { stemsMs: number; renderCpuMs: number; stripCpuMs: number; effectsMs: number };
}

let worker: WorkerThread | null = null;

export async function renderMix(request: RenderMixRequest): Promise<RenderMixResult> {
  const started = performance.now();
  const cached = request.cachedStems ?? {};
  // Parts with a cached stem cost nothing to render: they stay on this thread.
  const toRender = request.tracks.filter((t) => !cached[t.part]);
  const [groupA, groupB] = splitTracks(toRender);
  const base = { allTracks: request.tracks, lengthSamples: request.lengthSamples, options: request.options, keepStems: request.keepStems };
  const mixer = new Mixer(request.lengthSamples, request.tracks, request.options);
  const mainGroup = [...request.tracks.filter((t) => cached[t.part]), ...groupA];
  const mainRequest: PartialMixRequest = { ...base, group: mainGroup, cachedStems: cached };
  const otherRequest: PartialMixRequest = { ...base, group: groupB };

  let main: PartialMixResult, other: PartialMixResult;
  if (request.parallel && groupB.length > 0) {
    worker ??= new WorkerThread(new URL("./partialMixWorker.ts", import.meta.url));
    const pending = worker.request<PartialMixResult>(otherRequest);
    main = await renderPartialMix(mainRequest, mixer);
    other = await pending;
  } else {
    main = await renderPartialMix(mainRequest, mixer);
    other = await renderPartialMix(otherRequest);
  }
  mixer.addPartial(other.partial);
  const stemsMs = performance.now() - started;
  const t = performance.now();
  const mix = mixer.finish();
  return {
    mix,
    stems: { ...main.stems, ...other.stems },
    timings: {
      stemsMs,
      renderCpuMs: main.renderMs + other.renderMs,
      stripCpuMs: main.stripMs + other.stripMs,
      effectsMs: performance.now() - t,
    },
  };
}
