// Worker-thread entry: the mastering add-on's work (docs/mastering.md) on a song's WAV: every preset's
// preview of a 30-second window (with the unmastered window at matched loudness), or the whole song
// mastered with one preset; each output encoded to MP3 (and the master to WAV too). Off the calling
// thread because the job worker may share its process with the web server.

import { encodeMp3Parallel, WavWriter } from "../encode";
import { MASTERING_PRESETS, masterWithPreset, presetByLetter, renderPreviews } from "../master/presets";
import type { StereoBuffer } from "../types";
import { decodeAudio } from "../vocals/decode";
import type { MasteringRequest } from "./masteringOffThread";
import { answerInOrder, type Answer } from "./answerInOrder";

async function stereo(bytes: Uint8Array): Promise<StereoBuffer> {
  const decoded = await decodeAudio(bytes, { maxSeconds: 3600 });
  const [left, right = left] = decoded.channels;
  return { sampleRate: decoded.sampleRate, left, right };
}

const window = (audio: StereoBuffer, startSeconds: number, seconds: number): StereoBuffer => {
  const start = Math.max(0, Math.min(audio.left.length, Math.round(startSeconds * audio.sampleRate)));
  const end = Math.min(audio.left.length, start + Math.round(seconds * audio.sampleRate));
  return { sampleRate: audio.sampleRate, left: audio.left.slice(start, end), right: audio.right.slice(start, end) };
};

async function handle(message: MasteringRequest): Promise<Answer> {
  const song = await stereo(message.wav);
  if (message.kind === "previews") {
    const sample = window(song, message.startSeconds, message.seconds);
    const presets = MASTERING_PRESETS.filter((preset) => !message.letters || message.letters.includes(preset.letter));
    const set = renderPreviews(sample, { intensity: message.intensity, targetLufs: message.targetLufs, presets });
    const original = message.withOriginal === false ? null : { mp3: await encodeMp3Parallel(set.original.audio), before: set.original.before, after: set.original.after, spectrum: set.original.spectrum };
    const previews = [];
    for (const preview of set.previews) {
      previews.push({ letter: preview.preset.letter, mp3: await encodeMp3Parallel(preview.audio), before: preview.before, after: preview.after, spectrum: preview.spectrum });
    }
    const transfer = [...(original ? [original.mp3] : []), ...previews.map((p) => p.mp3)].map((bytes) => bytes.buffer as ArrayBuffer);
    return { reply: { ...(original && { original }), previews }, transfer };
  }
  const preset = presetByLetter(message.letter);
  if (!preset) throw new Error(`No mastering preset "${message.letter}"`);
  const mastered = masterWithPreset(song, preset, { intensity: message.intensity, targetLufs: message.targetLufs });
  const wavWriter = new WavWriter(mastered.audio);
  const mp3Pending = encodeMp3Parallel(mastered.audio, wavWriter);
  await wavWriter.complete;
  const mp3 = await mp3Pending;
  const wav = wavWriter.bytes;
  return { reply: { wav, mp3, before: mastered.before, after: mastered.after }, transfer: [wav.buffer as ArrayBuffer, mp3.buffer as ArrayBuffer] };
}

answerInOrder<MasteringRequest & { id: number }>(handle);
