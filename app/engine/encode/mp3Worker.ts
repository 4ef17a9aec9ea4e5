// Worker-thread entry for MP3 encoding, so LAME runs on the second core while the main thread encodes
// the WAV, computes peaks and writes the description.

import { parentPort } from "node:worker_threads";
import { SAMPLE_RATE } from "../types";
import { encodeMp3 } from "./mp3";

parentPort?.on("message", async (message: { id: number; left: Float32Array; right: Float32Array }) => {
  const mp3 = await encodeMp3({ sampleRate: SAMPLE_RATE, left: message.left, right: message.right });
  parentPort?.postMessage({ id: message.id, mp3 }, [mp3.buffer as ArrayBuffer]);
});
