// `npm run bench:ui`: how long a user waits after an edit, as they experience it (issue 22 §8): in Chromium,
// from the click on "Use mix" on the production page to the new version's audio being playable (the page
// shows the new version and the browser has buffered its MP3 enough to play it through: canplaythrough).
// The first edit after opening the song's edit pages, then later ones. Targets: first ≤ 4 s, later ≤ 2.5 s.
// Runs the built server (production mode, the job worker in process, as `npm start`) on a fresh Postgres
// database with one verified user and one saved, full-length song it rendered itself. Prints each edit's
// figure and one JSON line. BENCH_UI_EDITS (default 4): the later edits; BENCH_UI_THINK_MS (default 3000): how
// long the user looks at the page before the first click (the edit pages get the song ready meanwhile).
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
useConnection(connection);
let server: ChildProcess | undefined;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--autoplay-policy=no-user-gesture-required"] });

try {
  await migrate(connection);
  await seed(connection.db);
  const user = await createUser(connection.db, { termsAccepted: true });
  const { cookie } = await createSession(connection.db, user.id);
  const port = 20_000 + (process.pid % 20_000);
  const base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ["server.mjs"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), NODE_ENV: "production", DATABASE_URL: url.toString(), APP_URL: base },
    stdio: ["ignore", "ignore", "inherit"],
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

  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
  await context.addCookies(cookie.split("; ").map((pair) => ({ name: pair.slice(0, pair.indexOf("=")), value: pair.slice(pair.indexOf("=") + 1), url: base })));
  const page = await context.newPage();
  await page.goto(`/edit/${songId}/production`);
  await page.waitForTimeout(THINK_MS);

  const figures: number[] = [];
  for (let edit = 0; edit <= EDITS; edit += 1) {
    const before = await page.getByTestId("edit-song-header").getAttribute("data-audio-url");
    // Another mix than the one the song has now, so each click makes a new version.
    const current = await page.locator("input[name=mixing_style]:checked").getAttribute("value");
    const next = MIXES.filter((mix) => mix !== current)[edit % (MIXES.length - 1)];
    await page.locator(`input[name=mixing_style][value=${next}]`).check();
    const clicked = Date.now();
    await page.getByRole("button", { name: "Use mix" }).click();
    await page.waitForFunction((old) => {
      const now = document.querySelector("[data-testid=edit-song-header]")?.getAttribute("data-audio-url");
      return now && now !== old ? now : null;
    }, before, { timeout: 60_000, polling: 50 });
    const fresh = await page.getByTestId("edit-song-header").getAttribute("data-audio-url");
    await page.evaluate(
      (src) =>
        new Promise<void>((resolve, reject) => {
          const audio = new Audio();
          audio.preload = "auto";
          audio.addEventListener("canplaythrough", () => resolve(), { once: true });
          audio.addEventListener("error", () => reject(new Error(`cannot play ${src}`)), { once: true });
          audio.src = src!;
          audio.load();
        }),
      fresh,
    );
    const seconds = (Date.now() - clicked) / 1000;
    figures.push(seconds);
    console.log(`${edit === 0 ? "first edit" : `edit ${edit + 1}`}: click → new audio playable ${seconds.toFixed(2)} s`);
    await page.waitForTimeout(500);
  }
  const later = figures.slice(1).sort((a, b) => a - b);
  const median = later.length ? later[Math.floor(later.length / 2)] : null;
  console.log(`first edit ${figures[0].toFixed(2)} s (target ≤ 4 s); later edits median ${median?.toFixed(2)} s, max ${later.at(-1)?.toFixed(2)} s (target ≤ 2.5 s)`);
  console.log(JSON.stringify({ bench: "ui", firstSeconds: figures[0], laterSeconds: figures.slice(1), laterMedianSeconds: median }));
} finally {
  await browser.close();
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  await closeDb();
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.end();
}
