// renderFromParts on a long-lived worker thread (songWorker.ts). The result is the same as calling the
// pipeline directly; only where the CPU work happens differs. Used by the song.render job, which may run
// inside the web process.

import type { RenderOptions, SongRender } from "../pipeline";
import type { SoundFontReport } from "../render";
import type { Composition, Production } from "../types";
import { asForeground, foregroundGate } from "./foregroundGate";
import type { ThreadMemory } from "./threadMemory";
import { engineWorkerEntry, WorkerThread } from "./workerThread";

let worker: WorkerThread | null = null;
let backgroundWorker: WorkerThread | null = null;

/**
 * How long the background song thread (with its stem worker) and the preview thread are kept without work
 * before they are stopped (WorkerThread retireAfterIdleMs, ADR 032). Pool songs come in bursts after
 * creates; a new thread costs about half a second, which a pool song never waits on and a preview waits on
 * only after two idle minutes.
 */
const BACKGROUND_IDLE_MS = 15_000;
const PREVIEW_IDLE_MS = 120_000;

/** The song thread for renders someone waits for, and for getting a song ready for its first edit. */
const songThread = () => (worker ??= new WorkerThread(engineWorkerEntry("threads/songWorker.ts"), { soundFont: true }));

/**
 * `background`: nobody waits for this render (a pool song, a catalogue preview). It runs on a song thread
 * of its own at the lowest CPU priority, with its own stem worker and LAME processes at that priority too,
 * so a render someone waits for (an edit, a create) gets the cores whenever it needs them, instead of
 * waiting for the step a background render is in and sharing the stem worker with it (ADR 028). It also
 * waits, before it starts and between its steps, while a render someone waits for runs (foregroundGate.ts).
 * Output is the same bytes on either thread.
 */
export async function renderFromPartsOffThread(
  composition: Composition,
  production: Production,
  options: Omit<RenderOptions, "keepStems" | "stems" | "pauseWhile"> = {},
  { background = false }: { background?: boolean } = {},
): Promise<SongRender> {
  const thread = background
    ? (backgroundWorker ??= new WorkerThread(engineWorkerEntry("threads/songWorker.ts"), { lowPriority: true, soundFont: true, retireAfterIdleMs: BACKGROUND_IDLE_MS }))
    : songThread();
  // The early MP3's callback stays here; the song thread is told how many seconds, and sends the bytes back.
  const { earlyMp3, ...sent } = options;
  const onProgress = earlyMp3 ? (progress: unknown) => earlyMp3.ready((progress as { earlyMp3: Uint8Array }).earlyMp3) : undefined;
  const message = { composition, production, options: sent, background, ...(background ? { gate: foregroundGate } : {}), ...(earlyMp3 ? { earlyMp3Seconds: earlyMp3.seconds } : {}) };
  const send = () => thread.request<{ rendered: SongRender }>(message, [], onProgress);
  const reply = await (background ? send() : asForeground(send));
  return reply.rendered;
}

/**
 * Gets a song ready for its first edit on the song thread (pipeline.ts prepareEdit), in the background: it
 * gives way to every render someone waits for. Resolves with how many strip fronts it made.
 */
export async function prepareEditOffThread(composition: Composition, production: Production, options: Required<Pick<RenderOptions, "stemCache">> & Pick<RenderOptions, "excerpt">): Promise<number> {
  const reply = await songThread().request<{ made: number }>({ task: "prepareEdit", composition, production, options });
  return reply.made;
}

let previewWorker: WorkerThread | null = null;

/**
 * The first `seconds` of a song on a thread of its own, rendering its stems itself (parallel: false), so a
 * preview never waits behind a whole song rendering on the song thread: it is what the first song of a
 * Create plays while the rest renders (docs/create-flow.md, progressive playback).
 */
export async function renderPreviewOffThread(composition: Composition, production: Production, seconds: number): Promise<SongRender> {
  previewWorker ??= new WorkerThread(engineWorkerEntry("threads/songWorker.ts"), { soundFont: true, retireAfterIdleMs: PREVIEW_IDLE_MS });
  const options: Omit<RenderOptions, "keepStems" | "stems" | "pauseWhile"> = { excerpt: { startSeconds: 0, seconds }, parallel: false };
  const thread = previewWorker;
  const reply = await asForeground(() => thread.request<{ rendered: SongRender }>({ composition, production, options }));
  return reply.rendered;
}

/** A song thread's SoundFont, and its stem worker's (null when it has started none). */
export interface SongThreadSoundFont {
  thread: SoundFontReport;
  stemWorker: SoundFontReport | null;
}

/**
 * What the SoundFont of each song thread started so far holds (render/soundBank.ts soundFontReport): whether
 * each thread was handed the process's one copy of the file and how many of its samples are views into it.
 * For tests and diagnostics; starts no thread.
 */
export async function songThreadSoundFonts(): Promise<{ song?: SongThreadSoundFont; background?: SongThreadSoundFont; preview?: SongThreadSoundFont }> {
  const ask = (thread: WorkerThread | null) => (thread?.running ? thread : null)?.request<{ report: SongThreadSoundFont }>({ task: "soundFont" }).then((reply) => reply.report);
  const [song, background, preview] = await Promise.all([ask(worker), ask(backgroundWorker), ask(previewWorker)]);
  return { ...(song ? { song } : {}), ...(background ? { background } : {}), ...(preview ? { preview } : {}) };
}

/** How long a memory report waits for a thread busy in a step that does not yield. */
const MEMORY_REPORT_TIMEOUT_MS = 1_000;

/**
 * What each song thread started so far and its stem worker hold (threadMemory.ts), by thread: song,
 * background, preview, each with its stem worker as `<thread>Stems`. A thread that does not answer within
 * a second is left out. Starts no thread.
 */
export async function songThreadsMemory(): Promise<Record<string, ThreadMemory>> {
  const threads = { song: worker, background: backgroundWorker, preview: previewWorker };
  const report: Record<string, ThreadMemory> = {};
  await Promise.all(
    Object.entries(threads).map(async ([name, thread]) => {
      if (!thread?.running) return;
      const timeout = new Promise<null>((resolve) => setTimeout(resolve, MEMORY_REPORT_TIMEOUT_MS, null).unref());
      const reply = await Promise.race([thread.request<{ memory: { thread: ThreadMemory; stemWorker: ThreadMemory | null } }>({ task: "memory" }).catch(() => null), timeout]);
      if (!reply) return;
      report[name] = reply.memory.thread;
      if (reply.memory.stemWorker) report[`${name}Stems`] = reply.memory.stemWorker;
    }),
  );
  return report;
}
