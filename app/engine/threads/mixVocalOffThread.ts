// mixVocal + encode on a long-lived worker thread (vocalMixWorker.ts): used by the song.rerender job to put
// a song's vocal over a newly rendered instrumental.

import type { SongPeaks } from "../encode";
import { engineWorkerEntry, WorkerThread } from "./workerThread";

export interface MixedVocalSong {
  mp3: Uint8Array;
  wav: Uint8Array;
  peaks: SongPeaks;
  lufs: number;
}

let worker: WorkerThread | null = null;

/** Both inputs are WAV files (44.1 kHz); the vocal starts at the song's first sample. */
export async function mixVocalOffThread(
  instrumentalWav: Uint8Array,
  vocalWav: Uint8Array,
  emphasis: number,
  segments: { seconds: number; count: number },
): Promise<MixedVocalSong> {
  worker ??= new WorkerThread(engineWorkerEntry("threads/vocalMixWorker.ts"));
  return worker.request<MixedVocalSong>(
    { instrumentalWav, vocalWav, emphasis, segmentSeconds: segments.seconds, segmentCount: segments.count },
  );
}
