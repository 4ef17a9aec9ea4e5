// `npm run bench:vocals`: sung vocals for a whole (about 3-minute) song, mixed over its rendered
// instrumental and re-mastered. Prints each stage's wall-clock time; the target (≤ 15 s for melody,
// singing, production and mix) is printed, never asserted. The instrumental render is timed separately:
// in the product it already exists when vocals are generated. Caches start cold (a fresh process).
import os from "node:os";
import { defaultSongParams } from "../app/engine/catalogue";
import { renderSong } from "../app/engine/pipeline";
import { decodeAudio } from "../app/engine/vocals/decode";
import { mixVocal, produceVocal, singVocal, VOICES, writeVocalMelody } from "../app/engine/vocals";
import type { StereoBuffer } from "../app/engine/types";
import { fixtureLyrics } from "../tests/engine/vocalFixtures";

const TARGET_SECONDS = 15;
const [style = "wd_edm", filter = "house", seedText = "3", voiceId = "leo"] = process.argv.slice(2);

async function main(): Promise<void> {
  const params = defaultSongParams(style, Number(seedText), filter);
  const voice = VOICES.find((entry) => entry.voice_id === voiceId);
  if (!voice) throw new Error(`unknown voice ${voiceId} (one of ${VOICES.map((entry) => entry.voice_id).join(", ")})`);

  let started = performance.now();
  const song = await renderSong(params, { mp3: false });
  const decoded = await decodeAudio(song.wav);
  const instrumental: StereoBuffer = { sampleRate: decoded.sampleRate, left: decoded.channels[0], right: decoded.channels[1] ?? decoded.channels[0] };
  const instrumentalMs = performance.now() - started;
  const lyrics = fixtureLyrics(song.composition);

  const total = performance.now();
  const cpuBefore = process.cpuUsage();
  started = performance.now();
  const melody = writeVocalMelody({ composition: song.composition, lyrics, seed: params.seed });
  const melodyMs = performance.now() - started;
  const sung = await singVocal({ melody, voice, seed: params.seed });
  started = performance.now();
  const vocal = produceVocal(sung.audio, sung.sampleRate);
  const chainMs = performance.now() - started;
  const mixed = mixVocal({ instrumental, vocal, emphasis: 0.5 });
  const totalMs = performance.now() - total;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMs = (cpu.user + cpu.system) / 1000;

  const sungSeconds = melody.notes.reduce((sum, note) => sum + note.durationSeconds, 0);
  const lines = lyrics.sections.reduce((sum, section) => sum + section.lines.length, 0);
  const rows: [string, string][] = [
    ["song", `${style}/${filter} seed ${seedText}, ${(instrumental.left.length / instrumental.sampleRate).toFixed(1)} s, ${song.composition.tempo} BPM, voice ${voice.voice_id}`],
    ["lyrics", `${lines} lines, ${melody.notes.length} notes, ${sungSeconds.toFixed(1)} s sung`],
    ["instrumental render + decode (separate)", seconds(instrumentalMs)],
    ["melody", seconds(melodyMs)],
    ["espeak-ng (unique syllables)", seconds(sung.timings.espeak)],
    ["syllable analysis", seconds(sung.timings.analysis)],
    ["stretch + pitch (WSOLA, PSOLA)", seconds(sung.timings.stretchPitch)],
    ["chain (production effect)", seconds(chainMs)],
    ["mix", seconds(mixed.timings.mix)],
    ["re-master", seconds(mixed.timings.master)],
    ["total vocals, mixed", `${seconds(totalMs)} (target ≤ ${TARGET_SECONDS} s)`],
    // Wall-clock time follows whatever else the machine runs; CPU time of this process (espeak-ng's own
    // processes excluded, see the espeak-ng row) shows the work itself.
    ["  CPU time of this process", seconds(cpuMs)],
    ["  machine load (1-min average, cores)", `${os.loadavg()[0].toFixed(1)} on ${os.availableParallelism()}`],
    ["result", `${mixed.lufs.toFixed(2)} LUFS, ${mixed.truePeakDb.toFixed(2)} dBTP`],
  ];
  const width = Math.max(...rows.map(([name]) => name.length));
  for (const [name, value] of rows) console.log(`${name.padEnd(width)}  ${value}`);
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
