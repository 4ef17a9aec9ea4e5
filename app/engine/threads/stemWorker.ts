// Worker-thread entry: renders stems on request, measures their loudness, and transfers them back; or runs
// the front of a stem's channel strip (gain, filters, compressor) in place, for a stem the mixing thread
// already has (a cached one); or mixes its share of a re-render's parts into a mix of its own
// (threads/editMix.ts); or the right channel's share of the master (master/channelShare.ts). Stems the
// mixing thread has mixed come back to be rendered into again (render/stemPool.ts). Requests are handled
// one at a time, in arrival order; the SoundFont stays loaded in the worker between songs.

import { parentPort } from "node:worker_threads";
import type { Gain, Seconds, StereoBuffer, Track } from "../types";
import { integratedLoudness, runChannelOp, type ChannelOp } from "../master";
import { stripFront } from "../mix/channelStrip";
import type { PartMix } from "../mix/partDefaults";
import type { EffectShare, EffectsInput } from "../mix/effectReturns";
import { drainStemPool, loadSoundBank, recycleStem, renderStem, soundFontReport } from "../render";
import { runMixSession, type MixSession } from "./editMix";
import { produceEffectReturns, type EffectRing } from "./effectReturns";
import { flushStemWrites } from "./stemCache";
import { threadMemory } from "./threadMemory";
import { asWork } from "./idleCollect";

// Parse the SoundFont as soon as the worker starts, while the main thread is still composing. Its samples'
// compressed data are views into the process's one copy of the file, handed over at start (soundFontBytes.ts).
loadSoundBank();

let queue: Promise<void> = Promise.resolve();

type Message =
  | { id: number; kind?: "render"; track: Track; durationSeconds: Seconds }
  | { id: number; kind: "stripFront"; stem: StereoBuffer; part: PartMix; gain: Gain; length: number }
  | { id: number; kind: "effects"; input: EffectsInput; share: EffectShare; ring: EffectRing }
  | { id: number; kind: "master"; op: ChannelOp }
  | { id: number; kind: "mix"; session: MixSession }
  | { id: number; kind: "flushStemWrites" }
  | { id: number; kind: "soundFont" };

/** Unanswered, and handled at once rather than queued: stems the mixing thread is done with, for reuse. */
type PoolMessage = { kind: "recycle"; stem: StereoBuffer } | { kind: "drain" } | { id: number; kind: "memory" };

parentPort?.on("message", (message: Message | PoolMessage) => {
  if (message.kind === "recycle") return recycleStem(message.stem);
  if (message.kind === "drain") return drainStemPool();
  if (message.kind === "memory") return parentPort?.postMessage({ id: message.id, memory: threadMemory() });
  queue = queue.then(() =>
    asWork(async () => {
      try {
        if (message.kind === "master") {
          const result = runChannelOp(message.op);
          const transfer = [result.samples.buffer, ...(result.output ? [result.output.buffer] : [])] as ArrayBuffer[];
          parentPort?.postMessage({ id: message.id, result }, transfer);
          return;
        }
        if (message.kind === "soundFont") {
          parentPort?.postMessage({ id: message.id, report: soundFontReport() });
          return;
        }
        if (message.kind === "flushStemWrites") {
          flushStemWrites();
          parentPort?.postMessage({ id: message.id });
          return;
        }
        if (message.kind === "mix") {
          // The partial is in shared memory: sent, not transferred.
          const partial = await runMixSession(message.session);
          parentPort?.postMessage({ id: message.id, partial });
          return;
        }
        if (message.kind === "effects") {
          produceEffectReturns(message.input, message.share, message.ring);
          parentPort?.postMessage({ id: message.id });
          return;
        }
        if (message.kind === "stripFront") {
          const { stem } = message;
          const skipped = stripFront(stem, message.part, message.gain, message.length);
          parentPort?.postMessage({ id: message.id, stem, skipped }, [stem.left.buffer as ArrayBuffer, stem.right.buffer as ArrayBuffer]);
          return;
        }
        const stem = await renderStem(message.track, message.durationSeconds);
        // Measured here, off the mixing thread, for the mixer's gain staging.
        const lufs = integratedLoudness(stem);
        parentPort?.postMessage({ id: message.id, stem, lufs }, [stem.left.buffer as ArrayBuffer, stem.right.buffer as ArrayBuffer]);
      } catch (error) {
        parentPort?.postMessage({ id: message.id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      }
    }),
  );
});
