// `npx tsx bench/listen.ts <folder>`: six whole songs of different styles (piano, guitars, strings, brass,
// an 808 song, an ambient one), rendered and measured as a listener's meter would: integrated loudness, true
// and sample peak, tempo, key, and the long-term average spectrum in 1/3-octave bands (dB under the loudest
// band). Writes each WAV and summary.json to the folder, for listening and for bench/soundSpectra.ts
// (docs/sound-songs.png). Run it on two engines to compare them.
import { mkdirSync, writeFileSync } from "node:fs";
import { defaultSongParams } from "~/engine/catalogue";
import { renderSong } from "~/engine/pipeline";
import { decodeAudio } from "~/engine/vocals/decode";
import { fft } from "~/engine/vocals/fft";
const out = process.argv[2];
mkdirSync(out, { recursive: true });
const songs: [string, string, number, Record<string, string>?][] = [
  ["wd_lofi", "morning_sun", 3, { chords: "gm_acoustic_grand_piano" }],
  ["advanced", "custom_pop", 5, { chords: "gm_acoustic_grand_piano" }],
  ["advanced", "custom_rock", 8, { chords: "gm_acoustic_guitar_steel" }],
  ["wd_groove", "reggaeton", 4],
  ["relaxation", "ambient_acoustic", 6],
  ["advanced", "custom_cinematic", 2, { pad: "gm_string_ensemble_1", lead: "gm_trumpet" }],
];
const result: unknown[] = [];
for (const [style, filter, seed, instruments] of songs) {
  const params = { ...defaultSongParams(style, seed, filter), ...(instruments ? { instruments } : {}) };
  const t0 = performance.now();
  const song = await renderSong(params, { mp3: false });
  const ms = performance.now() - t0;
  writeFileSync(`${out}/${filter}-${seed}.wav`, song.wav);
  const audio = await decodeAudio(song.wav);
  const left = audio.channels[0], right = audio.channels[1] ?? left;
  // Long-term average spectrum in 1/3-octave bands (dB, relative to the loudest band).
  const N = 8192, bands = new Float64Array(31);
  let peak = 0;
  for (let i = 0; i < left.length; i++) peak = Math.max(peak, Math.abs(left[i]), Math.abs(right[i]));
  for (let start = 0; start + N < left.length; start += N) {
    const re = new Float64Array(N), im = new Float64Array(N);
    for (let i = 0; i < N; i++) re[i] = (left[start + i] + right[start + i]) * 0.5 * (0.5 - 0.5 * Math.cos(2 * Math.PI * i / (N - 1)));
    fft(re, im);
    for (let b = 1; b < N / 2; b++) { const hz = b * 44100 / N; const band = Math.round(3 * Math.log2(hz / 20)); if (band >= 0 && band < 31) bands[band] += re[b] ** 2 + im[b] ** 2; }
  }
  const max = Math.max(...bands);
  const db = Array.from(bands, (x) => 10 * Math.log10(x / max + 1e-12));
  const entry = { filter, seed, instruments: (song as unknown as { production?: { instruments: unknown } }).production?.instruments, lufs: song.stats.lufs, truePeakDb: song.stats.truePeakDb, samplePeakDb: 20 * Math.log10(peak), seconds: song.stats.durationSeconds, tempo: song.stats.tempo, key: song.stats.key, renderMs: Math.round(ms), bandsDb: db };
  result.push(entry);
  console.log(JSON.stringify({ ...entry, bandsDb: undefined }));
}
writeFileSync(`${out}/summary.json`, JSON.stringify(result));
process.exit(0);
