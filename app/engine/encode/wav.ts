// 16-bit PCM WAV (RIFF) writer. Float samples are reduced to 16 bits with TPDF dither (two uniform
// random values summed, ±1 LSB peak) so quiet fades decay into noise instead of harmonic distortion.
// The dither is seeded per block of DITHER_BLOCK frames, so the same song always encodes to the same
// bytes, and any stretch of it can be quantised on its own (the MP3's two halves are fed at once).

import type { StereoBuffer } from "../types";
import { Random } from "../dsp/random";

const BYTES_PER_SAMPLE = 2;
const CHANNELS = 2;
const HEADER_BYTES = 44;
const DITHER_BLOCK = 4096;

export function encodeWav(buffer: StereoBuffer, ditherSeed = 1): Uint8Array {
  const writer = new WavWriter(buffer, ditherSeed);
  writer.quantise(0, buffer.left.length);
  return writer.bytes;
}

/**
 * The WAV of `buffer`, quantised a stretch at a time on request, so the MP3 encoder can start on the
 * song's 16-bit PCM while the rest is made (it encodes exactly the PCM the WAV holds).
 */
export class WavWriter {
  /** The whole file; only quantised stretches of the PCM are written. */
  readonly bytes: Uint8Array;
  private readonly samples: Int16Array;
  // Dither values are drawn in bulk: a table per block is cheaper than two generator calls per sample.
  private readonly dither = new Float32Array(2 * DITHER_BLOCK);
  /** 1 for each dither block already quantised. */
  private readonly done: Uint8Array;
  private blocksLeft: number;
  private whenComplete: (() => void) | null = null;
  /** Resolves once every frame is quantised (by whoever quantises them). */
  readonly complete: Promise<void>;

  constructor(
    private readonly buffer: StereoBuffer,
    private readonly ditherSeed = 1,
  ) {
    const frames = buffer.left.length;
    const dataBytes = frames * CHANNELS * BYTES_PER_SAMPLE;
    const bytes = new Uint8Array(HEADER_BYTES + dataBytes);
    const view = new DataView(bytes.buffer);
    const ascii = (offset: number, text: string) => {
      for (let i = 0; i < text.length; i++) bytes[offset + i] = text.charCodeAt(i);
    };
    ascii(0, "RIFF");
    view.setUint32(4, 36 + dataBytes, true);
    ascii(8, "WAVE");
    ascii(12, "fmt ");
    view.setUint32(16, 16, true); // fmt chunk size
    view.setUint16(20, 1, true); // PCM
    view.setUint16(22, CHANNELS, true);
    view.setUint32(24, buffer.sampleRate, true);
    view.setUint32(28, buffer.sampleRate * CHANNELS * BYTES_PER_SAMPLE, true);
    view.setUint16(32, CHANNELS * BYTES_PER_SAMPLE, true);
    view.setUint16(34, BYTES_PER_SAMPLE * 8, true);
    ascii(36, "data");
    view.setUint32(40, dataBytes, true);
    this.bytes = bytes;
    this.samples = new Int16Array(bytes.buffer, HEADER_BYTES, frames * CHANNELS);
    this.done = new Uint8Array(Math.ceil(frames / DITHER_BLOCK));
    this.blocksLeft = this.done.length;
    this.complete = this.blocksLeft === 0 ? Promise.resolve() : new Promise((resolve) => (this.whenComplete = resolve));
  }

  /** Quantises frames [start, end), in whole dither blocks (blocks done before are skipped). */
  quantise(start: number, end: number): void {
    const frames = this.buffer.left.length;
    const { left, right } = this.buffer;
    const { samples, dither, done } = this;
    for (let block = Math.floor(start / DITHER_BLOCK); block * DITHER_BLOCK < Math.min(end, frames); block++) {
      if (done[block]) continue;
      // Each block's dither from its own seed: the same values whatever was quantised before.
      new Random(Math.imul(this.ditherSeed | 0, 0x9e3779b1) + block).fillDifferences(dither);
      const from = block * DITHER_BLOCK;
      const to = Math.min(frames, from + DITHER_BLOCK);
      for (let i = from; i < to; i++) {
        const d = 2 * (i - from);
        samples[2 * i] = quantiseSample(left[i] * 32767 + dither[d]);
        samples[2 * i + 1] = quantiseSample(right[i] * 32767 + dither[d + 1]);
      }
      done[block] = 1;
      if (--this.blocksLeft === 0) this.whenComplete?.();
    }
  }

  /** Interleaved little-endian 16-bit PCM of frames [start, end), once quantised (a view). */
  pcm(start: number, end: number): Uint8Array {
    for (let block = Math.floor(start / DITHER_BLOCK); block * DITHER_BLOCK < end; block++) {
      if (!this.done[block]) throw new Error(`PCM of frames ${start}..${end} requested before it was quantised`);
    }
    return this.bytes.subarray(HEADER_BYTES + start * CHANNELS * BYTES_PER_SAMPLE, HEADER_BYTES + end * CHANNELS * BYTES_PER_SAMPLE);
  }
}

/** Rounds a dithered sample to 16 bits, clamping to the integer range. */
function quantiseSample(value: number): number {
  // Math.round(value), computed as floor(value + 0.5) (several times faster in V8): the addition can
  // round up to the next integer only when value sits a hair under a half, which the check undoes.
  let rounded = Math.floor(value + 0.5);
  if (rounded - 0.5 > value) rounded -= 1;
  return rounded > 32767 ? 32767 : rounded < -32768 ? -32768 : rounded;
}
