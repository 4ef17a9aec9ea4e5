// The master on both cores: the stem worker, idle once the mix is made, runs the right channel's share
// (master/channelShare.ts) while this thread runs the left's. Same bytes as master() on one thread, which
// is what runs when the worker is busy with another render, when the caller asked for one thread, or when
// the mix is not in shared memory.

import { master, masterOnTwoThreads, type ChannelOp, type ChannelOpResult, type MasterPreset, type MasterResult } from "../master";
import type { StereoBuffer } from "../types";
import { prewarmRenderWorker } from "./renderMix";

export async function masterMix(mix: StereoBuffer, preset: MasterPreset, parallel: boolean): Promise<MasterResult> {
  const shared = mix.left.buffer instanceof SharedArrayBuffer && mix.right.buffer instanceof SharedArrayBuffer;
  const worker = parallel && shared ? prewarmRenderWorker() : null;
  if (!worker || worker.busy) return master(mix, preset);
  return masterOnTwoThreads(mix, preset, {
    run: async (op: ChannelOp) => (await worker.request<{ result: ChannelOpResult }>({ kind: "master", op })).result,
  });
}
