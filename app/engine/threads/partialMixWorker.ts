// Worker-thread entry: renders one group of tracks into a partial mix and transfers it back.
// The SoundFont stays loaded in the worker between songs.

import { parentPort } from "node:worker_threads";
import type { StereoBuffer } from "../types";
import { renderPartialMix, type PartialMixRequest } from "./partialMix";

parentPort?.on("message", async (message: PartialMixRequest & { id: number }) => {
  try {
    const result = await renderPartialMix(message);
    const buffers = (stereo: StereoBuffer) => [stereo.left.buffer, stereo.right.buffer] as ArrayBuffer[];
    const transfer = [
      ...buffers(result.partial.bus),
      result.partial.reverbSend.buffer as ArrayBuffer,
      result.partial.delaySend.buffer as ArrayBuffer,
      ...Object.values(result.stems).flatMap((stem) => (stem ? buffers(stem) : [])),
    ];
    parentPort?.postMessage({ id: message.id, ...result }, transfer);
  } catch (error) {
    parentPort?.postMessage({ id: message.id, error: error instanceof Error ? error.stack ?? error.message : String(error) });
  }
});
