// `npm run bench:royalties` (issue 19 "Speed"): imports a store report of 1,000,000 lines (target ≤ 60 s,
// memory flat: the file is streamed and committed in chunks) and imports it again (target ≤ 10 s, doing
// nothing), on a fresh database on the local PostgreSQL (DATABASE_URL's server, as the tests use), with
// 200 songs on live releases of 20 users. The report is written by the same generator the local stores
// use; writing it is not timed. Heap is sampled while importing. Prints one JSON line per step; numbers
// only, never asserted (the machine may be shared: compare within one run).
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { connect, useConnection, closeDb, db, rawRows } from "../app/server/db.server";
import { migrate } from "../drizzle/migrate";
import { seed } from "../drizzle/seed";
import { createPostgresDatabase } from "../tests/support/database";
import { createUser } from "../tests/support/auth";
import { insertLiveRelease } from "../tests/support/royalties";
import { generateRoyaltyReport, importReport, registerReport } from "../app/services/royalties";
import { checkLedger } from "../app/services/ledger";
import { sql } from "drizzle-orm";

const LINES = Number(process.env.BENCH_ROYALTY_LINES ?? 1_000_000);
const gc = (globalThis as { gc?: () => void }).gc;

function sampleMemory() {
  const samples: number[] = [];
  const timer = setInterval(() => samples.push(process.memoryUsage().heapUsed), 200);
  return {
    stop() {
      clearInterval(timer);
      const mb = (bytes: number) => Math.round(bytes / 1_048_576);
      const quarter = Math.max(1, Math.floor(samples.length / 4));
      return {
        heapMaxMb: mb(Math.max(...samples)),
        // Flat memory: the last quarter's peak is no higher than the first quarter's (no growth with lines read).
        heapPeakFirstQuarterMb: mb(Math.max(...samples.slice(0, quarter))),
        heapPeakLastQuarterMb: mb(Math.max(...samples.slice(-quarter))),
        samples: samples.length,
      };
    },
  };
}

const cpuSeconds = (usage: NodeJS.CpuUsage) => Math.round((usage.user + usage.system) / 10_000) / 100;

const database = await createPostgresDatabase("bench_royalties");
const dir = await mkdtemp(path.join(tmpdir(), "bench-royalties-"));
try {
  const connection = connect({ url: database.url, maxConnections: 4 });
  useConnection(connection);
  await migrate(connection);
  await seed(connection.db);
  const tracks: { isrc: string; upc: string }[] = [];
  for (let user = 0; user < 20; user++) {
    const owner = await createUser(db);
    for (let release = 0; release < 2; release++) {
      const live = await insertLiveRelease(db, owner.id, 5);
      tracks.push(...live.tracks.map((track) => ({ isrc: track.isrc, upc: live.upc })));
    }
  }
  let started = performance.now();
  const generated = await generateRoyaltyReport({ outDir: dir, tracks, from: "2025-01-01", to: "2025-01-31", seed: 11, maxLines: LINES, fillToMaxLines: true, fileName: "bench.csv" });
  const bytes = (await stat(generated.path)).size;
  console.log(JSON.stringify({ bench: "royalties.generate", lines: generated.lines, songs: tracks.length, megabytes: Math.round(bytes / 1_048_576), seconds: Math.round(performance.now() - started) / 1000 }));

  gc?.();
  const memory = sampleMemory();
  const cpu = process.cpuUsage();
  started = performance.now();
  const { report } = await registerReport(db, generated.path);
  const summary = await importReport(report.id);
  const seconds = Math.round(performance.now() - started) / 1000;
  console.log(
    JSON.stringify({
      bench: "royalties.import",
      target: "≤ 60 s, flat memory",
      lines: summary.lines,
      matched: summary.matched,
      held: summary.held,
      seconds,
      linesPerSecond: Math.round(summary.lines / seconds),
      // This process's CPU (parsing, matching, building the chunks); the database's own CPU is not in it.
      importerCpuSeconds: cpuSeconds(process.cpuUsage(cpu)),
      loadAverage: (await import("node:os")).loadavg()[0].toFixed(1),
      ...memory.stop(),
    }),
  );

  started = performance.now();
  const again = await registerReport(db, generated.path);
  const second = await importReport(again.report.id);
  const [counts] = await rawRows<{ entries: number }>(db, sql`select count(*)::int as entries from journal_entries`);
  console.log(JSON.stringify({ bench: "royalties.reimport", target: "≤ 10 s, nothing changes", alreadyComplete: second.alreadyComplete, seconds: Math.round(performance.now() - started) / 1000, journalEntries: counts.entries }));
  const ledger = await checkLedger(db);
  console.log(JSON.stringify({ bench: "royalties.ledger", entries: ledger.entries, lines: ledger.lines, problems: ledger.problems.length }));
} finally {
  await closeDb();
  await database.drop();
  await rm(dir, { recursive: true, force: true });
}
