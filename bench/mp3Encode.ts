// Child process for the bench: MP3 encode time of a real 3-minute song (LAME's work depends on the
// material; a sine would flatter it). The song is rendered without MP3, its WAV decoded back to floats.

import { defaultSongParams } from "../app/engine/catalogue";
import { encodeMp3, encodeMp3Parallel } from "../app/engine/encode";
import { renderSong } from "../app/engine/pipeline";

const song = await renderSong(defaultSongParams("wd_edm", 7, "house"), { mp3: false });
const samples = new Int16Array(song.wav.buffer, song.wav.byteOffset + 44, (song.wav.length - 44) / 2);
const left = new Float32Array(samples.length / 2), right = new Float32Array(samples.length / 2);
for (let i = 0; i < left.length; i++) {
  left[i] = samples[2 * i] / 32768;
  right[i] = samples[2 * i + 1] / 32768;
}
const audio = { sampleRate: 44100, left, right };
// WASM start-up (both threads) outside the timings.
await encodeMp3Parallel({ sampleRate: 44100, left: left.slice(0, 44100 * 40), right: right.slice(0, 44100 * 40) });
const median = async (encode: () => Promise<Uint8Array>) => {
  const timesMs: number[] = [];
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    await encode();
    timesMs.push(performance.now() - started);
  }
  return [...timesMs].sort((a, b) => a - b)[1];
};
const oneThreadMs = await median(() => encodeMp3(audio));
const twoThreadsMs = await median(() => encodeMp3Parallel(audio));
process.stdout.write(`${JSON.stringify({ seconds: left.length / 44100, oneThreadMs, twoThreadsMs })}\n`);
process.exit(0);
