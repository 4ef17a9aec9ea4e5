// `npm run bench:ui`: how long a user waits after an edit, as they experience it (issue 22 §8): in Chromium,
// from the click on "Use mix" on the production page to the new version's audio being playable (the page
// shows the new version and the browser has buffered its MP3 enough to play it through: canplaythrough).
// The first edit after opening the song's edit pages, then later ones. Targets: first ≤ 4 s, later ≤ 2.5 s.
// Runs the built server (production mode, the job worker in process, as `npm start`) on a fresh Postgres
// database with one verified user and one saved, full-length song it rendered itself. Prints each edit's
// figure and one JSON line. BENCH_UI_EDITS (default 4): the later edits; BENCH_UI_THINK_MS (default 3000): how
// long the user looks at the page before the first click (the edit pages get the song ready meanwhile);
// BENCH_UI_SETTLE=1: wait for the pool songs the create queued before opening the page (diagnosis);
// BENCH_UI_TRACE=0: no per-edit timeline; BENCH_PORT: the server's port (default from the process id).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import postgres from "postgres";

process.env.SESSION_SECRET = "bench-ui-session-secret";
process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "songloom-bench-ui-"));
process.env.CATALOGUE_PREVIEWS = "off";

const SERVER = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const EDITS = Number(process.env.BENCH_UI_EDITS ?? 4);
const THINK_MS = Number(process.env.BENCH_UI_THINK_MS ?? 3000);
const root = path.resolve(import.meta.dirname, "..");
const TRACE = process.env.BENCH_UI_TRACE !== "0";
const MIXES = ["cleanish", "garage", "lofi", "montreal", "toronto", "underwater", "vancouver", "grand_canyon", "clean"];

const { connect, closeDb, useConnection } = await import("../app/server/db.server");
const { migrate } = await import("../drizzle/migrate");
const { seed } = await import("../drizzle/seed");
const { createSession, createUser } = await import("../tests/support/auth");

const name = `songloom_bench_ui_${process.pid}`;
const admin = postgres(SERVER, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database "${name}"`);
const url = new URL(SERVER);
url.pathname = `/${name}`;
const connection = connect({ url: url.toString() });
const probe = postgres(url.toString(), { max: 1, onnotice: () => {} });
useConnection(connection);
let server: ChildProcess | undefined;
const renderLogs = new Map<number, { marks: Record<string, number>; engine: Record<string, number> }>();
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--autoplay-policy=no-user-gesture-required"] });

try {
  await migrate(connection);
  await seed(connection.db);
  const user = await createUser(connection.db, { termsAccepted: true });
  const { cookie } = await createSession(connection.db, user.id);
  const port = Number(process.env.BENCH_PORT ?? 20_000 + (process.pid % 20_000));
  const base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ["server.mjs"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), NODE_ENV: "production", DATABASE_URL: url.toString(), APP_URL: base },
    stdio: ["ignore", "pipe", "inherit"],
  });
  // The server's JSON log: each edit's "edit rendered" line (the job's steps and the engine's stages).
  let pending = "";
  server.stdout!.on("data", (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split("\n");
    pending = lines.pop()!;
    for (const line of lines) {
      if (!line.includes('"edit rendered"')) continue;
      try {
        const entry = JSON.parse(line) as { version: number; marks: Record<string, number>; engine: Record<string, number> };
        renderLogs.set(entry.version, entry);
      } catch {
        // not a log line
      }
    }
  });
  for (let tries = 0; !(await fetch(`${base}/api/build`).then((r) => r.ok, () => false)); tries += 1) {
    if (tries > 600) throw new Error("the server did not start");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const api = (path: string, body?: unknown) =>
    fetch(`${base}${path}`, { method: body === undefined ? "GET" : "POST", headers: { Cookie: cookie, Origin: base, "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  const created = await (await api("/api/song", { style: "wd_lofi", filter: "morning_sun", songs: 1 })).json();
  const songId = created.songs[0].id as string;
  const started = Date.now();
  while ((await (await api(`/api/song/${songId}`)).json()).song.status !== "complete") {
    if (Date.now() - started > 300_000) throw new Error("the song did not render in 5 minutes");
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  if (!(await api(`/api/user/save/${songId}`, {})).ok) throw new Error("could not save the song");

  if (process.env.BENCH_UI_SETTLE === "1") {
    // Diagnosis only: let the pool songs the create queued finish first, so no background render overlaps the edits.
    while ((await probe`select count(*)::int as n from pgboss.job where name like 'song.%' and state in ('created', 'active', 'retry')`)[0].n > 0) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
  await context.addCookies(cookie.split("; ").map((pair) => ({ name: pair.slice(0, pair.indexOf("=")), value: pair.slice(pair.indexOf("=") + 1), url: base })));
  const page = await context.newPage();
  // What the browser asked for and when, for each edit's timeline (BENCH_UI_TRACE=0 hides it).
  const requests: { at: number; done?: number; url: string; method: string; status?: number }[] = [];
  page.on("request", (request) => {
    requests.push({ at: Date.now(), url: request.url(), method: request.method() });
  });
  const finish = (request: import("@playwright/test").Request, status?: number) => {
    const entry = requests.findLast((candidate) => candidate.url === request.url() && candidate.done === undefined);
    if (entry) Object.assign(entry, { done: Date.now(), status });
  };
  page.on("requestfinished", (request) => void request.response().then((response) => finish(request, response?.status()), () => finish(request)));
  page.on("requestfailed", (request) => finish(request));
  await page.goto(`/edit/${songId}/production`);
  await page.waitForTimeout(THINK_MS);

  const figures: number[] = [];
  const wholeFigures: number[] = [];
  // The browser has the file buffered enough to play it through (a fresh <audio>, as the player's own).
  const canPlayThrough = (src: string) =>
    page.evaluate(
      (url) =>
        new Promise<void>((resolve, reject) => {
          const audio = new Audio();
          audio.preload = "auto";
          audio.addEventListener("canplaythrough", () => resolve(), { once: true });
          audio.addEventListener("error", () => reject(new Error(`cannot play ${url}`)), { once: true });
          audio.src = url;
          audio.load();
        }),
      src,
    );
  const versionOf = (url: string | null) => Number(new URL(url ?? "/", base).searchParams.get("version") ?? 0);
  for (let edit = 0; edit <= EDITS; edit += 1) {
    // The previous edit has finished (its first seconds may have played before): the page shows no render.
    await page.getByTestId("render-progress").waitFor({ state: "detached", timeout: 60_000 });
    const before = versionOf(await page.getByTestId("edit-song-header").getAttribute("data-audio-url"));
    // Another mix than the one the song has now, so each click makes a new version.
    const current = await page.locator("input[name=mixing_style]:checked").getAttribute("value");
    const next = MIXES.filter((mix) => mix !== current)[edit % (MIXES.length - 1)];
    await page.locator(`input[name=mixing_style][value=${next}]`).check();
    const clicked = Date.now();
    await page.getByRole("button", { name: "Use mix" }).click();
    // Playable means the new version's audio: its first seconds (preview.mp3?version=N) or the whole of it.
    await page.waitForFunction((old) => {
      const now = document.querySelector("[data-testid=edit-song-header]")?.getAttribute("data-audio-url");
      return now && Number(new URL(now, location.href).searchParams.get("version") ?? 0) > old ? now : null;
    }, before, { timeout: 60_000, polling: 50 });
    const fresh = await page.getByTestId("edit-song-header").getAttribute("data-audio-url");
    await canPlayThrough(fresh!);
    const playable = Date.now();
    const seconds = (playable - clicked) / 1000;
    figures.push(seconds);
    // When the first seconds came first: also when the whole version was playable (the player moves to it).
    let whole = "";
    if (fresh!.includes("/preview.mp3")) {
      await page.waitForFunction(() => !document.querySelector("[data-testid=edit-song-header]")?.getAttribute("data-audio-url")?.includes("/preview.mp3"), null, { timeout: 60_000, polling: 50 });
      await canPlayThrough((await page.getByTestId("edit-song-header").getAttribute("data-audio-url"))!);
      wholeFigures.push((Date.now() - clicked) / 1000);
      whole = ` (its first seconds; the whole version ${wholeFigures.at(-1)!.toFixed(2)} s)`;
    } else wholeFigures.push(seconds);
    console.log(`${edit === 0 ? "first edit" : `edit ${edit + 1}`}: click → new audio playable ${seconds.toFixed(2)} s${whole}`);
    if (TRACE) await printTimeline(clicked, playable, fresh!, requests.filter((entry) => entry.at >= clicked));
    await page.waitForTimeout(500);
  }
  async function printTimeline(clicked: number, playable: number, audioUrl: string, seen: typeof requests) {
    const version = Number(new URL(audioUrl, base).searchParams.get("version"));
    const [job] = await probe`select extract(epoch from created_on) * 1000 as created, extract(epoch from started_on) * 1000 as started, extract(epoch from completed_on) * 1000 as completed
      from pgboss.job where name = 'song.rerender' and data->>'version' = ${String(version)} and data->>'songId' = ${songId} order by created_on desc limit 1`;
    const [row] = await probe`select extract(epoch from created_at) * 1000 as created, extract(epoch from completed_at) * 1000 as completed from song_versions where song_id = ${songId} and version = ${version}`;
    const at = (ms: number | string | null | undefined) => (ms === null || ms === undefined ? "   -  " : `${((Number(ms) - clicked) / 1000).toFixed(2).padStart(6)}`);
    const lines: [string, number | string | null | undefined][] = [
      ["version row written", row?.created],
      ["job created", job?.created],
      ["job started", job?.started],
    ];
    // The job logs its steps once it has stored the WAV, which can be after the whole version played.
    for (let waited = 0; !renderLogs.has(version) && waited < 10_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
    const logged = renderLogs.get(version);
    if (logged && job?.started) {
      for (const [mark, ms] of Object.entries(logged.marks)) lines.push([`job: ${mark}`, Number(job.started) + ms]);
    }
    lines.push(["version complete (row)", row?.completed], ["job completed", job?.completed]);
    // Of the version polls, the first and the one that saw the render finished.
    const polls = seen.filter((entry) => entry.url.endsWith("/version"));
    for (const entry of seen) {
      if (entry.url.endsWith("/version") && entry !== polls[0] && entry !== polls.at(-1)) continue;
      const url = new URL(entry.url);
      const name = `${entry.method} ${url.pathname}${url.search.replace(/_data=[^&]*/, "_data").slice(0, 60)}`;
      lines.push([`→ ${name}`, entry.at]);
      if (entry.done) lines.push([`← ${name} ${entry.status ?? "failed"}`, entry.done]);
    }
    lines.push(["canplaythrough", playable]);
    // Other jobs that ran during the edit (a pool song's render, getting the song ready for editing).
    const others = await probe`select name, extract(epoch from started_on) * 1000 as started, extract(epoch from completed_on) * 1000 as completed from pgboss.job
      where name <> 'song.rerender' and started_on is not null and started_on < to_timestamp(${playable / 1000}) and (completed_on is null or completed_on > to_timestamp(${clicked / 1000}))`;
    for (const other of others) {
      lines.push([`(${other.name} started)`, Math.max(Number(other.started), clicked)]);
      if (other.completed) lines.push([`(${other.name} completed)`, other.completed]);
    }
    lines.sort((a, b) => Number(a[1] ?? 0) - Number(b[1] ?? 0));
    if (polls.length > 2) lines.push([`(${polls.length - 2} more version polls)`, polls.at(-1)!.at - 1]);
    for (const [label, ms] of lines) console.log(`   ${at(ms)} s  ${label}`);
    if (logged) console.log(`          engine stages (ms): ${JSON.stringify(logged.engine)}`);
  }

  const later = figures.slice(1).sort((a, b) => a - b);
  const median = later.length ? later[Math.floor(later.length / 2)] : null;
  console.log(`first edit ${figures[0].toFixed(2)} s (target ≤ 4 s); later edits median ${median?.toFixed(2)} s, max ${later.at(-1)?.toFixed(2)} s (target ≤ 2.5 s)`);
  const wholeLater = wholeFigures.slice(1).sort((a, b) => a - b);
  const wholeMedian = wholeLater.length ? wholeLater[Math.floor(wholeLater.length / 2)] : null;
  console.log(`whole version playable: first edit ${wholeFigures[0].toFixed(2)} s; later edits median ${wholeMedian?.toFixed(2)} s`);
  const load = os.loadavg().map((value) => Number(value.toFixed(2)));
  console.log(JSON.stringify({ bench: "ui", firstSeconds: figures[0], laterSeconds: figures.slice(1), laterMedianSeconds: median, wholeFirstSeconds: wholeFigures[0], wholeLaterSeconds: wholeFigures.slice(1), loadAverage: load }));
} finally {
  await browser.close();
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  await probe.end();
  await closeDb();
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.end();
}
