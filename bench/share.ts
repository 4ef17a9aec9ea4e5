// `npm run bench:share` (issue 26): the anonymous share page /s/{id} under 100 concurrent connections on
// loopback, without and then with If-None-Match (a crawler or CDN revalidating: 304s), for
// BENCH_SHARE_SECONDS each (default 30), and the time to draw one 1200×630 card PNG. Goals: p95 ≤ 50 ms
// on 2 cores, a card in ≤ 150 ms. The built server runs on a fresh Postgres database
// (bench/support/bench-server.ts); this process is the load generator, on the same cores. Prints one JSON
// line per measurement and one naming the machine. Numbers only, never asserted.
import os from "node:os";
import autocannon from "autocannon";
import { startBenchServer } from "./support/bench-server";

const CONNECTIONS = 100;
const SECONDS = Number(process.env.BENCH_SHARE_SECONDS ?? 30);
const PORT = Number(process.env.BENCH_PORT ?? 3192);
const CARDS = 20;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] * 100) / 100;
}

/** Every response's latency is kept (autocannon's summary has no p95), then summarised. */
async function load(url: string, headers: Record<string, string>) {
  const cpuBefore = server.cpuMs();
  const postgresBefore = server.postgresCpuMs();
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: { "accept-encoding": "gzip", ...headers } }, (error, done) =>
      error ? reject(error) : resolve(done),
    );
    instance.on("response", (_client, status, _bytes, responseTime) => {
      latencies.push(responseTime);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    });
  });
  const cpuAfter = server.cpuMs();
  const postgresAfter = server.postgresCpuMs();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    statuses: Object.fromEntries(statuses),
    errors: result.errors + result.timeouts,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    p99Ms: percentile(latencies, 99),
    perSecond: Math.round(result.requests.average),
    // The server's own CPU per request: steadier than latency when other work shares the cores.
    serverCpuMsPerRequest: cpuBefore !== null && cpuAfter !== null ? Math.round(((cpuAfter - cpuBefore) / latencies.length) * 1000) / 1000 : null,
    // PostgreSQL's CPU per request (the share page's version query), on the same cores.
    postgresCpuMsPerRequest: postgresBefore !== null && postgresAfter !== null ? Math.round(((postgresAfter - postgresBefore) / latencies.length) * 1000) / 1000 : null,
  };
}

console.log(JSON.stringify({ machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? "unknown CPU"}`, loadAverage: os.loadavg().map((load) => Math.round(load * 10) / 10), memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version, connections: CONNECTIONS, seconds: SECONDS }));

const server = await startBenchServer(PORT);
try {
  const url = `${server.base}/s/${server.songId}`;
  const first = await fetch(url);
  const etag = first.headers.get("etag");
  if (first.status !== 200 || !etag) throw new Error(`the share page answered ${first.status} without an ETag`);
  await first.arrayBuffer();
  console.log(JSON.stringify({ bench: "share./s/{id}", ifNoneMatch: false, goal: "p95 ≤ 50 ms", ...(await load(url, {})) }));
  console.log(JSON.stringify({ bench: "share./s/{id}", ifNoneMatch: true, goal: "p95 ≤ 50 ms", ...(await load(url, { "if-none-match": etag })) }));
} finally {
  await server.stop();
}

// The card is drawn in this process, with the server stopped: what one render costs on its own.
const { renderCardPng } = await import("../app/services/share/card.server");
const peaks = Array.from({ length: 200 }, (_, index) => (index % 2 ? 1 : -1) * (0.2 + 0.7 * Math.abs(Math.sin(index / 9))));
const content = { title: "Night Bus to the Harbour Lights", artist: "Loomer", style: "Lo-Fi", filter: "Rainy nights", peaks };
await renderCardPng(content);
const times: number[] = [];
let bytes = 0;
for (let index = 0; index < CARDS; index += 1) {
  const started = performance.now();
  bytes = (await renderCardPng({ ...content, title: `${content.title} ${index}` })).length;
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
console.log(JSON.stringify({ bench: "share.card-png", size: "1200x630", renders: CARDS, goal: "≤ 150 ms", medianMs: percentile(times, 50), maxMs: Math.round(times.at(-1)! * 100) / 100, pngKb: Math.round(bytes / 1024) }));
