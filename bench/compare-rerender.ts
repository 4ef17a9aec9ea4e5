// `npx tsx bench/compare-rerender.ts <baseRoot> [rounds]`: bench/rerender.ts for another engine (e.g. the
// previous one: `git archive HEAD app/engine | tar -x -C /tmp/base`, then
// `ln -s $PWD/node_modules /tmp/base/ && echo '{"type":"module"}' > /tmp/base/package.json`)
// and for this checkout, in separate processes, alternating which goes first each round. These machines'
// speed drifts by tens of percent within minutes, so only the ratio of the two within one run says whether
// a change helped. Prints each scenario's
// median per round for both, the medians over all rounds and their ratio (this / base).
import { spawnSync } from "node:child_process";
import path from "node:path";

const base = process.argv[2];
if (!base) {
  console.error("usage: npx tsx bench/compare-rerender.ts <baseRoot> [rounds]");
  process.exit(2);
}
const rounds = Number(process.argv[3] ?? 2);
const here = path.join(import.meta.dirname, "..");
const engines = { base: path.resolve(base), this: here };

interface Row {
  scenario: string;
  medianMs: number;
  cpuMs: number | null;
  stagesMs: Record<string, number>;
}

const results: Record<keyof typeof engines, Row[]> = { base: [], this: [] };
for (let round = 0; round < rounds; round++) {
  const order = (round % 2 === 0 ? ["base", "this"] : ["this", "base"]) as (keyof typeof engines)[];
  for (const name of order) {
    const run = spawnSync("npx", ["tsx", path.join(here, "bench/rerender.ts"), engines[name]], { cwd: here, encoding: "utf8", env: { ...process.env, BENCH_RUNS: process.env.BENCH_RUNS ?? "5" } });
    if (run.status !== 0) {
      console.error(run.stdout, run.stderr);
      process.exit(1);
    }
    const rows = run.stdout
      .split("\n")
      .filter((line) => line.startsWith('{"bench":"rerender"'))
      .map((line) => JSON.parse(line) as Row);
    results[name].push(...rows);
    console.log(`round ${round + 1} ${name.padEnd(4)} ${rows.map((row) => `${row.scenario} ${row.medianMs} ms (cpu ${row.cpuMs})`).join(", ")}`);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(`\nmedian of the rounds' medians (${rounds} rounds)`);
console.log(["scenario".padEnd(11), "base ms".padStart(8), "this ms".padStart(8), "ratio".padStart(6), "base cpu".padStart(9), "this cpu".padStart(9)].join(" "));
for (const scenario of [...new Set(results.this.map((row) => row.scenario))]) {
  const of = (name: keyof typeof engines, pick: (row: Row) => number) => median(results[name].filter((row) => row.scenario === scenario).map(pick));
  const wall = { base: of("base", (row) => row.medianMs), this: of("this", (row) => row.medianMs) };
  const cpu = { base: of("base", (row) => row.cpuMs ?? 0), this: of("this", (row) => row.cpuMs ?? 0) };
  console.log([scenario.padEnd(11), String(wall.base).padStart(8), String(wall.this).padStart(8), (wall.this / wall.base).toFixed(2).padStart(6), String(cpu.base).padStart(9), String(cpu.this).padStart(9)].join(" "));
}
const stages = [...new Set(results.this.flatMap((row) => Object.keys(row.stagesMs)))].filter((stage) => stage !== "total");
console.log(`\nstages, median ms (base -> this)`);
for (const scenario of [...new Set(results.this.map((row) => row.scenario))]) {
  const of = (name: keyof typeof engines, stage: string) => median(results[name].filter((row) => row.scenario === scenario).map((row) => row.stagesMs[stage] ?? 0));
  console.log(`${scenario.padEnd(11)} ${stages.map((stage) => `${stage} ${of("base", stage)} -> ${of("this", stage)}`).join(", ")}`);
}
