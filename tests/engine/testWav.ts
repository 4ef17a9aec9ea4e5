// Writes WAV files in every encoding an uploaded take may use, so decoding can be tested against them.

export type WavEncoding = "int8" | "int16" | "int24" | "int32" | "float32";

/**
 * `extensible` writes WAVE_FORMAT_EXTENSIBLE (as DAWs do for 24-bit and float) with a LIST chunk before
 * the audio, so the reader must walk chunks and read the real format from the sub-format GUID.
 */
export function encodeTestWav(channels: Float32Array[], sampleRate: number, encoding: WavEncoding, extensible = false): Uint8Array {
  const bits = encoding === "int8" ? 8 : encoding === "int16" ? 16 : encoding === "int24" ? 24 : 32;
  const bytesPerSample = bits / 8;
  const frames = channels[0].length;
  const blockAlign = bytesPerSample * channels.length;
  const dataSize = frames * blockAlign;
  const fmtSize = extensible ? 40 : 16;
  const listSize = extensible ? 14 : 0;
  const dataStart = 12 + 8 + fmtSize + (extensible ? 8 + listSize : 0) + 8;
  const bytes = new Uint8Array(dataStart + dataSize);
  const view = new DataView(bytes.buffer);
  const text = (at: number, value: string) => [...value].forEach((char, index) => (bytes[at + index] = char.charCodeAt(0)));
  const formatTag = encoding === "float32" ? 3 : 1;
  text(0, "RIFF");
  view.setUint32(4, bytes.length - 8, true);
  text(8, "WAVE");
  text(12, "fmt ");
  view.setUint32(16, fmtSize, true);
  view.setUint16(20, extensible ? 0xfffe : formatTag, true);
  view.setUint16(22, channels.length, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * blockAlign, true);
  view.setUint16(32, blockAlign, true);
  view.setUint16(34, bits, true);
  if (extensible) {
    view.setUint16(36, 22, true);
    view.setUint16(38, bits, true);
    view.setUint32(40, channels.length === 2 ? 3 : 4, true);
    view.setUint16(44, formatTag, true);
    text(46, "\x00\x00\x00\x00\x10\x00\x80\x00\x00\xaa\x00\x38\x9b\x71");
    text(60, "LIST");
    view.setUint32(64, listSize, true);
    text(68, "INFOISFT\x02\x00\x00\x00x\x00");
  }
  text(dataStart - 8, "data");
  view.setUint32(dataStart - 4, dataSize, true);
  for (let frame = 0; frame < frames; frame++) {
    channels.forEach((channel, index) => {
      const at = dataStart + frame * blockAlign + index * bytesPerSample;
      const value = Math.max(-1, Math.min(1, channel[frame]));
      if (encoding === "float32") view.setFloat32(at, channel[frame], true);
      else if (encoding === "int8") view.setUint8(at, Math.round(value * 127) + 128);
      else if (encoding === "int16") view.setInt16(at, Math.round(value * 32767), true);
      else if (encoding === "int24") {
        const integer = Math.round(value * 8388607);
        view.setUint8(at, integer & 0xff);
        view.setUint8(at + 1, (integer >> 8) & 0xff);
        view.setUint8(at + 2, (integer >> 16) & 0xff);
      } else view.setInt32(at, Math.round(value * 2147483647), true);
    });
  }
  return bytes;
}
