// The song API, media route and share page over real HTTP, against the built server on Postgres: what a
// browser, the player and a crawler get.
import "../support/http-env";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import path from "node:path";
import { eq } from "drizzle-orm";
import { songs } from "#drizzle/schema/index";
import { startBoss, stopBoss } from "#jobs/boss";
import { FLAG_CACHE_MS, setFlag } from "~/server/flags.server";
import { createSongs } from "~/services/songs/create.server";
import { composeSong, configureSongRendering, refillPool, renderSongMedia } from "~/services/songs/generate.server";
import { createSession, createUser } from "../support/auth";
import { setupTestDatabase } from "../support/database";
import { waitFor } from "../support/wait";
import { freePort } from "../support/ports";

const root = path.resolve(__dirname, "../..");
const database = setupTestDatabase("postgres");
const BOT = "Mozilla/5.0 (compatible; Twitterbot/1.0)";

let server: ChildProcess;
let base: string;
let owner: { id: string; cookie: string };
let songId: string;
let privateSongId: string;


async function completedSong(userId: string): Promise<string> {
  const { songs: [song] } = await createSongs({ id: userId }, { style: "wd_lofi", filter: "morning_sun", songs: 1, advanced: 1 });
  await composeSong(song.id);
  await renderSongMedia(song.id);
  return song.id;
}

beforeAll(async () => {
  const build = spawnSync("npx", ["remix", "build"], { cwd: root, encoding: "utf8", env: { ...process.env, NODE_ENV: "production" } });
  expect(build.status, build.stderr).toBe(0);

  await startBoss(database().connection);
  configureSongRendering({ excerpt: { startSeconds: 0, seconds: 4 } });
  const user = await createUser(database().db);
  owner = { id: user.id, cookie: (await createSession(database().db, user.id)).cookie };
  songId = await completedSong(user.id);
  privateSongId = await completedSong(user.id);
  await database().db.update(songs).set({ private: true, songName: "Secret" }).where(eq(songs.id, privateSongId));
  await database().db.update(songs).set({ songName: "Night Bus", artistName: "Loomer" }).where(eq(songs.id, songId));

  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ["server.mjs"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), NODE_ENV: "production", DATABASE_URL: database().url, APP_URL: base, WORKER_IN_PROCESS: "false" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.resume();
  server.stderr?.resume();
  await waitFor(async () => (await fetch(`${base}/api/build`).catch(() => null))?.ok, { what: "the server", timeoutMs: 60_000 });
}, 180_000);

afterAll(async () => {
  server?.kill("SIGKILL");
  await stopBoss();
});

const api = (path: string, body: unknown, cookie = owner.cookie) =>
  fetch(`${base}${path}`, { method: "POST", headers: { "Content-Type": "application/json", Cookie: cookie }, body: JSON.stringify(body) });

describe("media", () => {
  test("range requests answer 206 with Content-Range; whole files 200 with cache headers", async () => {
    const url = `${base}/media/songs/${songId}/song.mp3`;
    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(whole.headers.get("cache-control")).toContain("public");
    const size = (await whole.arrayBuffer()).byteLength;
    const etag = whole.headers.get("etag");

    const part = await fetch(url, { headers: { Range: "bytes=100-199" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-199/${size}`);
    expect((await part.arrayBuffer()).byteLength).toBe(100);

    const tail = await fetch(url, { headers: { Range: "bytes=-10" } });
    expect(tail.headers.get("content-range")).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
    expect((await fetch(url, { headers: { Range: `bytes=${size + 5}-` } })).status).toBe(416);
    expect((await fetch(url, { headers: { "If-None-Match": etag! } })).status).toBe(304);
  });

  test("a private song is 404 to everyone but its owner, and never cached publicly", async () => {
    const url = `${base}/media/songs/${privateSongId}/song.mp3`;
    expect((await fetch(url)).status).toBe(404);
    const stranger = await createUser(database().db);
    expect((await fetch(url, { headers: { Cookie: (await createSession(database().db, stranger.id)).cookie } })).status).toBe(404);
    const own = await fetch(url, { headers: { Cookie: owner.cookie } });
    expect(own.status).toBe(200);
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    // WAV and MIDI are the owner's only, even for a public song.
    expect((await fetch(`${base}/media/songs/${songId}/song.wav`)).status).toBe(404);
    expect((await fetch(`${base}/media/songs/${songId}/song.wav`, { headers: { Cookie: owner.cookie } })).status).toBe(200);
  });
  test("an id that cannot exist (a NUL, punctuation) is a 404, not a failed query", async () => {
    for (const path of ["/media/songs/a%00b/song.mp3", "/media/songs/a%00b/vocals/x%00y/mix.mp3", "/s/a%00b", "/media/songs/a%2C%20b/peaks.json"]) {
      const response = await fetch(`${base}${path}`, { headers: { Cookie: owner.cookie } });
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
    }
  });
});

describe("the share page", () => {
  test("a crawler gets title, artist, OpenGraph, Twitter card, JSON-LD and a playable <audio>", async () => {
    const response = await fetch(`${base}/s/${songId}-night-bus?s=2&e=3`, { headers: { "User-Agent": BOT } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<title>Night Bus by Loomer · Songloom</title>");
    expect(html).toContain('property="og:type" content="music.song"');
    expect(html).toContain(`property="og:audio" content="${base}/media/songs/${songId}/song.mp3?v=1"`);
    expect(html).toMatch(new RegExp(`property="og:image" content="${base}/media/songs/${songId}/card\\.png\\?v=[\\w-]+"`));
    // The server's APP_URL is plain HTTP: Twitter would not play an embedded player from it.
    expect(html).toContain('name="twitter:card" content="summary_large_image"');
    expect(html).toMatch(/<audio[^>]*controls[^>]*src="[^"]*\/media\/songs\/[^"]+\/song\.mp3\?v=1#t=2,3"/);
    expect(html).toContain("<svg");
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]);
    expect(jsonLd).toMatchObject({ "@type": "MusicRecording", name: "Night Bus", byArtist: { name: "Loomer" }, inLanguage: "en" });
    expect(jsonLd.duration).toMatch(/^PT\d+M\d+S$/);
    // The audio it points at plays.
    expect((await fetch(`${base}/media/songs/${songId}/song.mp3?v=1`)).headers.get("content-type")).toBe("audio/mpeg");
    expect((await fetch(`${base}/media/songs/${songId}/card.png`)).headers.get("content-type")).toBe("image/png");
  });

  test("the aliases serve the same page; private and missing songs are a 404 page", async () => {
    for (const alias of ["song", "share"]) {
      const html = await (await fetch(`${base}/${alias}/${songId}`, { headers: { "User-Agent": BOT } })).text();
      expect(html).toContain("Night Bus");
    }
    const hidden = await fetch(`${base}/s/${privateSongId}`, { headers: { "User-Agent": BOT } });
    expect(hidden.status).toBe(404);
    expect(await hidden.text()).not.toContain("Secret");
    expect((await fetch(`${base}/s/nosuchsong`)).status).toBe(404);
  });
});

describe("the song API", () => {
  test("POST /api/song: 400 without style or filter, 201 with the batch, 401 signed out", async () => {
    const missing = await api("/api/song", { filter: "morning_sun" });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.message).toBe("No style or filter has been set.");
    const created = await api("/api/song", { style: "wd_lofi", filter: "morning_sun", advanced: 1 });
    expect(created.status).toBe(201);
    const body = await created.json();
    expect(body.songs).toHaveLength(3);
    expect((await api("/api/song", { style: "wd_lofi", filter: "morning_sun" }, "")).status).toBe(401);

    const tracked = await api("/api/track_songs", { songIds: body.songs.map((song: { id: string }) => song.id) });
    expect(tracked.status).toBe(200);
    expect((await tracked.json()).songs[0].status).toBe("queue");
    expect((await api("/api/track_songs", { songIds: ["not-mine"] })).status).toBe(400);
    expect((await api("/api/track_songs", {})).status).toBe(400);
  });

  test("POST /api/song/fetch: 204 with an empty pool, 200 with a pooled song, 403 when the flag is off", async () => {
    const filter = "rainy_nights";
    expect((await api("/api/song/fetch", { api_version: 3, filter })).status).toBe(204);
    await refillPool(filter);
    const pooled = await database().db.select().from(songs).where(eq(songs.filter, filter));
    for (const song of pooled.filter((row) => row.pooled)) {
      await composeSong(song.id);
      await renderSongMedia(song.id);
    }
    const fetched = await api("/api/song/fetch", { api_version: 3, filter });
    expect(fetched.status).toBe(200);
    expect((await fetched.json()).song).toMatchObject({ filter, status: "complete" });

    await setFlag("enable_song_fetch", false);
    // The server is another process and keeps flags for FLAG_CACHE_MS (ADR 012): it sees the switch within that.
    const refused = await waitFor(async () => {
      const response = await api("/api/song/fetch", { api_version: 3, filter });
      return response.status === 403 && response;
    }, { what: "the server to see the flag off", timeoutMs: FLAG_CACHE_MS * 4, intervalMs: 250 });
    expect(refused.status).toBe(403);
    await setFlag("enable_song_fetch", true);
  });

  test("save, reject and GET /api/song/{id}, and the API description lists them", async () => {
    const saved = await api(`/api/user/save/${songId}`, { songName: "Night Bus 2" });
    expect(saved.status).toBe(200);
    expect((await saved.json()).song).toMatchObject({ saved: true, songName: "Night Bus 2" });
    expect((await api(`/api/song/${songId}/reject`, {})).status).toBe(200);
    expect((await fetch(`${base}/api/song/${songId}`)).status).toBe(200);
    expect((await fetch(`${base}/api/song/${privateSongId}`)).status).toBe(404);
    const openapi = await (await fetch(`${base}/api/openapi.json`)).json();
    for (const path of ["/api/song", "/api/song/{id}", "/api/song/{id}/reject", "/api/song/fetch", "/api/track_songs", "/api/user/save/{songId}"]) {
      expect(Object.keys(openapi.paths), path).toContain(path);
    }
  });
});
