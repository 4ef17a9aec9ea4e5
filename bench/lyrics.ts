// `npm run bench:lyrics`: time to write lyrics for a 3-minute song, and the memory the dictionaries take.
// Printed, never asserted. Run as its own process so the first (cold) run really loads the dictionaries.
import { performance } from "node:perf_hooks";
import { defaultSongParams } from "~/engine/catalogue";
import { compose, describeComposition } from "~/engine/compose";

const PROMPTS = [
  "Rainy nights in the city, missing someone who left",
  "Summer love on a quiet beach by the ocean",
  "Dancing under neon lights until the sun comes up",
  "A lighthouse keeper waiting for a ship that never comes",
  "An astronaut drifting alone through silent space",
  "Old friends around a fire on the last night of summer",
];

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const song = compose(defaultSongParams("wd_lofi", 1, "rainy_nights"));
const seconds = describeComposition(song).durationSeconds;
global.gc?.();
const before = process.memoryUsage();

const start = performance.now();
const lyrics = await import("~/engine/lyrics");
const importMs = performance.now() - start;
const load = (await import("node:os")).loadavg()[0];

// CPU time is printed beside wall time: on a machine shared with other work it says what the code costs.
const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;
const generate = (prompt: string, seed: number) => {
  const begin = performance.now();
  const cpu = process.cpuUsage();
  const plan = lyrics.phrasePlan(song);
  const result = lyrics.generateLyrics({ prompt, plan, seed });
  const elapsed = performance.now() - begin;
  return { elapsed, cpu: cpuMs(process.cpuUsage(cpu)), lines: result.sections.reduce((sum, section) => sum + section.lines.length, 0) };
};

const cold = generate(PROMPTS[0], 1);
const warmRuns = PROMPTS.slice(1).map((prompt, i) => generate(prompt, i + 2));
const warm = warmRuns.map((run) => run.elapsed);
global.gc?.();
const after = process.memoryUsage();

const rows: [string, string, string][] = [
  ["song", `wd_lofi/rainy_nights seed 1, ${seconds.toFixed(0)} s, ${cold.lines} lyric lines; load average ${load.toFixed(1)}`, ""],
  ["import ~/engine/lyrics (transpile + franc-min; dictionaries wait)", ms(importMs), "—"],
  ["lyrics for a 3-min song, first run (cold: CMU + WordNet load)", `${ms(cold.elapsed)} wall, ${ms(cold.cpu)} CPU`, "≤ 1 s"],
  ["lyrics for a 3-min song, median of 5 (warm, new prompt each)", `${ms(median(warm))} wall, ${ms(median(warmRuns.map((run) => run.cpu)))} CPU`, "≤ 1 s"],
  ["heap held after (dictionaries + caches)", `+${mb(after.heapUsed - before.heapUsed)} (${mb(after.heapUsed)} total)`, "—"],
  ["RSS after", `+${mb(after.rss - before.rss)} (${mb(after.rss)} total)`, "—"],
];
const width = Math.max(...rows.map(([measure]) => measure.length));
console.log(`${"measure".padEnd(width)}  value  (target)`);
for (const [measure, value, target] of rows) console.log(`${measure.padEnd(width)}  ${value}${target ? `  (${target})` : ""}`);
