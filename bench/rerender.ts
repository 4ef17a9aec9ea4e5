// `npm run bench:rerender`: how long a 3-minute song takes to re-render after one edit (issue 5: ≤ 3 s
// median), the way the song.rerender job does it: renderFromParts with the disk stem cache, WAV and MP3.
// The song is rendered once first to fill the cache (in a temp dir), then each scenario runs 5 times,
// each run with a change not seen before (another instrument, another mix, other notes), so a run
// renders exactly what such an edit renders:
//   instrument  one part's instrument changed: that part's stem is rendered, the others come from the cache
//   mix         the mix style changed: no stem is rendered
//   notes       a few notes of one part changed: that part's stem is rendered
// Before the timed runs, one edit of each kind with values the timed runs do not use warms the process up,
// as the song worker is warm after the edits it has made before (the first edit of a fresh process pays
// for compiling the edit path and for the first render's stem writes still reaching the disk).
// Prints per-stage medians (the engine's stats.timings; earlyMp3 is when the first 10 s were playable, from
// the render's start, as an edit's are), the CPU time a re-render uses (this process's
// threads plus the LAME processes it ran, through the process host) with the floor that sets on this
// machine's cores (CPU / cores: the wall time even if every core were busy throughout), and one JSON line
// per scenario.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { SongRender } from "../app/engine/pipeline";
import type { Composition, Note, Production } from "../app/engine/types";

// An engine root other than this checkout's (e.g. an exported copy of the previous engine, as for
// bench/sameBytes.ts) times that engine instead: bench/compare-rerender.ts runs both, interleaved.
const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, ".."));
const { defaultSongParams } = (await import(path.join(root, "app/engine/catalogue/index.ts"))) as typeof import("../app/engine/catalogue");
const { compose, produce } = (await import(path.join(root, "app/engine/compose/index.ts"))) as typeof import("../app/engine/compose");
const { withSegmentNotes } = (await import(path.join(root, "app/engine/edit/index.ts"))) as typeof import("../app/engine/edit");
const { renderFromParts } = (await import(path.join(root, "app/engine/pipeline.ts"))) as typeof import("../app/engine/pipeline");

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TARGET_MS = 3000;
const STYLE = process.env.BENCH_STYLE ?? "wd_edm";
const FILTER = process.env.BENCH_FILTER ?? "house";
const SEED = Number(process.env.BENCH_SEED ?? 3);
const INSTRUMENTS = ["gm_flute", "gm_vibraphone", "gm_electric_piano_1", "gm_violin", "gm_lead_2_sawtooth"];
const MIXES = ["lofi", "underwater", "garage", "vancouver", "grand_canyon"];
const WARM_UP_INSTRUMENT = "gm_oboe";
const WARM_UP_MIX = "montreal";
/** The edit job's EDIT_PREVIEW_SECONDS (app/services/songs/edit.server.ts). */
const EARLY_SECONDS = 10;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** utime + stime + cutime + cstime of a process, in clock ticks (fields 14–17 of /proc/<pid>/stat). */
function processTicks(stat: string): number {
  const fields = stat.split(") ")[1]!.split(" ");
  return [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0);
}

/**
 * CPU milliseconds used so far by this process's threads, the child processes it has waited for, and its
 * children still running with the processes they waited for: the process host (threads/processHost.ts)
 * and the LAME processes it ran. Clock ticks of 10 ms; null where there is no /proc.
 */
function cpuMs(): number | null {
  try {
    let ticks = processTicks(readFileSync("/proc/self/stat", "utf8"));
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        if (Number(stat.split(") ")[1]!.split(" ")[1]) === process.pid) ticks += processTicks(stat);
      } catch {
        // Gone meanwhile.
      }
    }
    return ticks * 10;
  } catch {
    return null;
  }
}

type Change = (run: number) => { composition: Composition; production: Production };

async function main(): Promise<void> {
  const cacheDir = mkdtempSync(path.join(os.tmpdir(), "songloom-bench-stems-"));
  const stemCache = { dir: cacheDir, maxBytes: 2 * 1024 * 1024 * 1024 };
  const params = defaultSongParams(STYLE, SEED, FILTER);
  const composition = compose(params);
  const production = produce(params, composition);
  // As the job renders an edit: its first seconds handed over early (earlyMp3: when they were, from the start).
  const render = (c: Composition, p: Production): Promise<SongRender> => renderFromParts(c, p, { stemCache, earlyMp3: { seconds: EARLY_SECONDS, ready: () => undefined } });

  const first = await render(composition, production);
  const minutes = (first.stats.durationSeconds / 60).toFixed(2);
  console.log(`${STYLE}/${FILTER} seed ${SEED}: ${minutes} min rendered (tail included) in ${Math.round(first.stats.timings.total!)} ms, filling the stem cache`);

  const part = composition.parts.find((name) => name === "lead") ?? composition.parts.find((name) => name !== "drums" && name !== "bass")!;
  const notesPart = composition.parts.includes("bass") ? "bass" : part;
  // Run -1 is the warm-up: an instrument, a mix and a segment no timed run uses.
  const scenarios: Record<string, Change> = {
    instrument: (run) => ({ composition, production: produce({ ...params, instruments: { ...production.instruments, [part]: run < 0 ? WARM_UP_INSTRUMENT : INSTRUMENTS[run % INSTRUMENTS.length] } }, composition, production.seed) }),
    mix: (run) => ({ composition, production: produce({ ...params, mix: run < 0 ? WARM_UP_MIX : MIXES[run % MIXES.length]! }, composition, production.seed) }),
    notes: (run) => {
      // Four new notes in one segment of one part, somewhere else each run.
      const segment = 4 + run * 3;
      const notes: Note[] = [0, 8, 16, 24].map((step, index) => ({ step, micro: 0, length: 6, pitch: 36 + ((run + index * 5) % 12), velocity: 96 }));
      return { composition: withSegmentNotes(composition, segment % composition.segments.length, notesPart, notes), production };
    },
  };

  const warmUp: string[] = [];
  for (const [scenario, change] of Object.entries(scenarios)) {
    const edit = change(-1);
    const t = performance.now();
    await render(edit.composition, edit.production);
    warmUp.push(`${scenario} ${Math.round(performance.now() - t)} ms`);
  }
  console.log(`warm-up edits (not counted): ${warmUp.join(", ")}`);

  const cores = os.availableParallelism();
  const rows: { scenario: string; median: number; runs: number[]; cpu: number | null; stages: Record<string, number> }[] = [];
  for (const [scenario, change] of Object.entries(scenarios)) {
    const runs: number[] = [];
    const cpu: number[] = [];
    const stages: Record<string, number[]> = {};
    for (let run = 0; run < RUNS; run++) {
      const edit = change(run);
      const cpuBefore = cpuMs();
      const t = performance.now();
      const rendered = await render(edit.composition, edit.production);
      runs.push(performance.now() - t);
      const cpuAfter = cpuMs();
      if (cpuBefore !== null && cpuAfter !== null) cpu.push(cpuAfter - cpuBefore);
      for (const [stage, ms] of Object.entries(rendered.stats.timings)) (stages[stage] ??= []).push(ms);
    }
    rows.push({ scenario, median: median(runs), runs, cpu: cpu.length ? median(cpu) : null, stages: Object.fromEntries(Object.entries(stages).map(([stage, values]) => [stage, median(values)])) });
  }

  console.log(`\nRe-render after one edit, median of ${RUNS} (target ≤ ${TARGET_MS} ms); cpu: threads + LAME, floor: cpu / ${cores} cores`);
  const stageNames = Object.keys(rows[0]!.stages).filter((name) => name !== "total");
  console.log(["scenario".padEnd(11), "median ms".padStart(10), "target".padStart(7), "cpu".padStart(7), "floor".padStart(7), ...stageNames.map((name) => name.padStart(9))].join(" "));
  for (const row of rows) {
    console.log(
      [
        row.scenario.padEnd(11),
        String(Math.round(row.median)).padStart(10),
        (row.median <= TARGET_MS ? "met" : "MISSED").padStart(7),
        (row.cpu === null ? "-" : String(row.cpu)).padStart(7),
        (row.cpu === null ? "-" : String(Math.round(row.cpu / cores))).padStart(7),
        ...stageNames.map((name) => String(Math.round(row.stages[name] ?? 0)).padStart(9)),
      ].join(" "),
    );
  }
  console.log("");
  for (const row of rows) {
    console.log(JSON.stringify({ bench: "rerender", scenario: row.scenario, medianMs: Math.round(row.median), targetMs: TARGET_MS, runsMs: row.runs.map(Math.round), cpuMs: row.cpu, cores, stagesMs: Object.fromEntries(Object.entries(row.stages).map(([k, v]) => [k, Math.round(v)])) }));
  }
  rmSync(cacheDir, { recursive: true, force: true });
}

// The render and MP3 workers live for the process; exit rather than wait for them.
main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
