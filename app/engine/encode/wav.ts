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

  const random = new Random(ditherSeed);
  // Dither values are drawn in bulk: a table per block is cheaper than two generator calls per sample.
  const dither = new Float32Array(2 * DITHER_BLOCK);
  const samples = new Int16Array(bytes.buffer, HEADER_BYTES, frames * CHANNELS);
  const { left, right } = buffer;
  for (let start = 0; start < frames; start += DITHER_BLOCK) {
    random.fillDifferences(dither);
    const end = Math.min(frames, start + DITHER_BLOCK);
    for (let i = start; i < end; i++) {
      const d = 2 * (i - start);
      samples[2 * i] = quantise(left[i] * 32767 + dither[d]);
      samples[2 * i + 1] = quantise(right[i] * 32767 + dither[d + 1]);
    }
  }
  return bytes;
}

/** Rounds a dithered sample to 16 bits, clamping to the integer range. */
function quantise(value: number): number {
  // Math.round(value), computed as floor(value + 0.5) (several times faster in V8): the addition can
  // round up to the next integer only when value sits a hair under a half, which the check undoes.
  let rounded = Math.floor(value + 0.5);
  if (rounded - 0.5 > value) rounded -= 1;
  return rounded > 32767 ? 32767 : rounded < -32768 ? -32768 : rounded;
}
