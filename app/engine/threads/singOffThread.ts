// Generated vocals on a long-lived worker thread (singWorker.ts): the melody, one section's singing at a
// time (so the job can report progress between sections), the produced vocal with its review mix, and voice
// previews. The worker is started on first use and unref'd while idle.

import type { Composition } from "../types";
import type { LyricsInput, VocalNote } from "../vocals/melody";
import { engineWorkerEntry, WorkerThread } from "./workerThread";

let worker: WorkerThread | null = null;
const sing = () => (worker ??= new WorkerThread(engineWorkerEntry("threads/singWorker.ts")));

/** writeVocalMelody, moved into the voice's range once for the whole song. */
export async function writeVocalMelodyOffThread(composition: Composition, lyrics: LyricsInput, seed: number, voiceId: string): Promise<VocalNote[]> {
  return (await sing().request<{ notes: VocalNote[] }>({ type: "melody", composition, lyrics, seed, voiceId })).notes;
}

export interface SungChunk {
  /** Sample (44.1 kHz) of the song where `audio` starts. */
  offset: number;
  /** Dry mono vocal. */
  audio: Float32Array;
}

/** Sings some notes (one section) with a voice. */
export async function singNotesOffThread(notes: VocalNote[], voiceId: string, seed: number): Promise<SungChunk> {
  const { offset, audio } = await sing().request<SungChunk>({ type: "sing", notes, voiceId, seed });
  return { offset, audio };
}

export interface FinishedVocal {
  /** The produced vocal, 44.1 kHz stereo, sample 0 = the song's start. */
  vocalWav: Uint8Array;
  vocalMp3: Uint8Array;
  /** The instrumental with the vocal mixed in at `emphasis`, mastered. */
  mixMp3: Uint8Array;
}

/** Puts the sung chunks together, runs the production effect and mixes the result over the instrumental (a WAV). */
export async function finishVocalOffThread(chunks: SungChunk[], instrumentalWav: Uint8Array, emphasis: number): Promise<FinishedVocal> {
  return sing().request<FinishedVocal>({ type: "finish", chunks, instrumentalWav, emphasis });
}

/** A voice's preview phrase, produced, as MP3. */
export async function renderVoicePreviewOffThread(voiceId: string): Promise<Uint8Array> {
  return (await sing().request<{ mp3: Uint8Array }>({ type: "preview", voiceId })).mp3;
}
