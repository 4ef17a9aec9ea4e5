// Worker-thread entry: a produced vocal mixed over a song's instrumental (mixVocal: level by emphasis, duck,
// re-master), then encoded (MP3, WAV) with peaks. Off the calling thread because the job worker may share
// its process with the web server, and a 3-minute mix plus encode is seconds of CPU.

import { encodeMp3Parallel, songPeaks, WavWriter } from "../encode";
import { decodeAudio } from "../vocals/decode";
import { mixVocal } from "../vocals/vocalChain";
import type { StereoBuffer } from "../types";
import { answerInOrder, type Answer } from "./answerInOrder";

interface MixRequest {
  id: number;
  instrumentalWav: Uint8Array;
  vocalWav: Uint8Array;
  emphasis: number;
  segmentSeconds: number;
  segmentCount: number;
}

async function stereo(bytes: Uint8Array): Promise<StereoBuffer> {
  const decoded = await decodeAudio(bytes, { maxSeconds: 3600 });
  const [left, right = left] = decoded.channels;
  return { sampleRate: decoded.sampleRate, left, right };
}

async function handle(message: MixRequest): Promise<Answer> {
  const [instrumental, vocal] = await Promise.all([stereo(message.instrumentalWav), stereo(message.vocalWav)]);
  const mixed = mixVocal({ instrumental, vocal, emphasis: message.emphasis });
  const wavWriter = new WavWriter(mixed.audio);
  const mp3Pending = encodeMp3Parallel(mixed.audio, wavWriter);
  await wavWriter.complete;
  const wav = wavWriter.bytes;
  const peaks = songPeaks(mixed.audio, message.segmentSeconds, message.segmentCount);
  const mp3 = await mp3Pending;
  return { reply: { mp3, wav, peaks, lufs: mixed.lufs }, transfer: [mp3.buffer, wav.buffer] as ArrayBuffer[] };
}

answerInOrder(handle);
