// `npm run bench:soak`: memory of the one-machine default (issue 24): the built web server working the
// queues in-process (WORKER_IN_PROCESS=true) on PostgreSQL, while a user makes BENCH_SOAK_SONGS (50) songs
// through the app one after another: create, wait until it plays, save, edit its production (a re-render),
// wait for the edit, open its share page and /style. After each song it prints the server's RSS (VmRSS:
// the main thread, every engine worker thread and native buffers) and, from /metrics, the main thread's
// V8 heap and the external (Buffer/ArrayBuffer) memory, so the rest (RSS - heap - external) is the worker
// threads and native memory. Targets: RSS after the last song <= 1 GB, and flat from song 20 on (the
// least-squares slope from song 20 to the end, in MB per song). Numbers only, never asserted.
//
// Three readings per song, because a whole-song render in flight holds several 64 MB buffers: "RSS" right
// after the song's share page (the create's pool song usually renders then), "peak" (the highest reading,
// every 100 ms, while the song was made and edited), and "idle" (once no song job is waiting or running:
// what the process keeps between songs, read BENCH_SOAK_SETTLE_SECONDS, 16 by default, after the last job).
//
// Settings: BENCH_DEFAULT_MALLOC=1 (measure with glibc's default allocator settings instead of the
// GLIBC_TUNABLES the app runs with), BENCH_SOAK_SONGS (50), BENCH_SOAK_EXCERPT_SECONDS (unset: whole songs; a number renders that
// many seconds of each, to finish sooner on a loaded machine: say so with the figures).
import { machine, MEMORY_TUNABLES, METRICS_TOKEN, startCluster } from "./support/cluster";

const SONGS = Number(process.env.BENCH_SOAK_SONGS ?? 50);
const EXCERPT = process.env.BENCH_SOAK_EXCERPT_SECONDS ? Number(process.env.BENCH_SOAK_EXCERPT_SECONDS) : undefined;
const SETTLE_SECONDS = Number(process.env.BENCH_SOAK_SETTLE_SECONDS ?? 16);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(check: () => Promise<T | null | undefined | false>, what: string, timeoutMs = 900_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await sleep(250);
  }
}

function metric(text: string, name: string): number | null {
  const match = new RegExp(`^${name} ([0-9.e+]+)$`, "m").exec(text);
  return match ? Number(match[1]) : null;
}

function slope(points: [number, number][]): number {
  const n = points.length;
  const mx = points.reduce((sum, [x]) => sum + x, 0) / n;
  const my = points.reduce((sum, [, y]) => sum + y, 0) / n;
  const num = points.reduce((sum, [x, y]) => sum + (x - mx) * (y - my), 0);
  const den = points.reduce((sum, [x]) => sum + (x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

const cluster = await startCluster({ webs: 1, workers: 0, inProcessWorker: true, excerptSeconds: EXCERPT });
const [base] = cluster.bases;
const [server] = cluster.webs;
console.log(`bench:soak: ${SONGS} songs made and edited through the app, ${EXCERPT ? `${EXCERPT}-second excerpts` : "whole songs"}`);
console.log(`machine: ${machine()} (shared with other work: compare within one run)`);
console.log(`allocator: ${process.env.BENCH_DEFAULT_MALLOC ? "glibc defaults (BENCH_DEFAULT_MALLOC)" : `GLIBC_TUNABLES=${MEMORY_TUNABLES}, as npm start, npm run worker and the image run`}`);
console.log(`start: RSS ${server.rssMb()} MB`);
console.log("song | create→playable s | edit s | RSS MB | peak MB | idle MB | heap MB | external MB | rest MB");

/** Each engine song thread's heap + external memory, from /metrics. */
async function threadsMb(): Promise<string> {
  const text = await (await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const threads = new Map<string, string[]>();
  for (const match of text.matchAll(/^songloom_engine_thread_bytes\{thread="([^"]+)",kind="([A-Za-z]+)"\} ([0-9.e+]+)$/gm)) {
    threads.set(match[1]!, [...(threads.get(match[1]!) ?? []), `${match[2]} ${(Number(match[3]) / 1024 / 1024).toFixed(0)}`]);
  }
  return [...threads].map(([thread, kinds]) => `${thread}: ${kinds.join(", ")}`).join("; ");
}

/** Song jobs waiting or running (pool refills, renders, prepare-edit), from /metrics. */
async function songJobs(): Promise<number> {
  const text = await (await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  let jobs = 0;
  for (const match of text.matchAll(/^songloom_queue_jobs\{queue="(song\.[^"]+)",state="[a-z]+"\} (\d+)$/gm)) jobs += Number(match[2]);
  return jobs;
}

// A new user every SONGS_PER_USER songs: one user's plan limits how many songs they may save.
const SONGS_PER_USER = 10;
let person = await cluster.signedInUser();
const json = (path: string, body: unknown) => fetch(`${base}${path}`, { method: "POST", headers: { "Content-Type": "application/json", Cookie: person.cookie }, body: JSON.stringify(body) });
const rss: [number, number][] = [];
const idleRss: [number, number][] = [];
let peakSinceSample = 0;
let overallPeak = 0;
const sampler = setInterval(() => (peakSinceSample = Math.max(peakSinceSample, server.rssMb() ?? 0)), 100);
try {
  for (let song = 1; song <= SONGS; song++) {
    if (song > 1 && (song - 1) % SONGS_PER_USER === 0) person = await cluster.signedInUser();
    const started = Date.now();
    peakSinceSample = server.rssMb() ?? 0;
    const created = await json("/api/song", { style: "wd_lofi", filter: "morning_sun", songs: 1, advanced: 1 });
    if (created.status !== 201) throw new Error(`create answered ${created.status}: ${await created.text()}`);
    const songId: string = (await created.json()).songs[0].id;
    await until(async () => {
      const response = await fetch(`${base}/api/song/${songId}`, { headers: { Cookie: person.cookie } });
      const status = (await response.json()).song.status;
      if (status === "failed") throw new Error(`song ${songId} failed`);
      return status === "complete";
    }, `song ${song}`);
    const playable = (Date.now() - started) / 1000;
    const createPeak = peakSinceSample;
    const saved = await json(`/api/user/save/${songId}`, { songName: `Soak ${song}` });
    if (saved.status !== 200) throw new Error(`save answered ${saved.status}`);
    const editStarted = Date.now();
    const edit = await json(`/api/song/${songId}/production`, { levels: { lead: 1.2 } });
    if (edit.status !== 202) throw new Error(`edit answered ${edit.status}: ${await edit.text()}`);
    await until(async () => {
      const latest = (await (await fetch(`${base}/api/song/${songId}/version`, { headers: { Cookie: person.cookie } })).json()).latest;
      if (latest?.status === "failed") throw new Error(`edit of ${songId} failed`);
      return latest?.status === "complete";
    }, `edit ${song}`);
    const edited = (Date.now() - editStarted) / 1000;
    const editPeak = peakSinceSample;
    await fetch(`${base}/s/${songId}`).then((response) => response.arrayBuffer());
    await fetch(`${base}/style`, { headers: { Cookie: person.cookie } }).then((response) => response.arrayBuffer());

    const metrics = await (await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    const heap = (metric(metrics, "nodejs_heap_size_used_bytes") ?? 0) / 1024 / 1024;
    const external = (metric(metrics, "nodejs_external_memory_bytes") ?? 0) / 1024 / 1024;
    const now = server.rssMb() ?? 0;
    rss.push([song, now]);
    // Idle: the pool song and any prepare-edit done, and then long enough for the engine to stop the threads
    // it keeps only while there is work (the background song thread: 15 s, renderOffThread.ts).
    await until(async () => (await songJobs()) === 0, `the song queues to empty after song ${song}`);
    await sleep(SETTLE_SECONDS * 1000);
    const idle = server.rssMb() ?? 0;
    idleRss.push([song, idle]);
    if (process.env.BENCH_SOAK_THREADS) console.log(`   peak (MB) by the create's end ${createPeak}, the edit's ${editPeak}; idle threads (MB): ${await threadsMb()}`);
    const peak = Math.max(peakSinceSample, now, idle);
    overallPeak = Math.max(overallPeak, peak);
    console.log(`${song} | ${playable.toFixed(1)} | ${edited.toFixed(1)} | ${now} | ${peak} | ${idle} | ${heap.toFixed(0)} | ${external.toFixed(0)} | ${(now - heap - external).toFixed(0)}`);
  }
  const tail = rss.filter(([song]) => song >= Math.min(20, SONGS));
  const last = rss[rss.length - 1]?.[1] ?? 0;
  const peak = overallPeak;
  console.log(`\nRSS after song ${SONGS}: ${last} MB (target ≤ 1024), peak ${peak} MB; slope from song ${tail[0]?.[0]} to ${SONGS}: ${slope(tail).toFixed(2)} MB/song (target: flat, about 0)`);
  const idleTail = idleRss.filter(([song]) => song >= Math.min(20, SONGS));
  const idleValues = idleTail.map(([, mb]) => mb);
  console.log(`idle RSS after song ${SONGS}: ${idleRss[idleRss.length - 1]?.[1]} MB; from song ${idleTail[0]?.[0]}: ${Math.min(...idleValues)}–${Math.max(...idleValues)} MB, slope ${slope(idleTail).toFixed(2)} MB/song`);
} finally {
  clearInterval(sampler);
  await cluster.stop();
}
