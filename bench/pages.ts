// `npm run bench:pages`: server-render latency of the share page /s/{id} and the style step /style under 50
// concurrent requests on loopback (issue 4: p50 ≤ 30 ms). The built server runs on a fresh Postgres
// database (bench/support/bench-server.ts); this process is the load generator, on the same cores. Prints
// one JSON line per page. Numbers only, never asserted.
//
// /s/{id} is asked for as a visitor (no cookie), the way shared links are opened, and /style as the
// signed-in user it is for.
import { startBenchServer } from "./support/bench-server";

const CONCURRENCY = 50;
const REQUESTS = Number(process.env.BENCH_PAGE_REQUESTS ?? 2000);
const PORT = Number(process.env.BENCH_PORT ?? 3191);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

async function load(url: string, cookie?: string) {
  const cpuBefore = server.cpuMs();
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  const started = performance.now();
  const client = async () => {
    while (next < REQUESTS) {
      next += 1;
      const t = performance.now();
      const response = await fetch(url, { headers: cookie ? { Cookie: cookie } : {} });
      await response.arrayBuffer();
      latencies.push(performance.now() - t);
      if (response.status !== 200) failures += 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, client));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const ms = (value: number) => Math.round(value * 10) / 10;
  const cpuAfter = server.cpuMs();
  // The server's own CPU per request: steadier than latency when other work shares the cores.
  const serverCpuMsPerRequest = cpuBefore !== null && cpuAfter !== null ? Math.round(((cpuAfter - cpuBefore) / latencies.length) * 100) / 100 : null;
  return {
    requests: latencies.length,
    failures,
    p50Ms: ms(percentile(latencies, 0.5)),
    p95Ms: ms(percentile(latencies, 0.95)),
    perSecond: Math.round(latencies.length / seconds),
    serverCpuMsPerRequest,
  };
}

const server = await startBenchServer(PORT);
try {
  const { base, cookie, songId } = server;
  // Warm the route modules, caches and connection pool before measuring.
  await fetch(`${base}/s/${songId}`);
  await fetch(`${base}/style`, { headers: { Cookie: cookie } });

  // BENCH_PAGES=style (or share) measures one page only, e.g. for a CPU profile of it.
  const only = process.env.BENCH_PAGES;
  if (!only || only === "share") {
    console.log(JSON.stringify({ bench: "page./s/{id}", concurrency: CONCURRENCY, target: "p50 ≤ 30 ms", ...(await load(`${base}/s/${songId}`)) }));
  }
  if (!only || only === "style") {
    console.log(JSON.stringify({ bench: "page./style", concurrency: CONCURRENCY, target: "p50 ≤ 30 ms", ...(await load(`${base}/style`, cookie)) }));
  }
} finally {
  await server.stop();
}
