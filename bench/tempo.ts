// `npm run bench:tempo [--seeds N] [--filters a,b] [--mp3]`: does an outside tempo detector (aubio) find the
// declared tempo? Renders whole songs through the real engine and runs `aubio tempo` on them. Without
// arguments: the issue 23 test songs (tests/engine/musicV2Songs.ts); with --seeds N: N seeds (101, 108, ...)
// of every creatable filter with drums. The WAV is measured unless --mp3 (the decoded MP3, as the engine test
// does; slower). Prints each song's reading and the share found (declared, half or double, within 4 %).
import { compose, defaultSongParams, FILTERS, renderSong } from "~/engine";
import type { StereoBuffer } from "~/engine/types";
import { decodeAudio } from "~/engine/vocals/decode";
import { MUSIC_V2_SONGS } from "../tests/engine/musicV2Songs";
import { aubioTempo, tempoFound } from "../tests/engine/musicV2Measures";
import os from "node:os";

const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const seedCount = option("--seeds") ? Number(option("--seeds")) : 0;
const only = option("--filters")?.split(",") ?? null;
const useMp3 = args.includes("--mp3");

const creatable = FILTERS.filter((filter) => !filter.roulette && filter.purposes.includes("create") && (!only || only.includes(filter.value)));
const songs: [string, string, number][] =
  seedCount > 0
    ? creatable.flatMap((filter) => Array.from({ length: seedCount }, (_, i) => [filter.style, filter.value, 101 + i * 7] as [string, string, number]))
    : MUSIC_V2_SONGS.filter(([, filter]) => !only || only.includes(filter));

const started = performance.now();
let found = 0, withDrums = 0;
const missed: string[] = [];
for (const [style, filter, seed] of songs) {
  const params = defaultSongParams(style, seed, filter);
  if (!compose(params).parts.includes("drums")) continue;
  const song = await renderSong(params, { mp3: useMp3 });
  const decoded = await decodeAudio(useMp3 ? song.mp3! : song.wav, useMp3 ? "song.mp3" : "song.wav");
  const audio: StereoBuffer = { sampleRate: decoded.sampleRate, left: decoded.channels[0], right: decoded.channels[1] ?? decoded.channels[0] };
  const bpm = aubioTempo(audio);
  const ok = tempoFound(bpm, song.composition.tempo);
  withDrums++;
  if (ok) found++;
  else missed.push(`${filter} ${seed} (${bpm.toFixed(1)} / ${song.composition.tempo})`);
  console.log(`${ok ? "  found" : "MISSED"} ${filter.padEnd(18)} seed ${String(seed).padEnd(4)} aubio ${bpm.toFixed(1).padStart(6)} / ${song.composition.tempo} BPM (${(bpm / song.composition.tempo).toFixed(2)}×)`);
}
console.log(`\naubio found the declared tempo (or ½×, 2×, within 4 %) in ${found}/${withDrums} songs with drums (${((found / withDrums) * 100).toFixed(1)} %, target ≥ 97 %)`);
if (missed.length > 0) console.log(`missed: ${missed.join(", ")}`);
console.log(`${((performance.now() - started) / 1000).toFixed(0)} s, load average ${os.loadavg().map((load) => load.toFixed(1)).join(" ")}`);
process.exit(0);
