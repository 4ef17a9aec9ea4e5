// `npm run bench:styles [seeds] [--filters a,b]` (BENCH_STYLES_DUMP=file.json keeps the features): can the styles be told apart? Renders N seeds (default 6)
// of every filter through the real engine (compose, produce, render, mix, master; a 12 s excerpt from the
// first chorus or drop, no MP3, to keep it quick), extracts MIDI features (tempo, swing, drum grammar,
// density and register per part) and audio features (octave-band balance, spectral centroid, onset rate),
// and prints leave-one-out nearest-centroid accuracy by filter ("style"), by genre family (the filter's
// `family` in the catalogue) and by the style card the filter sits under, then the melody and seed-variety figures of the same songs. Numbers are printed,
// never asserted (the engine tests assert the thresholds on fewer songs).
import { writeFileSync } from "node:fs";
import { compose, defaultSongParams, FILTERS, renderSong, type Composition } from "~/engine";
import { decodeAudio } from "~/engine/vocals/decode";
import {
  audioFeatures,
  firstHookSegment,
  mainDrumPattern,
  melodyMeasures,
  midiFeatures,
  nearestCentroidAccuracy,
  patternOverlap,
  segmentStartSeconds,
  type Labelled,
} from "../tests/engine/musicMeasures";

const EXCERPT_SECONDS = 12;
const args = process.argv.slice(2);
const seedCount = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 6);
const only = args.includes("--filters") ? args[args.indexOf("--filters") + 1].split(",") : null;
// Roulette filters compose as one of their siblings, so they have no sound of their own to recognise.
const filters = FILTERS.filter((filter) => !filter.roulette && filter.purposes.includes("create") && (!only || only.includes(filter.value)));
const seeds = Array.from({ length: seedCount }, (_, i) => 101 + i * 7);

const songs: Labelled[] = [];
const compositions = new Map<string, Composition[]>();
const started = performance.now();
for (const filter of filters) {
  for (const seed of seeds) {
    const params = defaultSongParams(filter.style, seed, filter.value);
    // The excerpt starts where the hook does; composing first tells us when that is.
    const composition = compose(params);
    const startSeconds = segmentStartSeconds(composition, firstHookSegment(composition));
    const song = await renderSong(params, { excerpt: { startSeconds, seconds: EXCERPT_SECONDS }, mp3: false });
    const decoded = await decodeAudio(song.wav, "song.wav");
    const audio = { sampleRate: decoded.sampleRate, left: decoded.channels[0], right: decoded.channels[1] };
    songs.push({ features: { ...midiFeatures(song.composition), ...audioFeatures(audio) }, labels: { style: filter.value, card: filter.style, family: filter.family } });
    compositions.set(filter.value, [...(compositions.get(filter.value) ?? []), song.composition]);
  }
  process.stderr.write(`${filter.value} `);
}
process.stderr.write("\n");

// BENCH_STYLES_DUMP=<file.json>: also write every song's features and labels, to study the confusions offline.
if (process.env.BENCH_STYLES_DUMP) writeFileSync(process.env.BENCH_STYLES_DUMP, JSON.stringify(songs));

const pct = (value: number) => `${(value * 100).toFixed(1)} %`;
console.log(`bench:styles — ${filters.length} filters × ${seeds.length} seeds = ${songs.length} songs, ${((performance.now() - started) / 1000).toFixed(0)} s`);
const TARGETS: Record<string, string> = { style: "≥ 80 %", family: "≥ 90 %", card: "no target: Experimental and Custom cards gather other families' flavours" };
for (const labelling of ["style", "family", "card"] as const) {
  const { overall, perClass } = nearestCentroidAccuracy(songs, labelling);
  console.log(`\nleave-one-out nearest-centroid accuracy by ${labelling}: ${pct(overall)} (target ${TARGETS[labelling]})`);
  for (const [label, { correct, total, confusedWith }] of [...perClass].sort((a, b) => a[0].localeCompare(b[0]))) {
    const confusions = [...confusedWith].map(([other, n]) => `${other}×${n}`).join(" ");
    console.log(`  ${label.padEnd(20)} ${correct}/${total}${confusions ? `  confused with ${confusions}` : ""}`);
  }
}

// Melody and variety over the same songs (from the notes, so they cost nothing more).
const all = [...compositions.values()].flat();
const melody = all.map(melodyMeasures);
const sum = (pick: (m: ReturnType<typeof melodyMeasures>) => number) => melody.reduce((total, m) => total + pick(m), 0);
const sections = sum((m) => m.sectionsWithLead);
console.log(`\nmelody over ${all.length} songs (${sections} sections with a lead):`);
console.log(`  section endings on a chord tone ${pct(sum((m) => m.chordToneEndings) / sections)}, on the tonic ${pct(sum((m) => m.tonicEndings) / sections)} (target ≥ 60 %)`);
console.log(`  leaps over a fourth recovered by a step back ${pct(sum((m) => m.recoveredLeaps) / Math.max(1, sum((m) => m.leaps)))} of ${sum((m) => m.leaps)}`);
const lifts = melody.map((m) => m.chorusLift).filter((lift) => Number.isFinite(lift));
console.log(`  chorus mean pitch over verse: ${(lifts.reduce((a, b) => a + b, 0) / lifts.length).toFixed(1)} semitones, higher in ${lifts.filter((lift) => lift > 0).length}/${lifts.length}`);
console.log(`  off-beat lead notes that are passing/neighbour (non-chord) tones: ${pct(sum((m) => m.nonChordToneShare) / melody.length)}`);
console.log("  lead notes per bar by filter:");
const densities = [...compositions].map(([filter, list]) => `${filter} ${(list.reduce((total, c) => total + melodyMeasures(c).notesPerBar, 0) / list.length).toFixed(1)}`);
for (let i = 0; i < densities.length; i += 6) console.log(`    ${densities.slice(i, i + 6).join(" · ")}`);

const overlaps: { filter: string; mean: number; max: number }[] = [];
for (const [filter, list] of compositions) {
  const patterns = list.map(mainDrumPattern).filter((pattern) => pattern.size > 0);
  const values: number[] = [];
  for (let i = 0; i < patterns.length; i++) for (let j = i + 1; j < patterns.length; j++) values.push(patternOverlap(patterns[i], patterns[j]));
  if (values.length > 0) overlaps.push({ filter, mean: values.reduce((a, b) => a + b, 0) / values.length, max: Math.max(...values) });
}
const meanOverlap = overlaps.reduce((total, o) => total + o.mean, 0) / overlaps.length;
console.log(`\nmain drum pattern overlap between seeds (Jaccard of kind×step cells, target ≤ 60 %): mean ${pct(meanOverlap)}`);
for (const o of overlaps.sort((a, b) => b.mean - a.mean).slice(0, 8)) console.log(`  ${o.filter.padEnd(20)} mean ${pct(o.mean)}, max ${pct(o.max)}`);
process.exit(0);
