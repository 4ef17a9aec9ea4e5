// Worker-thread entry for generated vocals (docs/vocals-flow.md, "Generated vocals"): writing the vocal
// melody, singing it section by section, producing the vocal and mixing it over the song for review, and
// rendering voice previews. Off the calling thread because the job worker may share its process with the web
// server, and singing a song (WSOLA + PSOLA per note) plus mixing and encoding is seconds of CPU.
// espeak-ng itself runs as child processes (ADR 011) started from here.

import { encodeMp3Parallel, encodeWav } from "../encode";
import { SAMPLE_RATE, type Composition, type StereoBuffer } from "../types";
import { decodeAudio } from "../vocals/decode";
import { fitToVoice, singVocal } from "../vocals/sing";
import { writeVocalMelody, type LyricsInput, type VocalNote } from "../vocals/melody";
import { renderVoicePreview } from "../vocals/preview";
import { mixVocal, produceVocal } from "../vocals/vocalChain";
import { getVoice } from "../vocals/voices";
import { answerInOrder, type Answer } from "./answerInOrder";

export type SingRequest =
  | { type: "melody"; composition: Composition; lyrics: LyricsInput; seed: number; voiceId: string }
  | { type: "sing"; notes: VocalNote[]; voiceId: string; seed: number }
  | { type: "finish"; chunks: { offset: number; audio: Float32Array }[]; instrumentalWav: Uint8Array; emphasis: number }
  | { type: "preview"; voiceId: string };

function voice(voiceId: string) {
  const found = getVoice(voiceId);
  if (!found) throw new Error(`Unknown voice ${voiceId}`);
  return found;
}

async function stereo(bytes: Uint8Array): Promise<StereoBuffer> {
  const decoded = await decodeAudio(bytes, { maxSeconds: 3600 });
  const [left, right = left] = decoded.channels;
  return { sampleRate: decoded.sampleRate, left, right };
}

/** A little before the first note: consonants lead the beat and the syllable's attack starts early. */
const CHUNK_LEAD_SECONDS = 0.2;

async function handle(message: SingRequest & { id: number }): Promise<Answer> {
  switch (message.type) {
    case "melody": {
      const melody = writeVocalMelody({ composition: message.composition, lyrics: message.lyrics, seed: message.seed });
      // Fitted to the voice once for the whole song, so every section sits in the same octave when sung apart.
      return { reply: { notes: fitToVoice(melody.notes, voice(message.voiceId)) }, transfer: [] };
    }
    case "sing": {
      // Only the stretch of audio that holds the section's notes travels back, with its offset in the song.
      // The notes were fitted to the voice for the whole song (the melody step): not again per section.
      const sung = await singVocal({ melody: message.notes, voice: voice(message.voiceId), sampleRate: SAMPLE_RATE, seed: message.seed, fitted: true });
      const first = Math.min(...message.notes.map((note) => note.startSeconds));
      const offset = Math.max(0, Math.floor((first - CHUNK_LEAD_SECONDS) * sung.sampleRate));
      const audio = sung.audio.slice(offset);
      return { reply: { offset, audio }, transfer: [audio.buffer as ArrayBuffer] };
    }
    case "finish": {
      const length = message.chunks.reduce((end, chunk) => Math.max(end, chunk.offset + chunk.audio.length), 0);
      const dry = new Float32Array(length);
      for (const chunk of message.chunks) {
        for (let index = 0; index < chunk.audio.length; index++) dry[chunk.offset + index] += chunk.audio[index];
      }
      const vocal = produceVocal(dry, SAMPLE_RATE);
      const instrumental = await stereo(message.instrumentalWav);
      const mixed = mixVocal({ instrumental, vocal, emphasis: message.emphasis });
      const [vocalMp3, mixMp3] = await Promise.all([encodeMp3Parallel(vocal), encodeMp3Parallel(mixed.audio)]);
      const vocalWav = encodeWav(vocal);
      return { reply: { vocalWav, vocalMp3, mixMp3 }, transfer: [vocalWav.buffer, vocalMp3.buffer, mixMp3.buffer] as ArrayBuffer[] };
    }
    case "preview": {
      const mp3 = await encodeMp3Parallel(await renderVoicePreview(voice(message.voiceId)));
      return { reply: { mp3 }, transfer: [mp3.buffer as ArrayBuffer] };
    }
  }
}

answerInOrder<SingRequest & { id: number }>(handle);
