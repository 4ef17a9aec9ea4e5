// Worker-thread entry: renders stems on request, measures their loudness, and transfers them back. Requests are handled one at a
// time, in arrival order; the SoundFont stays loaded in the worker between songs.

import { parentPort } from "node:worker_threads";
import type { Seconds, Track } from "../types";
import { integratedLoudness } from "../master";
import { loadSoundBank, renderStem } from "../render";

// Parse the SoundFont as soon as the worker starts, while the main thread is still composing.
loadSoundBank();

let queue: Promise<void> = Promise.resolve();

parentPort?.on("message", (message: { id: number; track: Track; durationSeconds: Seconds }) => {
  queue = queue.then(async () => {
    try {
      const stem = await renderStem(message.track, message.durationSeconds);
      // Measured here, off the mixing thread, for the mixer's gain staging.
      const lufs = integratedLoudness(stem);
      parentPort?.postMessage({ id: message.id, stem, lufs }, [stem.left.buffer as ArrayBuffer, stem.right.buffer as ArrayBuffer]);
    } catch (error) {
      parentPort?.postMessage({ id: message.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    }
  });
});
