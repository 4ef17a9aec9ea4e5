// `npm run bench:lyrics`: time to write lyrics for a 3-minute song and the memory the dictionaries take,
// then what the lyrics say over 100 prompts (bench/lyrics-prompts.ts): topic coverage, rhyme rate,
// syllable fit and the share of word pairs found in the collocation list, and ten songs in full.
// Printed, never asserted. Run as its own process so the first (cold) run really loads the dictionaries.
import { performance } from "node:perf_hooks";
import { defaultSongParams } from "~/engine/catalogue";
import { compose, describeComposition } from "~/engine/compose";
import { BENCH_PROMPTS } from "./lyrics-prompts";

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const percent = (part: number, whole: number) => `${((100 * part) / Math.max(1, whole)).toFixed(1)} %`;

const song = compose(defaultSongParams("wd_lofi", 1, "rainy_nights"));
const seconds = describeComposition(song).durationSeconds;
global.gc?.();
const before = process.memoryUsage();

const start = performance.now();
const lyrics = await import("~/engine/lyrics");
const { collocationPairs } = await import("~/engine/lyrics/collocations");
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

const cold = generate(BENCH_PROMPTS[3], 1);
const warmRuns = BENCH_PROMPTS.slice(4, 9).map((prompt, i) => generate(prompt, i + 2));
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

// What the lyrics say, over 100 prompts and four song shapes.
const shapes = [["wd_lofi", "rainy_nights"], ["wd_edm", "house"], ["wd_rap", "songloom_trap"], ["advanced", "custom_pop"]].map(([style, filter]) => lyrics.phrasePlan(compose(defaultSongParams(style, 1, filter))));
// The detector tags words by the list and by a broader everyday vocabulary, so that a free pairing in a
// template's own words would be found too; pairs the prompt itself contains are the user's, not counted.
const EXTRA_ADJECTIVES = "bright white new blue true golden slow low cold bold old wild mild free deep high warm soft clear near far young long strong wrong lost sweet open quiet silent gentle steady tender hollow restless endless electric beautiful infinite radiant burning shining falling ready heavy easy empty lonely dark red green black".split(" ");
const EXTRA_VERBS = "hold find chase feel call follow carry keep light reach remember see hear touch know need love leave meet face free celebrate watch miss".split(" ");
let verses = 0, coveredVerses = 0, topicWords = 0;
let rhymePositions = 0, rhymed = 0;
let lines = 0, fitting = 0, exact = 0;
let pairs = 0, listed = 0;
const misses = new Map<string, number>();
const times: number[] = [];
const cpuTimes: number[] = [];
const full: string[] = [];
BENCH_PROMPTS.forEach((prompt, i) => {
  const plan = shapes[i % shapes.length];
  const begin = performance.now();
  const cpu = process.cpuUsage();
  const result = lyrics.generateLyrics({ prompt, plan, seed: 100 + i });
  times.push(performance.now() - begin);
  cpuTimes.push(cpuMs(process.cpuUsage(cpu)));
  const theme = lyrics.buildTheme(prompt);
  const near = new Set([...lyrics.words(prompt), ...theme.words.map((word) => word.word)]);
  const promptPairs = new Set(collocationPairs(prompt, { adjectives: EXTRA_ADJECTIVES, verbs: EXTRA_VERBS }).map((pair) => pair.pair));
  for (const section of result.sections) {
    const texts = section.lines.map((line) => line.value);
    if (section.type === "verse") {
      verses++;
      const content = new Set(lyrics.words(texts.join(" ")).filter((word) => near.has(word) && word.length > 2 && !["the", "and", "you", "our", "for"].includes(word)));
      topicWords += content.size;
      if (content.size >= 2) coveredVerses++;
    }
    // Rhyme: every line of a section of two or more is at a scheme position, except a refrain's repeats.
    if (texts.length >= 2) {
      texts.forEach((text, l) => {
        if (texts.some((other, o) => o !== l && other === text)) return;
        rhymePositions++;
        const end = lyrics.lastWord(text)!;
        if (texts.some((other, o) => o !== l && lyrics.rhymes(end, lyrics.lastWord(other)!))) rhymed++;
      });
    }
    for (const line of section.lines) {
      lines++;
      const off = Math.abs(lyrics.lineSyllables(line.value) - line.syllableTarget);
      if (off <= 2) fitting++;
      if (off === 0) exact++;
    }
  }
  // Each distinct line once: a chorus sung three times is one set of pairs.
  const distinct = [...new Set(result.sections.flatMap((section) => section.lines.map((line) => line.value)))];
  for (const text of distinct) {
    for (const pair of collocationPairs(text, { adjectives: EXTRA_ADJECTIVES, verbs: EXTRA_VERBS })) {
      if (promptPairs.has(pair.pair)) continue;
      pairs++;
      if (pair.listed) listed++;
      else misses.set(pair.pair, (misses.get(pair.pair) ?? 0) + 1);
    }
  }
  if (i < 10) full.push(`### ${prompt}\n${result.sections.map((section) => `[${section.type}]\n${section.lines.map((line) => `  ${line.value}`).join("\n")}`).join("\n")}`);
});
rows.push(
  ["100 prompts: lyrics per song, median / max", `${ms(median(times))} / ${ms(Math.max(...times))} wall, ${ms(median(cpuTimes))} / ${ms(Math.max(...cpuTimes))} CPU`, "≤ 1 s"],
  ["topic coverage: verses with ≥ 2 prompt or WordNet-neighbour words", `${percent(coveredVerses, verses)} of ${verses} verses (mean ${(topicWords / verses).toFixed(1)} a verse)`, "every verse"],
  ["rhyme rate at scheme positions (refrain repeats excluded)", `${percent(rhymed, rhymePositions)} of ${rhymePositions} lines`, "≥ 80 %"],
  ["syllable fit: lines within ±2 of the phrase (exact)", `${percent(fitting, lines)} of ${lines} lines (${percent(exact, lines)} exact)`, "≥ 95 %"],
  ["adjective-noun and verb-object pairs in the collocation list", `${percent(listed, pairs)} of ${pairs} pairs`, "≥ 95 %"],
);

const width = Math.max(...rows.map(([measure]) => measure.length));
console.log(`${"measure".padEnd(width)}  value  (target)`);
for (const [measure, value, target] of rows) console.log(`${measure.padEnd(width)}  ${value}${target ? `  (${target})` : ""}`);
if (misses.size) console.log(`\npairs not in the list: ${[...misses].sort((a, b) => b[1] - a[1]).slice(0, 20).map(([pair, count]) => `${pair} (${count})`).join(", ")}`);
console.log(`\nTen songs in full:\n\n${full.join("\n\n")}`);
