// Bench: deliver a 3-track release to the standard stores (42, issue 18 asks for 40) through the real
// jobs, SFTP uploads and local stores, and wait until every store has acknowledged it (the release is
// Live). Target: ≤ 60 s, at most 4 uploads at once, the web process responsive meanwhile.
//
// Everything runs in one process, as `npm start` runs it by default (the web process works the queues and
// hosts the local stores): the database (PGlite, or PostgreSQL with BENCH_DATABASE=postgres), pg-boss's
// workers, the SFTP client and server. "Responsive" is measured two ways while the delivery runs: the
// event loop's delay, and the latency of an HTTP request answered with a database query, sent every
// 100 ms to a server in this process. Track length: BENCH_TRACK_SECONDS (default 60 s per track).
import { mkdtempSync } from "node:fs";
import { createServer } from "node:http";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";

process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "songloom-bench-delivery-"));
process.env.LOCAL_STORES_ACK_DELAY_MS ??= "500";

const { eq, sql } = await import("drizzle-orm");
const { storeDeliveries } = await import("../drizzle/schema/distribution");
const { releases } = await import("../drizzle/schema/releases");
const { startBoss, stopBoss } = await import("../jobs/boss");
const { handlers } = await import("../jobs/handlers/index");
const { registerWorkers } = await import("../jobs/worker");
const { useConnection } = await import("../app/server/db.server");
const { startDelivery } = await import("../app/services/distribution/index.server");
const { startLocalStores, useLocalStores } = await import("../app/services/distribution/local-stores.server");
const { uploadConcurrency } = await import("../app/services/distribution/sftp-upload.server");
const { createTestDatabase } = await import("../tests/support/database");
const { insertApprovedRelease } = await import("../tests/support/distribution");

const trackSeconds = Number(process.env.BENCH_TRACK_SECONDS ?? 60);
const backend = process.env.BENCH_DATABASE === "postgres" ? "postgres" : "pglite";
const database = await createTestDatabase(backend);
useConnection(database.connection);
const stores = await startLocalStores({ root: path.join(process.env.DATA_DIR, "stores"), quiet: true });
useLocalStores(stores);
const boss = await startBoss(database.connection);
const { db } = database;
const { releaseId } = await insertApprovedRelease(db, { tracks: 3, seconds: trackSeconds });

// The "web": a request that reads the database, as a page's loader does.
const web = createServer((_request, response) => {
  db.execute(sql`select count(*) from store_deliveries`).then(
    () => response.end("ok"),
    () => response.writeHead(500).end(),
  );
});
await new Promise<void>((resolve) => web.listen(0, "127.0.0.1", resolve));
const webPort = (web.address() as { port: number }).port;
const latencies: number[] = [];
let pinging = true;
const pinger = (async () => {
  while (pinging) {
    const start = performance.now();
    await fetch(`http://127.0.0.1:${webPort}/`).then((response) => response.text());
    latencies.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
})();

const loop = monitorEventLoopDelay({ resolution: 10 });
await registerWorkers(boss, { "release.deliver": handlers["release.deliver"], "release.ack": handlers["release.ack"] }, { pollingIntervalSeconds: 0.5 });
uploadConcurrency().resetPeak();
loop.enable();
const cpu = process.cpuUsage();
const start = performance.now();
await db.transaction((tx) => startDelivery(tx, releaseId));
let uploadedAtMs = 0;
for (;;) {
  const rows = await db.select({ phase: storeDeliveries.phase, status: storeDeliveries.status }).from(storeDeliveries).where(eq(storeDeliveries.releaseId, releaseId));
  if (!uploadedAtMs && rows.length > 0 && rows.every((row) => row.phase === "uploaded" || row.phase === "acknowledged")) uploadedAtMs = performance.now() - start;
  const [release] = await db.select({ status: releases.status }).from(releases).where(eq(releases.id, releaseId));
  if (release.status === 1 && rows.every((row) => row.phase === "acknowledged")) break;
  if (performance.now() - start > 300_000) throw new Error("Not acknowledged within 5 minutes");
  await new Promise((resolve) => setTimeout(resolve, 100));
}
const totalMs = performance.now() - start;
const cpuMs = process.cpuUsage(cpu);
loop.disable();
pinging = false;
await pinger;

const rows = await db.select().from(storeDeliveries).where(eq(storeDeliveries.releaseId, releaseId));
const bytes = [...stores.completions.keys()].length;
const sorted = [...latencies].sort((a, b) => a - b);
const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const { statSync } = await import("node:fs");
const { readdirSync } = await import("node:fs");
let delivered = 0;
const walk = (dir: string) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else delivered += statSync(full).size;
  }
};
walk(stores.root);

console.log(`Delivery bench (${backend}; one process: web, workers and local stores; machine shared with others)`);
console.log(`  release: 3 tracks × ${trackSeconds} s WAV (44.1 kHz 16-bit) + 3000×3000 cover, to ${rows.length} stores`);
console.log(`  files completed on the stores: ${bytes}, ${(delivered / 1e6).toFixed(0)} MB delivered`);
console.log(`  all batches uploaded after   ${(uploadedAtMs / 1000).toFixed(1)} s`);
console.log(`  all acknowledged (Live) after ${(totalMs / 1000).toFixed(1)} s   target ≤ 60 s`);
console.log(`  uploads at once (peak)       ${uploadConcurrency().peak}   limit 4`);
console.log(`  CPU (this process)           user ${(cpuMs.user / 1000).toFixed(0)} ms, system ${(cpuMs.system / 1000).toFixed(0)} ms`);
console.log(`  event loop delay             p50 ${(loop.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, max ${(loop.max / 1e6).toFixed(1)} ms`);
console.log(`  web request (DB query)       ${latencies.length} requests, p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms`);
console.log(`  statuses: ${rows.filter((row) => row.status === 2).length} Success, ${rows.filter((row) => row.status !== 2).length} other`);

web.close();
await stopBoss();
await stores.close();
await database.destroy();
process.exit(0);
