// Decoded sample-set recordings, once per process (the pattern of soundFontBytes.ts sharedDecode, ADR 031):
// the first thread that needs a recording decodes it, keeps its first KEEP_SECONDS as 16-bit stereo in a
// growable SharedArrayBuffer and publishes it with Atomics; every other engine thread reads it there. The
// store is handed to the threads an engine thread starts in their workerData (WorkerThread's `soundFont`
// option), beside the SoundFont.
//
// Memory is bounded twice: a recording keeps at most KEEP_SECONDS (a piano note is −40 dB or more down by
// then, and the note renderer never plays more than the gate plus a release), and the store as a whole at
// STORE_MAX_BYTES. Past that a thread decodes what it needs for the song in hand and drops it afterwards
// (slower, same sound). Only what a song plays is ever decoded.
//
// No spessasynth_core and no decoder here: WorkerThread imports this module in every thread that starts
// engine threads.

import { workerData } from "node:worker_threads";

export const SAMPLE_STORE_WORKER_DATA_KEY = "songloomSampleStore";

type GrowableSharedArrayBuffer = SharedArrayBuffer & { readonly maxByteLength: number; grow(newByteLength: number): void };
const GrowableSharedArrayBuffer = SharedArrayBuffer as unknown as new (length: number, options: { maxByteLength: number }) => GrowableSharedArrayBuffer;
/** Atomics.waitAsync (ES2024; Node 16+), which the TypeScript lib this project targets does not describe. */
const waitAsync = (Atomics as unknown as { waitAsync(array: Int32Array, index: number, value: number, timeoutMs: number): { async: boolean; value: Promise<string> | string } }).waitAsync.bind(Atomics);

interface SharedSampleStore {
  /** Per recording slot: state, offset (in int16 values), frames, sample rate; slot 0's first field is the next free offset. */
  index: SharedArrayBuffer;
  /** Interleaved 16-bit stereo frames. */
  data: GrowableSharedArrayBuffer;
}

/** Longest stretch of a recording kept (seconds from its onset). */
export const KEEP_SECONDS = 5;
/** Recording slots: sample sets number their recordings below this. */
export const STORE_SLOTS = 4096;
/** 160 MB: about 170 five-second stereo recordings at 48 kHz (a song plays 20–60 of them). */
const STORE_MAX_BYTES = 160 * 1024 * 1024;
const GROW_STEP_BYTES = 4 * 1024 * 1024;
const SLOT_FIELDS = 4;
const NEXT_FREE = 0;
const EMPTY = 0;
const DECODING = 1;
const READY = 2;
/** How long a thread waits for another thread's decode before decoding the recording itself. */
const DECODE_WAIT_MS = 5000;

let store: SharedSampleStore | null = null;

function handedStore(): SharedSampleStore | null {
  const data: unknown = workerData;
  if (typeof data !== "object" || data === null) return null;
  const value = (data as Record<string, unknown>)[SAMPLE_STORE_WORKER_DATA_KEY] as Partial<SharedSampleStore> | undefined;
  if (!value || !(value.index instanceof SharedArrayBuffer) || !(value.data instanceof SharedArrayBuffer) || typeof (value.data as Partial<GrowableSharedArrayBuffer>).grow !== "function") return null;
  return value as SharedSampleStore;
}

function sharedStore(): SharedSampleStore {
  store ??= handedStore() ?? {
    index: new SharedArrayBuffer((1 + STORE_SLOTS * SLOT_FIELDS) * Int32Array.BYTES_PER_ELEMENT),
    data: new GrowableSharedArrayBuffer(0, { maxByteLength: STORE_MAX_BYTES }),
  };
  return store;
}

/** What WorkerThread hands a thread it starts (under SAMPLE_STORE_WORKER_DATA_KEY). */
export function sampleStoreWorkerData(): SharedSampleStore {
  return sharedStore();
}

/** A decoded recording: interleaved 16-bit stereo frames at `sampleRate`. */
export interface StoredRecording {
  frames: Int16Array;
  frameCount: number;
  sampleRate: number;
}

export interface DecodedRecording {
  left: Float32Array;
  right: Float32Array;
  sampleRate: number;
}

/** Bytes the store holds now (for reports and the memory figures in docs/engine.md). */
export function sampleStoreBytes(): number {
  const index = new Int32Array(sharedStore().index);
  return Atomics.load(index, NEXT_FREE) * Int16Array.BYTES_PER_ELEMENT;
}

function reserve(shared: SharedSampleStore, index: Int32Array, values: number): number {
  const at = Atomics.add(index, NEXT_FREE, values);
  const end = (at + values) * Int16Array.BYTES_PER_ELEMENT;
  if (end > shared.data.maxByteLength) {
    Atomics.sub(index, NEXT_FREE, values);
    return -1;
  }
  while (shared.data.byteLength < end) {
    try {
      shared.data.grow(Math.min(shared.data.maxByteLength, Math.ceil(end / GROW_STEP_BYTES) * GROW_STEP_BYTES));
    } catch {
      if (shared.data.byteLength < end) return -1;
    }
  }
  return at;
}

/** Keeps the first KEEP_SECONDS of a decode as 16-bit stereo, fading its last 50 ms if it was cut. */
export function toStored(decoded: DecodedRecording, target?: Int16Array): StoredRecording {
  const keep = Math.min(decoded.left.length, Math.round(KEEP_SECONDS * decoded.sampleRate));
  const frames = target ?? new Int16Array(keep * 2);
  const fade = keep < decoded.left.length ? Math.round(0.05 * decoded.sampleRate) : 0;
  for (let i = 0; i < keep; i++) {
    const gain = i >= keep - fade ? (keep - i) / fade : 1;
    frames[2 * i] = Math.max(-32768, Math.min(32767, Math.round(decoded.left[i] * gain * 32767)));
    frames[2 * i + 1] = Math.max(-32768, Math.min(32767, Math.round(decoded.right[i] * gain * 32767)));
  }
  return { frames, frameCount: keep, sampleRate: decoded.sampleRate };
}

export const storedFrameCount = (decoded: DecodedRecording): number => Math.min(decoded.left.length, Math.round(KEEP_SECONDS * decoded.sampleRate));

/**
 * Recording `slot` from the process's store if a thread has decoded it; otherwise decoded here with `decode`,
 * kept in the store and published. When the store is full the recording is returned unshared.
 */
export async function sharedRecording(slot: number, decode: () => Promise<DecodedRecording>): Promise<StoredRecording> {
  const shared = sharedStore();
  if (!Number.isInteger(slot) || slot < 1 || slot >= STORE_SLOTS) return toStored(await decode());
  const index = new Int32Array(shared.index);
  const state = 1 + slot * SLOT_FIELDS;
  for (;;) {
    const seen = Atomics.load(index, state);
    if (seen === READY) {
      const frameCount = index[state + 2];
      return { frames: new Int16Array(shared.data, index[state + 1] * Int16Array.BYTES_PER_ELEMENT, frameCount * 2), frameCount, sampleRate: index[state + 3] };
    }
    if (seen === DECODING) {
      const waited = waitAsync(index, state, DECODING, DECODE_WAIT_MS);
      if ((waited.async ? await waited.value : waited.value) === "timed-out") return toStored(await decode());
      continue;
    }
    if (Atomics.compareExchange(index, state, EMPTY, DECODING) !== EMPTY) continue;
    let decoded: DecodedRecording;
    try {
      decoded = await decode();
    } catch (error) {
      Atomics.store(index, state, EMPTY);
      Atomics.notify(index, state);
      throw error;
    }
    const frameCount = storedFrameCount(decoded);
    const at = reserve(shared, index, frameCount * 2);
    if (at < 0) {
      // Full: this recording stays unshared (EMPTY again, so a later song may try once more).
      Atomics.store(index, state, EMPTY);
      Atomics.notify(index, state);
      return toStored(decoded);
    }
    const stored = toStored(decoded, new Int16Array(shared.data, at * Int16Array.BYTES_PER_ELEMENT, frameCount * 2));
    index[state + 1] = at;
    index[state + 2] = frameCount;
    index[state + 3] = decoded.sampleRate;
    Atomics.store(index, state, READY);
    Atomics.notify(index, state);
    return stored;
  }
}
