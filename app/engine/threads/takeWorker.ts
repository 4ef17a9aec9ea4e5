// Worker-thread entry for a user's vocal take (docs/vocals-flow.md, "Recorded and uploaded takes"):
//   decode  — an uploaded file (WAV or MP3) to the 44.1 kHz WAV we store; a long MP3 is seconds of CPU.
//   process — the stored take through processTake (align, auto-tune, production effect) to the produced
//             vocal WAV the song's mix uses.
// Off the calling thread because the web server and the job worker may share one process. A file or take
// the engine refuses is answered as `rejected` (field and message), so the caller can tell the user's
// mistake (a 400, or a take that can never work) from a crash.

import { readFile } from "node:fs/promises";
import { encodeWav } from "../encode";
import type { Composition, StereoBuffer } from "../types";
import { AudioTooLongError, decodeAudio, toMono, UnsupportedAudioFormatError } from "../vocals/decode";
import { processTake, TakeOptionsError, type TakeOptions, type TakeReport } from "../vocals/processTake";
import { answerInOrder, type Answer } from "./answerInOrder";

export interface DecodeTakeRequest {
  op: "decode";
  /** The uploaded file on disk: read here, so the web thread never holds it. */
  file: string;
  hint?: string;
  maxSeconds: number;
}

export interface ProcessTakeRequest {
  op: "process";
  takeWav: Uint8Array;
  composition: Composition;
  autoVocal: boolean;
  options: TakeOptions;
  /** The produced vocal is cut at this length (the song's), so a take running past the end cannot lengthen the song. */
  maxSeconds: number | null;
}

export type TakeWorkerReply =
  | { id: number; rejected: { field: string; message: string } }
  | { id: number; wav: Uint8Array; durationSeconds: number; report?: TakeReport };

/** Below this peak (−60 dBFS) a take holds no voice: processing it would put silence on the song. */
const SILENCE_PEAK = 0.001;

function stereo(channels: Float32Array[], sampleRate: number): StereoBuffer {
  const [left, right = left] = channels;
  return { sampleRate, left, right: right === left ? left.slice() : right };
}

function peak(signal: Float32Array): number {
  let max = 0;
  for (const sample of signal) max = Math.max(max, Math.abs(sample));
  return max;
}

async function decode(request: DecodeTakeRequest) {
  const decoded = await decodeAudio(new Uint8Array(await readFile(request.file)), { hint: request.hint, maxSeconds: request.maxSeconds });
  const wav = encodeWav(stereo(decoded.channels, decoded.sampleRate));
  return { wav, durationSeconds: decoded.channels[0].length / decoded.sampleRate };
}

async function process(request: ProcessTakeRequest) {
  const take = await decodeAudio(request.takeWav, { maxSeconds: 3600 });
  if (peak(toMono(take)) < SILENCE_PEAK) throw new TakeOptionsError("take", "is silent: no voice was recorded");
  const processed = processTake({ take, composition: request.composition, autoVocal: request.autoVocal, options: request.options });
  let { left, right } = processed.vocal;
  if (request.maxSeconds !== null) {
    const frames = Math.min(left.length, Math.ceil(request.maxSeconds * processed.vocal.sampleRate));
    left = left.subarray(0, frames);
    right = right.subarray(0, frames);
  }
  const wav = encodeWav({ sampleRate: processed.vocal.sampleRate, left, right });
  return { wav, durationSeconds: left.length / processed.vocal.sampleRate, report: processed.report };
}

/** A request's answer; a file or take the engine refuses is answered with the field and the reason. */
async function handle(message: DecodeTakeRequest | ProcessTakeRequest): Promise<Answer> {
  try {
    const result = message.op === "decode" ? await decode(message) : await process(message);
    return { reply: result, transfer: [result.wav.buffer] as ArrayBuffer[] };
  } catch (error) {
    if (error instanceof UnsupportedAudioFormatError || error instanceof AudioTooLongError || error instanceof TakeOptionsError) {
      return { reply: { rejected: { field: error.field, message: error.message } }, transfer: [] };
    }
    throw error;
  }
}

answerInOrder<(DecodeTakeRequest | ProcessTakeRequest) & { id: number }>(handle);
