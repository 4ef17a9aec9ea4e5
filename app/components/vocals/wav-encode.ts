// The browser's recording as a WAV file (16-bit PCM, mono, the audio context's rate): what the recorder
// uploads, because the server reads WAV and MP3 but not MediaRecorder's WebM/Opus (ADR 015). Pure, so it is
// tested without a browser.

/** Joins the recorded chunks and encodes them as a 16-bit PCM mono WAV. */
export function encodeWavMono(chunks: Float32Array[], sampleRate: number): Uint8Array {
  const frames = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const bytes = new Uint8Array(44 + frames * 2);
  const view = new DataView(bytes.buffer);
  const ascii = (at: number, text: string) => {
    for (let index = 0; index < text.length; index++) bytes[at + index] = text.charCodeAt(index);
  };
  ascii(0, "RIFF");
  view.setUint32(4, 36 + frames * 2, true);
  ascii(8, "WAVE");
  ascii(12, "fmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, "data");
  view.setUint32(40, frames * 2, true);
  let at = 44;
  for (const chunk of chunks) {
    for (const sample of chunk) {
      const clipped = Math.max(-1, Math.min(1, sample));
      view.setInt16(at, Math.round(clipped < 0 ? clipped * 32768 : clipped * 32767), true);
      at += 2;
    }
  }
  return bytes;
}

/** Root-mean-square level of a chunk (0..1), for the level meter. */
export function rmsLevel(chunk: Float32Array): number {
  let sum = 0;
  for (const sample of chunk) sum += sample * sample;
  return chunk.length ? Math.sqrt(sum / chunk.length) : 0;
}

/** A level as the meter's fill (0..1): −60 dBFS is empty, 0 dBFS full. */
export function meterFill(rms: number): number {
  if (rms <= 0) return 0;
  return Math.max(0, Math.min(1, (20 * Math.log10(rms) + 60) / 60));
}
