// Decoding an uploaded or recorded vocal take: WAV (PCM 8/16/24/32-bit integer, 32/64-bit float, mono or
// stereo, any rate) and MP3 (mpg123 compiled to WebAssembly), resampled to the engine's 44.1 kHz.
// The format is read from the bytes, not trusted from the file name.
import { MPEGDecoder } from "mpg123-decoder";
import { SAMPLE_RATE, type Seconds } from "../types";
import { resample } from "./resample";

export interface DecodedAudio {
  sampleRate: typeof SAMPLE_RATE;
  /** One (mono) or two (left, right) channels of equal length. */
  channels: Float32Array[];
}

export interface DecodeOptions {
  /** The upload's file name or MIME type, used only to name an unsupported format. */
  hint?: string;
  /** Longest take accepted. */
  maxSeconds?: Seconds;
}

/** A file the engine cannot read: the web layer answers 400 with this message and `field`. */
export class UnsupportedAudioFormatError extends Error {
  readonly field = "vocalFile";
  constructor(reason: string) {
    super(`Unsupported audio format: ${reason}`);
    this.name = "UnsupportedAudioFormatError";
  }
}

/** A take longer than the limit: also a 400 on `vocalFile`. */
export class AudioTooLongError extends Error {
  readonly field = "vocalFile";
  constructor(seconds: Seconds, maxSeconds: Seconds) {
    super(`Audio is too long: ${Math.round(seconds)} s (at most ${Math.round(maxSeconds)} s)`);
    this.name = "AudioTooLongError";
  }
}

const DEFAULT_MAX_SECONDS = 600;
const WAVE_FORMAT_PCM = 1;
const WAVE_FORMAT_FLOAT = 3;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

const ascii = (bytes: Uint8Array, at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));

type Container = "wav" | "mp3" | { unsupported: string };

function sniff(bytes: Uint8Array, hint?: string): Container {
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WAVE") return "wav";
  if (bytes.length >= 3 && ascii(bytes, 0, 3) === "ID3") return "mp3";
  // An MPEG audio frame header: 11 sync bits, a valid version and layer III.
  if (bytes.length >= 4 && bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0 && (bytes[1] & 0x06) === 0x02 && (bytes[1] & 0x18) !== 0x08) return "mp3";
  if (bytes.length >= 4 && ascii(bytes, 0, 4) === "OggS") return { unsupported: "Ogg (record or export as WAV or MP3)" };
  if (bytes.length >= 4 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return { unsupported: "WebM/Matroska (record or export as WAV or MP3)" };
  if (bytes.length >= 4 && ascii(bytes, 0, 4) === "fLaC") return { unsupported: "FLAC (export as WAV or MP3)" };
  if (bytes.length >= 8 && ascii(bytes, 4, 4) === "ftyp") return { unsupported: "MP4/M4A (export as WAV or MP3)" };
  if (bytes.length === 0) return { unsupported: "the file is empty" };
  return { unsupported: hint ? `${hint} is not WAV or MP3` : "not WAV or MP3" };
}

interface WavFormat {
  encoding: "int" | "float";
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  blockAlign: number;
}

function readWavFormat(view: DataView, at: number, size: number): WavFormat {
  if (size < 16) throw new UnsupportedAudioFormatError("WAV fmt chunk is too short");
  let tag = view.getUint16(at, true);
  const channels = view.getUint16(at + 2, true);
  const sampleRate = view.getUint32(at + 4, true);
  const blockAlign = view.getUint16(at + 12, true);
  const bitsPerSample = view.getUint16(at + 14, true);
  // WAVE_FORMAT_EXTENSIBLE keeps the real format tag in the first two bytes of its sub-format GUID.
  if (tag === WAVE_FORMAT_EXTENSIBLE && size >= 26) tag = view.getUint16(at + 24, true);
  if (tag !== WAVE_FORMAT_PCM && tag !== WAVE_FORMAT_FLOAT) throw new UnsupportedAudioFormatError(`WAV encoding ${tag} (only PCM and float)`);
  const encoding = tag === WAVE_FORMAT_FLOAT ? "float" : "int";
  const validBits = encoding === "float" ? [32, 64] : [8, 16, 24, 32];
  if (!validBits.includes(bitsPerSample)) throw new UnsupportedAudioFormatError(`${bitsPerSample}-bit ${encoding} WAV`);
  if (channels < 1 || channels > 2) throw new UnsupportedAudioFormatError(`${channels}-channel WAV (only mono or stereo)`);
  if (sampleRate < 8000 || sampleRate > 192_000) throw new UnsupportedAudioFormatError(`WAV sample rate ${sampleRate} Hz`);
  if (blockAlign !== (channels * bitsPerSample) / 8) throw new UnsupportedAudioFormatError("WAV block size does not match its format");
  return { encoding, channels, sampleRate, bitsPerSample, blockAlign };
}

function decodeWav(bytes: Uint8Array): { sampleRate: number; channels: Float32Array[] } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let format: WavFormat | null = null;
  let at = 12;
  while (at + 8 <= bytes.length) {
    const id = ascii(bytes, at, 4);
    const declared = view.getUint32(at + 4, true);
    const body = at + 8;
    // Recorders that stream write a placeholder size; the data then runs to the end of the file.
    const size = Math.min(declared, bytes.length - body);
    if (id === "fmt ") format = readWavFormat(view, body, size);
    if (id === "data") {
      if (!format) throw new UnsupportedAudioFormatError("WAV data before its fmt chunk");
      return { sampleRate: format.sampleRate, channels: readPcm(view, body, size, format) };
    }
    at = body + size + (size % 2);
  }
  throw new UnsupportedAudioFormatError(format ? "WAV has no data chunk" : "WAV has no fmt chunk");
}

function readPcm(view: DataView, start: number, size: number, format: WavFormat): Float32Array[] {
  const frames = Math.floor(size / format.blockAlign);
  const bytesPerSample = format.bitsPerSample / 8;
  const channels = Array.from({ length: format.channels }, () => new Float32Array(frames));
  for (let frame = 0; frame < frames; frame++) {
    for (let channel = 0; channel < format.channels; channel++) {
      const at = start + frame * format.blockAlign + channel * bytesPerSample;
      let value: number;
      if (format.encoding === "float") value = format.bitsPerSample === 32 ? view.getFloat32(at, true) : view.getFloat64(at, true);
      else if (format.bitsPerSample === 8) value = (view.getUint8(at) - 128) / 128;
      else if (format.bitsPerSample === 16) value = view.getInt16(at, true) / 32768;
      else if (format.bitsPerSample === 24) value = ((view.getUint8(at + 2) << 24) | (view.getUint8(at + 1) << 16) | (view.getUint8(at) << 8)) / 2147483648;
      else value = view.getInt32(at, true) / 2147483648;
      channels[channel][frame] = Number.isFinite(value) ? value : 0;
    }
  }
  return channels;
}

async function decodeMp3(bytes: Uint8Array): Promise<{ sampleRate: number; channels: Float32Array[] }> {
  const decoder = new MPEGDecoder();
  await decoder.ready;
  try {
    const decoded = decoder.decode(bytes);
    if (decoded.samplesDecoded === 0) throw new UnsupportedAudioFormatError("MP3 has no decodable frames");
    const channels = decoded.channelData.slice(0, 2).map((channel) => channel.slice(0, decoded.samplesDecoded));
    return { sampleRate: decoded.sampleRate, channels };
  } finally {
    decoder.free();
  }
}

/**
 * Decodes a WAV or MP3 file to 44.1 kHz float channels; throws UnsupportedAudioFormatError otherwise.
 * The second argument may be just the file name or MIME type.
 */
export async function decodeAudio(bytes: Uint8Array, hintOrOptions: string | DecodeOptions = {}): Promise<DecodedAudio> {
  const options = typeof hintOrOptions === "string" ? { hint: hintOrOptions } : hintOrOptions;
  const container = sniff(bytes, options.hint);
  if (typeof container === "object") throw new UnsupportedAudioFormatError(container.unsupported);
  const raw = container === "wav" ? decodeWav(bytes) : await decodeMp3(bytes);
  const length = raw.channels[0]?.length ?? 0;
  if (length === 0) throw new UnsupportedAudioFormatError(`${container.toUpperCase()} holds no audio`);
  const seconds = length / raw.sampleRate;
  const maxSeconds = options.maxSeconds ?? DEFAULT_MAX_SECONDS;
  if (seconds > maxSeconds) throw new AudioTooLongError(seconds, maxSeconds);
  return { sampleRate: SAMPLE_RATE, channels: raw.channels.map((channel) => resample(channel, raw.sampleRate, SAMPLE_RATE)) };
}

/** The take as one mono signal (the average of its channels), for analysis and processing. */
export function toMono(audio: DecodedAudio): Float32Array {
  if (audio.channels.length === 1) return audio.channels[0];
  const [left, right] = audio.channels;
  const mono = new Float32Array(left.length);
  for (let index = 0; index < mono.length; index++) mono[index] = (left[index] + right[index]) / 2;
  return mono;
}
