// 16-bit PCM WAV (RIFF) writer. Float samples are reduced to 16 bits with TPDF dither (two uniform
// random values summed, ±1 LSB peak) so quiet fades decay into noise instead of harmonic distortion.
// The dither is seeded, so the same song always encodes to the same bytes.

import type { StereoBuffer } from "../types";
import { Random } from "../dsp/random";

const BYTES_PER_SAMPLE = 2;
const CHANNELS = 2;
const HEADER_BYTES = 44;
const DITHER_BLOCK = 4096;

export function encodeWav(buffer: StereoBuffer, ditherSeed = 1): Uint8Array {
  const writer = new WavWriter(buffer, ditherSeed);
  writer.quantiseTo(buffer.left.length);
  return writer.bytes;
}

/**
 * The WAV of `buffer`, quantised front to back on request, so the MP3 encoder can start on the first
 * half of the song's 16-bit PCM while the second is made (it encodes exactly the PCM the WAV holds).
 */
export class WavWriter {
  /** The whole file; the PCM past `framesDone` is not written yet. */
  readonly bytes: Uint8Array;
  private readonly samples: Int16Array;
  private readonly random: Random;
  // Dither values are drawn in bulk: a table per block is cheaper than two generator calls per sample.
  private readonly dither = new Float32Array(2 * DITHER_BLOCK);
  private done = 0;

  constructor(private readonly buffer: StereoBuffer, ditherSeed = 1) {
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
    this.random = new Random(ditherSeed);
  }

  /**
   * Quantises frames up to `frame` (rounded up to a whole dither block, so the dither sequence, and the
   * bytes, do not depend on where the caller stops).
   */
  quantiseTo(frame: number): void {
    const frames = this.buffer.left.length;
    const { left, right } = this.buffer;
    const { samples, dither } = this;
    for (let start = this.done; start < Math.min(frame, frames); start += DITHER_BLOCK) {
      this.random.fillDifferences(dither);
      const end = Math.min(frames, start + DITHER_BLOCK);
      for (let i = start; i < end; i++) {
        const d = 2 * (i - start);
        samples[2 * i] = quantise(left[i] * 32767 + dither[d]);
        samples[2 * i + 1] = quantise(right[i] * 32767 + dither[d + 1]);
      }
      this.done = end;
    }
  }

  /** Interleaved little-endian 16-bit PCM of frames [start, end), once quantised that far (a view). */
  pcm(start: number, end: number): Uint8Array {
    if (end > this.done) throw new Error(`PCM up to frame ${end} requested, ${this.done} quantised`);
    return this.bytes.subarray(HEADER_BYTES + start * CHANNELS * BYTES_PER_SAMPLE, HEADER_BYTES + end * CHANNELS * BYTES_PER_SAMPLE);
  }
}

/** Rounds a dithered sample to 16 bits, clamping to the integer range. */
function quantise(value: number): number {
  // Math.round(value), computed as floor(value + 0.5) (several times faster in V8): the addition can
  // round up to the next integer only when value sits a hair under a half, which the check undoes.
  let rounded = Math.floor(value + 0.5);
  if (rounded - 0.5 > value) rounded -= 1;
  return rounded > 32767 ? 32767 : rounded < -32768 ? -32768 : rounded;
}
