// `npm run bench:abuse`: the built server under a hostile client (issue 16, "Done when"): 50 parallel
// 100 MB uploads, streamed in chunks with no Content-Length, to the vocal take upload route (half of them
// anonymous, half signed in), and 1,000 bad sign-ins within a minute, while a normal signed-in page
// (/library) is timed every 250 ms. Prints the server's RSS at the start, its peak and at the end, the
// page's p50/p95 before and during the attack, and what the attack got back. Targets: RSS within 200 MB
// of the start, page p95 under 200 ms. Numbers only, never asserted.
//
// Bounded: every upload gives up after UPLOAD_TIMEOUT_MS, the sign-ins are paced over 55 s, and the whole
// attack is abandoned after ATTACK_CAP_MS. On a shared machine a server that buffers uploads could take
// gigabytes, so the attack also stops when the server's RSS passes BENCH_RSS_CAP_MB (default 3000).
//
// Settings: BENCH_PORT (3193), BENCH_UPLOADS (50), BENCH_UPLOAD_MB (100), BENCH_SIGNINS (1000),
// BENCH_SIGNIN_ADDRESSES (1: one attacking client; more spreads the sign-ins over that many client
// addresses, sent as X-Forwarded-For, which the server trusts from loopback), BENCH_RSS_CAP_MB (3000).
import http from "node:http";
import { startBenchServer } from "./support/bench-server";

const PORT = Number(process.env.BENCH_PORT ?? 3193);
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 50);
const UPLOAD_BYTES = Number(process.env.BENCH_UPLOAD_MB ?? 100) * 1024 * 1024;
const SIGNINS = Number(process.env.BENCH_SIGNINS ?? 1000);
const SIGNIN_ADDRESSES = Math.max(1, Number(process.env.BENCH_SIGNIN_ADDRESSES ?? 1));
const SIGNIN_SPREAD_MS = 55_000;
const RSS_CAP_MB = Number(process.env.BENCH_RSS_CAP_MB ?? 3000);
const UPLOAD_TIMEOUT_MS = 90_000;
const ATTACK_CAP_MS = 120_000;
const PAGE_INTERVAL_MS = 250;
const CHUNK = Buffer.alloc(64 * 1024, 0x55);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
}

function tally(statuses: Array<number | string>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const status of statuses) counts[String(status)] = (counts[String(status)] ?? 0) + 1;
  return counts;
}

/**
 * One multipart upload of `bytes` zero-ish bytes in 64 KB chunks, chunked transfer encoding (no
 * Content-Length), honouring back-pressure; ends at the server's answer, an error, the timeout or `stop`.
 */
function upload(base: string, cookie: string | undefined, bytes: number, stop: AbortSignal): Promise<{ status: number | string; sentMb: number }> {
  return new Promise((resolve) => {
    const boundary = `----songloom-bench-${Math.random().toString(36).slice(2)}`;
    const url = new URL("/api/vocal_files", base);
    let sent = 0;
    let settled = false;
    const finish = (status: number | string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve({ status, sentMb: Math.round(sent / 1024 / 1024) });
    };
    const request = http.request(url, {
      method: "POST",
      agent: false,
      headers: {
        "Content-Type": `multipart/form-data; boundary=${boundary}`,
        "Transfer-Encoding": "chunked",
        Origin: base,
        ...(cookie ? { Cookie: cookie } : {}),
      },
    });
    const timer = setTimeout(() => finish("timeout"), UPLOAD_TIMEOUT_MS);
    stop.addEventListener("abort", () => finish("abandoned"), { once: true });
    request.on("response", (response) => {
      response.resume();
      finish(response.statusCode ?? "no status");
    });
    request.on("error", (error: NodeJS.ErrnoException) => finish(error.code ?? "error"));
    void (async () => {
      request.write(`--${boundary}\r\nContent-Disposition: form-data; name="vocalFile"; filename="take.wav"\r\nContent-Type: audio/wav\r\n\r\n`);
      while (sent < bytes && !settled) {
        const piece = bytes - sent >= CHUNK.length ? CHUNK : CHUNK.subarray(0, bytes - sent);
        sent += piece.length;
        if (!request.write(piece)) {
          await new Promise<void>((resolve) => {
            const go = () => {
              request.off("drain", go);
              request.off("close", go);
              resolve();
            };
            request.on("drain", go);
            request.on("close", go);
          });
        }
      }
      if (!settled) request.end(`\r\n--${boundary}--\r\n`);
    })();
  });
}

/** Bad sign-ins, paced evenly over SIGNIN_SPREAD_MS, from SIGNIN_ADDRESSES client addresses. */
async function badSignIns(base: string, stop: AbortSignal): Promise<Array<number | string>> {
  const statuses: Array<number | string> = [];
  const started = Date.now();
  const inFlight = new Set<Promise<void>>();
  for (let i = 0; i < SIGNINS && !stop.aborted; i += 1) {
    const wait = started + (i * SIGNIN_SPREAD_MS) / SIGNINS - Date.now();
    if (wait > 0) await sleep(wait);
    while (inFlight.size >= 50) await Promise.race(inFlight);
    const address = `198.18.${Math.floor((i % SIGNIN_ADDRESSES) / 250)}.${(i % SIGNIN_ADDRESSES) % 250}`;
    const attempt = fetch(`${base}/sign-in`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, "X-Forwarded-For": address },
      body: new URLSearchParams({ email: `nobody-${i % 37}@example.com`, password: `guess-${i}` }),
      redirect: "manual",
      signal: AbortSignal.any([stop, AbortSignal.timeout(30_000)]),
    }).then(
      async (response) => {
        await response.arrayBuffer();
        statuses.push(response.status);
      },
      (error: Error) => {
        statuses.push(error.name);
      },
    );
    const tracked = attempt.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  }
  await Promise.all(inFlight);
  return statuses;
}

/** Times GET `path` every PAGE_INTERVAL_MS until `until` resolves; returns the latencies in ms. */
async function samplePage(url: string, cookie: string, until: Promise<unknown>, statuses: Array<number | string>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const latencies: number[] = [];
  while (!done) {
    const started = performance.now();
    try {
      const response = await fetch(url, { headers: { Cookie: cookie }, signal: AbortSignal.timeout(30_000) });
      await response.arrayBuffer();
      statuses.push(response.status);
    } catch (error) {
      statuses.push((error as Error).name);
    }
    latencies.push(performance.now() - started);
    await sleep(PAGE_INTERVAL_MS);
  }
  return latencies;
}

const server = await startBenchServer(PORT);
try {
  const { base, cookie } = server;
  const page = `${base}/library`;
  // Warm-up, then the page's latency with nothing else going on.
  for (let i = 0; i < 5; i += 1) await fetch(page, { headers: { Cookie: cookie } }).then((response) => response.arrayBuffer());
  const quietStatuses: Array<number | string> = [];
  const quiet = await samplePage(page, cookie, sleep(5000), quietStatuses);

  const rssStart = server.rssMb();
  let rssPeak = rssStart ?? 0;
  const stop = new AbortController();
  let stoppedBy: string | null = null;
  const watch = setInterval(() => {
    const rss = server.rssMb();
    if (rss !== null) rssPeak = Math.max(rssPeak, rss);
    if (rss !== null && rss > RSS_CAP_MB && !stop.signal.aborted) {
      stoppedBy = `server RSS passed BENCH_RSS_CAP_MB (${RSS_CAP_MB} MB)`;
      stop.abort();
    }
  }, 100);
  const cap = setTimeout(() => {
    stoppedBy ??= `the attack ran past ${ATTACK_CAP_MS / 1000} s`;
    stop.abort();
  }, ATTACK_CAP_MS);

  const attackStarted = Date.now();
  const uploads = Promise.all(
    Array.from({ length: UPLOADS }, (_, i) => upload(base, i % 2 === 0 ? undefined : cookie, UPLOAD_BYTES, stop.signal)),
  );
  const signIns = badSignIns(base, stop.signal);
  const attack = Promise.all([uploads, signIns]);
  const duringStatuses: Array<number | string> = [];
  const during = await samplePage(page, cookie, attack, duringStatuses);
  const [uploadResults, signInStatuses] = await attack;
  const attackSeconds = Math.round((Date.now() - attackStarted) / 100) / 10;
  clearTimeout(cap);

  // Give the server a few seconds to let go of what the attack made it hold.
  await sleep(5000);
  clearInterval(watch);
  const rssEnd = server.rssMb();

  console.log(
    JSON.stringify({
      bench: "abuse",
      targets: "RSS within 200 MB of the start; page p95 < 200 ms during the attack",
      attackSeconds,
      stoppedBy,
      serverRssMb: { start: rssStart, peak: rssPeak, end: rssEnd, peakOverStart: rssStart === null ? null : rssPeak - rssStart },
      page: {
        path: "/library (signed in)",
        quiet: { samples: quiet.length, p50Ms: percentile(quiet, 50), p95Ms: percentile(quiet, 95), statuses: tally(quietStatuses) },
        duringAttack: {
          samples: during.length,
          p50Ms: percentile(during, 50),
          p95Ms: percentile(during, 95),
          maxMs: percentile(during, 100),
          statuses: tally(duringStatuses),
        },
      },
      uploads: {
        count: UPLOADS,
        mbEach: UPLOAD_BYTES / 1024 / 1024,
        statuses: tally(uploadResults.map((result) => result.status)),
        mbSentBeforeAnswer: { p50: percentile(uploadResults.map((result) => result.sentMb), 50), max: percentile(uploadResults.map((result) => result.sentMb), 100) },
      },
      signIns: { count: SIGNINS, addresses: SIGNIN_ADDRESSES, statuses: tally(signInStatuses) },
    }),
  );
} finally {
  await server.stop();
}
