// `npm run bench`: prints the engine's speed and memory as a table. Numbers are printed, never
// asserted. Each case runs in child processes so memory is measured per process and caches start cold.
// Add cases to CASES (e.g. a re-render bench for the edit flow).

import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";

const OUT_DIR = path.join(import.meta.dirname, "out");
const TSX = ["--import", "tsx"];

interface Row {
  measure: string;
  value: string;
  target: string;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function runJsonLines(script: string, args: string[]): Record<string, any>[] {
  const result = spawnSync(process.execPath, [...TSX, path.join(import.meta.dirname, script), ...args], { encoding: "utf8", maxBuffer: 1 << 26 });
  if (result.status !== 0) throw new Error(`${script} failed: ${result.stderr}`);
  return result.stdout.trim().split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l));
}

function songCase(): Row[] {
  const songs = runJsonLines("songs.ts", ["wd_edm", "house", "6"]);
  const warm = songs.slice(1);
  const stage = (name: string) => median(warm.map((s) => s.timings[name] ?? 0));
  return [
    { measure: "3-min song params→MP3, first song in a fresh process (cold)", value: seconds(songs[0].wallMs), target: "—" },
    { measure: "3-min song params→MP3, median of 5 (warm process)", value: seconds(median(warm.map((s) => s.wallMs))), target: "≤ 6 s" },
    {
      measure: "  of which: render+strips / mix fx / master / encode",
      value: ["render", "mix", "master", "encode"].map((s) => (stage(s) / 1000).toFixed(2)).join(" / "),
      target: "—",
    },
    { measure: "peak RSS, first song in a fresh process (incl. 2 workers)", value: `${Math.round(songs[0].maxRssMb)} MB`, target: "≤ 600 MB" },
    { measure: "peak RSS over 6 songs in one process", value: `${Math.round(Math.max(...songs.map((s) => s.maxRssMb)))} MB`, target: "—" },
  ];
}

function renderStageCase(): Row[] {
  mkdirSync(OUT_DIR, { recursive: true });
  const midi = path.join(OUT_DIR, "bench-song.mid");
  const [ours] = runJsonLines("renderStage.ts", [midi]);
  const rows: Row[] = [
    { measure: `render stage, ${ours.tracks} stems × ${Math.round(ours.seconds)} s, one thread (cold / warm)`, value: `${seconds(ours.coldMs)} / ${seconds(ours.warmMs)}`, target: "—" },
  ];
  const fluidsynth = ["/usr/bin/fluidsynth", "/usr/local/bin/fluidsynth"].find((p) => existsSync(p));
  if (!fluidsynth) {
    rows.push({ measure: "FluidSynth, same notes and SoundFont", value: "n/a (fluidsynth not installed)", target: "—" });
    rows.push({ measure: "speed ratio (FluidSynth time / ours)", value: "n/a", target: "≥ 0.5" });
    return rows;
  }
  const wav = path.join(OUT_DIR, "fluidsynth.wav");
  const started = performance.now();
  // Dry, like ours: reverb and chorus off. FluidSynth reads SF3 when built with libsndfile + Vorbis (Debian's is).
  const result = spawnSync(fluidsynth, ["-ni", "-R", "0", "-C", "0", "-g", "0.5", "-F", wav, "-r", "44100", ours.soundFont, midi], { encoding: "utf8" });
  const fluidMs = performance.now() - started;
  if (result.status !== 0 || !existsSync(wav)) {
    rows.push({ measure: "FluidSynth, same notes and SoundFont", value: `n/a (failed: ${result.stderr.split("\n")[0]})`, target: "—" });
    return rows;
  }
  rows.push({ measure: "FluidSynth, same notes and SoundFont (SF3), dry", value: seconds(fluidMs), target: "—" });
  rows.push({ measure: "speed ratio (FluidSynth time / ours, warm)", value: (fluidMs / ours.warmMs).toFixed(2), target: "≥ 0.5" });
  return rows;
}

function mp3Case(): Row[] {
  const [result] = runJsonLines("mp3Encode.ts", []);
  return [
    { measure: `MP3 encode of a ${Math.round(result.seconds)} s song, 192 kbps, one thread (median of 3)`, value: seconds(result.oneThreadMs), target: "—" },
    { measure: `MP3 encode of the same song, two halves on two threads (median of 3)`, value: seconds(result.twoThreadsMs), target: "≤ 3 s" },
  ];
}

const CASES: { name: string; run: () => Row[] | Promise<Row[]> }[] = [
  { name: "song", run: songCase },
  { name: "render stage", run: renderStageCase },
  { name: "mp3", run: mp3Case },
];

function machine(): string {
  const cpu = execFileSync("sh", ["-c", "nproc; cat /proc/loadavg"], { encoding: "utf8" }).trim().split("\n");
  return `${cpu[0]} cores, load average ${cpu[1]?.split(" ").slice(0, 3).join(" ")}, Node ${process.version}`;
}

const rows: Row[] = [];
for (const benchCase of CASES) {
  try {
    rows.push(...(await benchCase.run()));
  } catch (error) {
    rows.push({ measure: benchCase.name, value: `failed: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`, target: "—" });
  }
}
const width = Math.max(...rows.map((r) => r.measure.length));
const valueWidth = Math.max(...rows.map((r) => r.value.length));
console.log(`Songloom engine bench (${machine()})`);
console.log(`${"measure".padEnd(width)} | ${"value".padEnd(valueWidth)} | target`);
console.log(`${"-".repeat(width)}-|-${"-".repeat(valueWidth)}-|-------`);
for (const row of rows) console.log(`${row.measure.padEnd(width)} | ${row.value.padEnd(valueWidth)} | ${row.target}`);
