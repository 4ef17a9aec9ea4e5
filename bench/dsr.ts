// `npm run bench:dsr` (issue 36 §4): imports a DDEX DSR flat file of 1,000,000 lines (Basic Audio
// Profile: HEAD, summaries, release/resource blocks, sales/usage lines, FOOT), target: within the CSV
// import's time (`npm run bench:royalties`, run it in the same session to compare) with flat memory, then
// imports it again (nothing changes). A DSR covers one reporting period, so the million lines are one
// day's usage of a catalogue large enough to fill them (9-track live releases of 20 users); the rollup
// rows written are about as many as the CSV bench's. The report is written by the generator the local
// stores use (not timed). Heap is sampled while importing. Prints one JSON line per step; numbers only,
// never asserted (the machine may be shared: compare within one run).
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { connect, useConnection, closeDb, db, rawRows } from "../app/server/db.server";
import { migrate } from "../drizzle/migrate";
import { seed } from "../drizzle/seed";
import { createPostgresDatabase } from "../tests/support/database";
import { createUser } from "../tests/support/auth";
import { releases, releaseSongs } from "../drizzle/schema/releases";
import { songs } from "../drizzle/schema/songs";
import { generateDsrReport, importReport, registerReport } from "../app/services/royalties";
import { checkLedger } from "../app/services/ledger";
import { sql } from "drizzle-orm";

/** The parameters of a finished lofi song (the same as the tests' saved songs). */
const SONG_PARAMS = { style: "wd_lofi", filter: "morning_sun", advanced: false, intensity: 5, densities: { drums: 5, bass: 5, chords: 5, lead: 5 }, humanness: 5, ensemble: "lofi", drumKit: "lofi", mix: "lofi", sfx: "none" };
const LINES = Number(process.env.BENCH_DSR_LINES ?? 1_000_000);
/** Tracks enough for LINES one-day usage lines (about 42 per track in the generator's model). */
const RELEASES = Math.ceil(LINES / 35 / 9) + 20;
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

const database = await createPostgresDatabase("bench_dsr");
const dir = await mkdtemp(path.join(tmpdir(), "bench-dsr-"));
try {
  const connection = connect({ url: database.url, maxConnections: 4 });
  useConnection(connection);
  await migrate(connection);
  await seed(connection.db);
  const tracks: { isrc: string; upc: string }[] = [];
  let started = performance.now();
  const owners = await Promise.all(Array.from({ length: 20 }, () => createUser(db)));
  // Tens of thousands of songs: inserted a hundred releases at a time (one by one would take minutes).
  for (let first = 0; first < RELEASES; first += 100) {
    const batch = Array.from({ length: Math.min(100, RELEASES - first) }, (_, index) => first + index);
    const made = await db
      .insert(releases)
      .values(batch.map((n) => ({ userId: owners[n % owners.length].id, title: `Bench release ${n}`, artistName: "Bench Artist", status: 1, upc: `87${String(n).padStart(11, "0")}` })))
      .returning({ id: releases.id, userId: releases.userId, upc: releases.upc });
    const songRows = made.flatMap((release) => Array.from({ length: 9 }, (_, position) => ({ release, position: position + 1 })));
    const inserted = await db
      .insert(songs)
      .values(songRows.map(({ release, position }) => ({ userId: release.userId, status: "complete" as const, style: "wd_lofi", filter: "morning_sun", params: SONG_PARAMS, seed: position, productionSeed: position, batchId: `bench-${release.upc}-${position}`, songName: `Track ${position}`, saved: true, savedAt: new Date(), durationSeconds: 150, completedAt: new Date() })))
      .returning({ id: songs.id });
    const isrc = (index: number) => `QZDSR${String(first * 9 + index).padStart(7, "0")}`;
    await db.insert(releaseSongs).values(songRows.map(({ release, position }, index) => ({ releaseId: release.id, songId: inserted[index].id, position, isrc: isrc(index) })));
    tracks.push(...songRows.map(({ release }, index) => ({ isrc: isrc(index), upc: release.upc! })));
  }
  console.log(JSON.stringify({ bench: "dsr.catalogue", releases: RELEASES, songs: tracks.length, seconds: Math.round(performance.now() - started) / 1000 }));
  started = performance.now();
  const generated = await generateDsrReport({ outDir: dir, tracks, day: "2025-01-15", seed: 11, maxLines: LINES, fileName: "DSR_bench_Songloom_2025-01-15.tsv" });
  const bytes = (await stat(generated.path)).size;
  console.log(JSON.stringify({ bench: "dsr.generate", fileLines: generated.records, usageLines: generated.lines, songs: tracks.length, megabytes: Math.round(bytes / 1_048_576), seconds: Math.round(performance.now() - started) / 1000 }));

  gc?.();
  const memory = sampleMemory();
  const cpu = process.cpuUsage();
  started = performance.now();
  const { report } = await registerReport(db, generated.path);
  const summary = await importReport(report.id);
  const seconds = Math.round(performance.now() - started) / 1000;
  console.log(
    JSON.stringify({
      bench: "dsr.import",
      target: "within bench:royalties' import time, flat memory",
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
  console.log(JSON.stringify({ bench: "dsr.reimport", target: "nothing changes", alreadyComplete: second.alreadyComplete, seconds: Math.round(performance.now() - started) / 1000, journalEntries: counts.entries }));
  const ledger = await checkLedger(db);
  console.log(JSON.stringify({ bench: "dsr.ledger", entries: ledger.entries, lines: ledger.lines, problems: ledger.problems.length }));
} finally {
  await closeDb();
  await database.drop();
  await rm(dir, { recursive: true, force: true });
}
