// Bench: the mastering add-on's engine (docs/mastering.md). Targets: all fourteen previews of a 30-second
// sample ≤ 3 s together, one full 3-minute master ≤ 4 s. Three runs of each (bounded), wall and CPU time
// printed; the material is the engine tests' synthetic mix. The MP3 encodes the jobs add, and the jobs'
// two-thread path, are printed apart.
import { encodeMp3Parallel, encodeWav } from "../app/engine/encode";
import { renderPreviewsOffThread } from "../app/engine/threads";
import { MASTERING_PRESETS, masterWithPreset, renderPreviews } from "../app/engine/master/presets";
import { masteringMaterial } from "../tests/engine/masteringMaterial";

const RUNS = 3;
const sample = masteringMaterial(30);
const song = masteringMaterial(180);

function time<T>(work: () => T): { ms: number; cpuMs: number; result: T } {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const result = work();
  return { ms: performance.now() - start, cpuMs: process.cpuUsage(cpu).user / 1000, result };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const report = (name: string, target: number, runs: { ms: number; cpuMs: number }[]) =>
  console.log(`${name.padEnd(34)} median ${median(runs.map((r) => r.ms)).toFixed(0).padStart(5)} ms (cpu ${median(runs.map((r) => r.cpuMs)).toFixed(0)} ms), target ≤ ${target} ms`);

const previews = Array.from({ length: RUNS }, () => time(() => renderPreviews(sample, { intensity: 70, targetLufs: -14 })));
report("14 previews of a 30 s sample", 3000, previews);
const full = Array.from({ length: RUNS }, (_, i) =>
  time(() => masterWithPreset({ ...song, left: song.left.slice(), right: song.right.slice() }, MASTERING_PRESETS[i % MASTERING_PRESETS.length], { intensity: 70, targetLufs: -14 })),
);
report("full 3-minute master", 4000, full);
for (const preview of previews[0].result.previews.slice(0, 3)) {
  console.log(`  ${preview.preset.name.padEnd(10)} ${preview.before.lufs.toFixed(1)} → ${preview.after.lufs.toFixed(2)} LUFS, ${preview.after.truePeakDb.toFixed(2)} dBTP`);
}
const encodeStart = performance.now();
await encodeMp3Parallel(previews[0].result.previews[0].audio);
console.log(`one preview's MP3 (job only, not in the target) ${(performance.now() - encodeStart).toFixed(0)} ms`);
const encodeSong = performance.now();
await encodeMp3Parallel(full[0].result.audio);
console.log(`the full master's MP3 (job only, not in the target) ${(performance.now() - encodeSong).toFixed(0)} ms`);

// What the master.preview job runs: the same previews split over two worker threads, from the WAV's bytes
// (decoded on each thread) to fifteen MP3s.
const wav = encodeWav(sample);
await renderPreviewsOffThread({ wav: wav.slice(), startSeconds: 0, seconds: 30, intensity: 70, targetLufs: -14 }); // threads started and warm
const jobStart = performance.now();
await renderPreviewsOffThread({ wav, startSeconds: 0, seconds: 30, intensity: 70, targetLufs: -14 });
console.log(`the job's path (two threads, decode + 14 previews + 15 MP3s) ${(performance.now() - jobStart).toFixed(0)} ms`);
