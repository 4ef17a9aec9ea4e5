// The master on both cores: the stem worker, idle once the mix is made, runs the right channel's share
// (master/channelShare.ts) while this thread runs the left's; the right channel's buffers are transferred
// there and back with each op. Same bytes as master() on one thread, which is what runs when the worker is
// busy with another render, when the caller asked for one thread, or when a channel does not own its
// ArrayBuffer (a view into a larger one cannot be transferred).

import { master, masterOnTwoThreads, type ChannelOp, type ChannelOpResult, type FirstSeconds, type MasterPreset, type MasterResult } from "../master";
import type { StereoBuffer } from "../types";
import { prewarmRenderWorker } from "./renderMix";

export async function masterMix(mix: StereoBuffer, preset: MasterPreset, parallel: boolean, first?: FirstSeconds, pause?: () => Promise<void>): Promise<MasterResult> {
  const worker = parallel && ownsBuffer(mix.left) && ownsBuffer(mix.right) && mix.left.buffer !== mix.right.buffer ? prewarmRenderWorker() : null;
  if (!worker || worker.busy) return master(mix, preset, first);
  return masterOnTwoThreads(mix, preset, {
    run: async (op: ChannelOp) => {
      const transfer = [op.samples.buffer, ...(op.kind === "limit" ? [op.output.buffer] : [])] as ArrayBuffer[];
      return (await worker.request<{ result: ChannelOpResult }>({ kind: "master", op }, transfer)).result;
    },
  }, first, pause);
}

const ownsBuffer = (samples: Float32Array) =>
  !(samples.buffer instanceof SharedArrayBuffer) && samples.byteOffset === 0 && samples.byteLength === samples.buffer.byteLength;
