// Worker-thread entry: renders whole songs (mix, master and encode included) off the calling thread, so a
// web process that also runs the job worker keeps answering requests while a song renders. This worker
// starts its own stem and MP3 workers as the pipeline does anywhere.
//
// Renders someone is waiting for (a user's song, an edit, a WAV) run one at a time in arrival order, at
// once. Background work waits while any of those is queued or running, also between the steps of its own
// work (RenderOptions.pauseWhile): here, getting a song ready for its first edit (threads/prepareEdit.ts);
// on the lowest-priority song thread of renderOffThread.ts, pool songs and catalogue previews, which also
// wait while the process renders something someone waits for on another thread (foregroundGate.ts). An
// edit made right after a create no longer waits behind the pool being topped up, at most behind the step
// a pool song is in.

import { parentPort } from "node:worker_threads";
import { prepareEdit, renderFromParts, type RenderOptions } from "../pipeline";
import { soundFontReport } from "../render";
import { whileForegroundRuns } from "./foregroundGate";
import { stemWorkerMemory, stemWorkerSoundFontReport } from "./renderMix";
import { asWork } from "./idleCollect";
import { threadMemory } from "./threadMemory";
import type { Composition, Production } from "../types";

interface SongRequest {
  id: number;
  /** render (the default): the whole song; prepareEdit: its strip fronts for the first edit (always in the background). */
  task?: "render" | "prepareEdit";
  composition: Composition;
  production: Production;
  options: Omit<RenderOptions, "keepStems" | "stems" | "pauseWhile" | "earlyMp3">;
  background?: boolean;
  /** A background render's view of the process's foreground count (foregroundGate.ts): it waits while that is above zero. */
  gate?: Int32Array;
  /** Send the MP3 of the first this many seconds as soon as it is encoded (a progress message before the reply). */
  earlyMp3Seconds?: number;
}

let foreground: Promise<void> = Promise.resolve();
let background: Promise<void> = Promise.resolve();
/** Foreground renders received and not finished. */
let foregroundPending = 0;
let resumeBackground: (() => void)[] = [];

async function whileForegroundPending(): Promise<void> {
  while (foregroundPending > 0) await new Promise<void>((resolve) => resumeBackground.push(resolve));
}

async function render(message: SongRequest & { receivedAt?: number }, pauseWhile?: () => Promise<void>): Promise<void> {
  try {
    if (message.task === "prepareEdit") {
      if (!message.options.stemCache) throw new Error("prepareEdit needs a stem cache");
      const { stemCache, excerpt } = message.options;
      const made = await prepareEdit(message.composition, message.production, { stemCache, ...(excerpt ? { excerpt } : {}), ...(pauseWhile ? { pauseWhile } : {}) });
      parentPort?.postMessage({ id: message.id, made });
      return;
    }
    const startedAt = performance.now();
    const earlyMp3 = message.earlyMp3Seconds
      ? { seconds: message.earlyMp3Seconds, ready: (mp3: Uint8Array) => parentPort?.postMessage({ id: message.id, progress: { earlyMp3: mp3 } }, [mp3.buffer as ArrayBuffer]) }
      : undefined;
    const rendered = await renderFromParts(message.composition, message.production, { ...message.options, ...(pauseWhile ? { pauseWhile } : {}), ...(earlyMp3 ? { earlyMp3 } : {}) });
    // How long the render waited on this thread behind others before it started (docs/edit-flow.md).
    if (message.receivedAt !== undefined) rendered.stats.timings.waited = startedAt - message.receivedAt;
    const buffers = [rendered.wav.buffer, rendered.midi.buffer, ...(rendered.mp3 ? [rendered.mp3.buffer] : [])] as ArrayBuffer[];
    parentPort?.postMessage({ id: message.id, rendered }, buffers);
  } catch (error) {
    parentPort?.postMessage({ id: message.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
}

/** Answers a report about this thread and its stem worker (tests, diagnostics, /metrics) at once, not queued. */
async function report(id: number, make: () => Promise<object>): Promise<void> {
  try {
    parentPort?.postMessage({ id, ...(await make()) });
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
}

parentPort?.on("message", (message: (SongRequest & { receivedAt?: number }) | { id: number; task: "soundFont" } | { id: number; task: "memory" }) => {
  // What this thread's SoundFont and its stem worker's hold (render/soundBank.ts soundFontReport).
  if (message.task === "soundFont") return void report(message.id, async () => ({ report: { thread: soundFontReport(), stemWorker: await stemWorkerSoundFontReport() } }));
  // What this thread and its stem worker hold in memory (threadMemory.ts).
  if (message.task === "memory") return void report(message.id, async () => ({ memory: { thread: threadMemory(), stemWorker: await stemWorkerMemory() } }));
  message.receivedAt = performance.now();
  if (message.background || message.task === "prepareEdit") {
    // On this thread, behind its own foreground renders; a background song thread, behind the process's.
    const { gate } = message;
    const pause = gate ? async () => { await whileForegroundRuns(gate); await whileForegroundPending(); } : whileForegroundPending;
    background = background.then(async () => {
      await pause();
      await asWork(() => render(message, pause));
    });
    return;
  }
  foregroundPending++;
  foreground = foreground.then(async () => {
    await asWork(() => render(message));
    if (--foregroundPending > 0) return;
    const waiting = resumeBackground;
    resumeBackground = [];
    for (const resume of waiting) resume();
  });
});
