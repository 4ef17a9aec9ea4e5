// `npm run bench:load`: Songloom in its production shape under many users (issue 24): two web processes
// and two workers on PostgreSQL, media in an s3rver bucket (a TEST STAND-IN for S3), driven from this
// process by BENCH_LOAD_USERS (200) simulated users for BENCH_LOAD_SECONDS (300):
//   - every user browses with a think time of 1-3 s: /style and /library signed in, their songs' API,
//     and, as a crawler, share pages (/s/{id} with a bot User-Agent), alternating between the web processes;
//   - BENCH_LOAD_SONGS (12) of them also create a song (spread evenly over the run), save it once it plays,
//     and edit its production once (a re-render).
// Two warm-up songs (one per worker) come first. It prints 5xx answers, page latency (p50/p95/p99), whether every created song completed (the run waits up
// to BENCH_LOAD_DRAIN_SECONDS, 600, after the load for the queue to empty), the median time from Create to
// a playable song against its unloaded value (one song made alone first), and each process's peak RSS.
// Then rendering throughput: BENCH_LOAD_BATCH (4) songs from different users at once with one worker, then
// with two, as songs per minute and their ratio. Targets: zero 5xx, page p95 <= 200 ms, every song
// completes, loaded median <= 3x unloaded. Numbers only, never asserted.
//
// BENCH_LOAD_EXCERPT_SECONDS renders that many seconds of each song instead of the whole (a loaded machine
// finishes sooner; say so with the figures).
import { machine, percentile, startCluster, type Cluster } from "./support/cluster";

const USERS = Number(process.env.BENCH_LOAD_USERS ?? 200);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 300);
const SONGS = Number(process.env.BENCH_LOAD_SONGS ?? 12);
const DRAIN_SECONDS = Number(process.env.BENCH_LOAD_DRAIN_SECONDS ?? 600);
const BATCH = Number(process.env.BENCH_LOAD_BATCH ?? 4);
const EXCERPT = process.env.BENCH_LOAD_EXCERPT_SECONDS ? Number(process.env.BENCH_LOAD_EXCERPT_SECONDS) : undefined;
const BOT = "Mozilla/5.0 (compatible; Twitterbot/1.0; +https://help.twitter.com)";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Person {
  id: string;
  cookie: string;
}

const pageMs: number[] = [];
/** Each page answer: its kind (style, library, home, share), when it started (ms into the run) and how long it took. */
const samples: { kind: string; at: number; ms: number }[] = [];
const runStarted = performance.now();
const statuses: Record<string, number> = {};
let serverErrors = 0;

async function timed(url: string, init: RequestInit = {}, kind?: string): Promise<Response | null> {
  const started = performance.now();
  try {
    const response = await fetch(url, init);
    await response.arrayBuffer();
    const ms = performance.now() - started;
    if (kind) {
      pageMs.push(ms);
      samples.push({ kind, at: started - runStarted, ms });
    }
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    if (response.status >= 500) serverErrors++;
    return response;
  } catch (error) {
    statuses[(error as Error).name] = (statuses[(error as Error).name] ?? 0) + 1;
    return null;
  }
}

async function until(check: () => Promise<boolean>, deadline: number): Promise<boolean> {
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(500);
  }
  return false;
}

const songStatus = async (base: string, person: Person, songId: string): Promise<string> => {
  const response = await fetch(`${base}/api/song/${songId}`, { headers: { Cookie: person.cookie } });
  return response.ok ? (await response.json()).song.status : `http ${response.status}`;
};

const createSong = async (base: string, person: Person): Promise<string> => {
  const response = await fetch(`${base}/api/song`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: person.cookie },
    body: JSON.stringify({ style: "wd_lofi", filter: "morning_sun", songs: 1, advanced: 1 }),
  });
  statuses[response.status] = (statuses[response.status] ?? 0) + 1;
  if (response.status >= 500) serverErrors++;
  if (response.status !== 201) throw new Error(`create answered ${response.status}: ${await response.text()}`);
  return (await response.json()).songs[0].id;
};

/** Create → complete, in seconds, or null when it did not complete by the deadline. */
async function makeSong(cluster: Cluster, person: Person, web: number, deadline: number): Promise<{ songId: string; seconds: number | null }> {
  const base = cluster.bases[web % cluster.bases.length];
  const started = Date.now();
  const songId = await createSong(base, person);
  const done = await until(async () => (await songStatus(cluster.bases[(web + 1) % cluster.bases.length], person, songId)) === "complete", deadline);
  return { songId, seconds: done ? (Date.now() - started) / 1000 : null };
}

const cluster = await startCluster({ webs: 2, workers: 2, excerptSeconds: EXCERPT });
const peakRss = new Map<string, number>();
const sampler = setInterval(() => {
  for (const process of [...cluster.webs, ...cluster.workers]) peakRss.set(process.name, Math.max(peakRss.get(process.name) ?? 0, process.rssMb() ?? 0));
}, 1000);

try {
  console.log(`bench:load: ${USERS} users for ${SECONDS} s, ${SONGS} of them creating a song, two web processes and two workers, ${EXCERPT ? `${EXCERPT}-second excerpts` : "whole songs"}`);
  console.log(`machine: ${machine()} (the load generator, PostgreSQL, s3rver and others' work share these cores)`);

  // Warm-up, not measured: the first render of each worker starts its engine threads (SoundFont, code).
  await Promise.all([0, 1].map(async (i) => makeSong(cluster, await cluster.signedInUser(), i, Date.now() + 600_000)));
  // Unloaded: one song made alone.
  const alone = await makeSong(cluster, await cluster.signedInUser(), 0, Date.now() + 600_000);
  console.log(`unloaded create → playable: ${alone.seconds?.toFixed(1)} s`);

  // Something for crawlers to read: the unloaded song, public once saved.
  const people: Person[] = [];
  for (let i = 0; i < USERS; i++) people.push(await cluster.signedInUser());
  const shareIds = [alone.songId];
  const end = Date.now() + SECONDS * 1000;
  const created: { seconds: number | null; songId: string }[] = [];
  const creators = people.slice(0, SONGS);

  const browse = async (person: Person, index: number) => {
    let turn = index;
    await sleep(Math.random() * 3000);
    while (Date.now() < end) {
      const base = cluster.bases[turn++ % cluster.bases.length];
      const pick = turn % 4;
      if (pick === 0) await timed(`${base}/style`, { headers: { Cookie: person.cookie } }, "style");
      else if (pick === 1) await timed(`${base}/library`, { headers: { Cookie: person.cookie } }, "library");
      else if (pick === 2) await timed(`${base}/s/${shareIds[turn % shareIds.length]}`, { headers: { "User-Agent": BOT } }, "share");
      else await timed(`${base}/`, {}, "home");
      await sleep(1000 + Math.random() * 2000);
    }
  };
  const create = async (person: Person, index: number) => {
    await sleep((index / Math.max(1, SONGS)) * SECONDS * 1000);
    const song = await makeSong(cluster, person, index, Date.now() + SECONDS * 1000 + DRAIN_SECONDS * 1000);
    created.push(song);
    if (song.seconds === null) return;
    const base = cluster.bases[index % cluster.bases.length];
    const post = (path: string, body: unknown) => fetch(`${base}${path}`, { method: "POST", headers: { "Content-Type": "application/json", Cookie: person.cookie }, body: JSON.stringify(body) });
    const saved = await post(`/api/user/save/${song.songId}`, { songName: `Load ${index}` });
    if (saved.status >= 500) serverErrors++;
    shareIds.push(song.songId);
    const edit = await post(`/api/song/${song.songId}/production`, { levels: { lead: 1.1 } });
    if (edit.status >= 500) serverErrors++;
  };
  await Promise.all([...people.map(browse), ...creators.map(create)]);

  const completed = created.filter((song) => song.seconds !== null).map((song) => song.seconds!);
  const median = percentile(completed, 50);
  console.log(`\npages: ${pageMs.length} requests, p50 ${percentile(pageMs, 50)?.toFixed(0)} ms, p95 ${percentile(pageMs, 95)?.toFixed(0)} ms (target ≤ 200), p99 ${percentile(pageMs, 99)?.toFixed(0)} ms`);
  const summary = (list: { ms: number }[]) => {
    const ms = list.map((sample) => sample.ms);
    return `${ms.length} requests, p50 ${percentile(ms, 50)?.toFixed(0)} ms, p95 ${percentile(ms, 95)?.toFixed(0)} ms`;
  };
  for (const kind of ["home", "style", "library", "share"]) console.log(`  ${kind}: ${summary(samples.filter((sample) => sample.kind === kind))}`);
  // By the minute of the run: a slow start (every user's first visit renders their pages) shows apart.
  const loadStart = Math.min(...samples.map((sample) => sample.at));
  for (let minute = 0; minute * 60_000 < SECONDS * 1000; minute++) {
    const inMinute = samples.filter((sample) => sample.at - loadStart >= minute * 60_000 && sample.at - loadStart < (minute + 1) * 60_000);
    console.log(`  minute ${minute + 1}: ${summary(inMinute)}`);
  }
  console.log(`answers: ${JSON.stringify(statuses)}; 5xx: ${serverErrors} (target 0)`);
  console.log(`songs: ${completed.length} of ${created.length} created during the load completed (target: all)`);
  console.log(`create → playable under load: median ${median?.toFixed(1)} s, ${alone.seconds && median ? (median / alone.seconds).toFixed(2) : "?"} × unloaded (target ≤ 3)`);
  console.log(`peak RSS: ${[...peakRss].map(([name, mb]) => `${name} ${mb} MB`).join(", ")}`);

  // Throughput: the same batch with one worker, then with two.
  const batch = async (label: string) => {
    const makers = await Promise.all(Array.from({ length: BATCH }, () => cluster.signedInUser()));
    const started = Date.now();
    const songs = await Promise.all(makers.map((person, i) => makeSong(cluster, person, i, Date.now() + 1_200_000)));
    const minutes = (Date.now() - started) / 60_000;
    const perMinute = songs.filter((song) => song.seconds !== null).length / minutes;
    console.log(`${label}: ${BATCH} songs in ${(minutes * 60).toFixed(0)} s = ${perMinute.toFixed(2)} songs/minute`);
    return perMinute;
  };
  const second = cluster.workers[1];
  await cluster.stopWorker(second);
  const one = await batch("1 worker");
  await cluster.startWorker();
  const two = await batch("2 workers");
  console.log(`throughput ratio, 2 workers / 1 worker: ${(two / one).toFixed(2)} (2 cores shared by both workers, the web processes, PostgreSQL and this load generator)`);
} finally {
  clearInterval(sampler);
  await cluster.stop();
}
