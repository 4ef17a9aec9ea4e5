// Worker-thread entry: renders whole songs (mix, master and encode included) off the calling thread, so a
// web process that also runs the job worker keeps answering requests while a song renders. One song at a
// time, in arrival order; this worker starts its own stem and MP3 workers as the pipeline does anywhere.

import { parentPort } from "node:worker_threads";
import { renderFromParts, type RenderOptions } from "../pipeline";
import type { Composition, Production } from "../types";

interface SongRequest {
  id: number;
  composition: Composition;
  production: Production;
  options: Omit<RenderOptions, "keepStems" | "stems">;
}

let queue: Promise<void> = Promise.resolve();

parentPort?.on("message", (message: SongRequest) => {
  queue = queue.then(async () => {
    try {
      const rendered = await renderFromParts(message.composition, message.production, message.options);
      const buffers = [rendered.wav.buffer, rendered.midi.buffer, ...(rendered.mp3 ? [rendered.mp3.buffer] : [])] as ArrayBuffer[];
      parentPort?.postMessage({ id: message.id, rendered }, buffers);
    } catch (error) {
      parentPort?.postMessage({ id: message.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    }
  });
});
