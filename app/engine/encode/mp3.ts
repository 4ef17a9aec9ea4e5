// MP3 encoding with LAME compiled to WebAssembly (wasm-media-encoders), constant 192 kbps (the product's
// minimum quality), 44.1 kHz stereo. The encoder instance is created once per thread and reused.

import { createMp3Encoder } from "wasm-media-encoders";
import type { StereoBuffer } from "../types";

export const MP3_KBPS = 192;
/** Feeding LAME in chunks keeps its internal buffers small. */
const CHUNK_FRAMES = 1152 * 64;

let encoderPromise: ReturnType<typeof createMp3Encoder> | null = null;

export async function encodeMp3(buffer: StereoBuffer): Promise<Uint8Array> {
  encoderPromise ??= createMp3Encoder();
  const encoder = await encoderPromise;
  encoder.configure({ sampleRate: buffer.sampleRate, channels: 2, bitrate: MP3_KBPS });
  const parts: Uint8Array[] = [];
  for (let start = 0; start < buffer.left.length; start += CHUNK_FRAMES) {
    const end = Math.min(buffer.left.length, start + CHUNK_FRAMES);
    // The returned view belongs to the encoder and is overwritten by the next call, so copy it.
    parts.push(encoder.encode([buffer.left.subarray(start, end), buffer.right.subarray(start, end)]).slice());
  }
  parts.push(encoder.finalize().slice());
  const total = parts.reduce((sum, p) => sum + p.length, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}
