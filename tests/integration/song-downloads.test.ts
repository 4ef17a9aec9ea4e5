// Files and downloads against real Postgres (docs/edit-flow.md "Files and downloads"): the plan gates
// each format, the monthly WAV allowance holds and resets with the month, every download is recorded,
// the WAV export runs none → fetching → ready and never marks an older version ready. The routes are
// called as Remix calls them; songs are real engine renders of a short excerpt.
import "../support/auth-env";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { songDownloads, songs, subscriptions } from "#drizzle/schema/index";
import { startBoss, stopBoss } from "#jobs/boss";
import { scheduleRender } from "~/engine/pipeline";
import { stemCacheKey } from "~/engine/threads/stemCache";
import { SAMPLE_RATE } from "~/engine/types";
import { findSong } from "~/models/song.server";
import * as downloadRoute from "~/routes/api.song.$id.download.$format";
import * as wavRoute from "~/routes/api.song.$id.wav";
import * as wavReadyRoute from "~/routes/api.song.$id.wav.ready";
import { env } from "~/server/env.server";
import { LocalDiskStorage, useStorage, type MediaStorage } from "~/server/storage.server";
import { createSongs } from "~/services/songs/create.server";
import { allowanceResetUtc, formatResetDate, monthStartUtc, NO_DOWNLOADS_MESSAGE, songDownloadsView } from "~/services/songs/downloads.server";
import { editProduction, loadComposition, loadProduction, renderSongVersion } from "~/services/songs/edit.server";
import { composeSong, configureSongRendering, renderSongMedia } from "~/services/songs/generate.server";
import { exportSongWav } from "~/services/songs/wav.server";
import { callRoute, createSession, createUser, get, post } from "../support/auth";
import { setupTestDatabase } from "../support/database";

const database = setupTestDatabase("postgres");
let storage: LocalDiskStorage;

beforeAll(async () => {
  storage = new LocalDiskStorage(mkdtempSync(path.join(os.tmpdir(), "songloom-media-")));
  useStorage(storage);
  configureSongRendering({ excerpt: { startSeconds: 0, seconds: 3 } });
  // Jobs are queued (in the request's transaction) but run by calling their functions here.
  await startBoss(database().connection);
});
afterAll(async () => {
  useStorage(storage);
  await stopBoss();
});

const PRODUCT = { creator: 1, pro: 2 } as const;

async function ownerWithSong(plan: "free" | keyof typeof PRODUCT = "free", songName = "Night Drive") {
  const user = await createUser(database().db);
  if (plan !== "free") {
    await database().db.insert(subscriptions).values({ userId: user.id, productId: PRODUCT[plan], currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000) });
  }
  const created = await createSongs(user, { style: "wd_lofi", filter: "morning_sun", songs: 1 });
  const songId = created.songs[0].id;
  await composeSong(songId);
  await renderSongMedia(songId);
  await database().db.update(songs).set({ songName }).where(eq(songs.id, songId));
  const { cookie } = await createSession(database().db, user.id);
  return { user, cookie, songId };
}

const json = { Accept: "application/json" };

function download(songId: string, format: string, cookie: string) {
  return callRoute(downloadRoute.loader, get(`/api/song/${songId}/download/${format}`, cookie, json), { id: songId, format });
}
function requestWav(songId: string, cookie: string) {
  return callRoute(wavRoute.action, post(`/api/song/${songId}/wav`, {}, cookie, json), { id: songId });
}
async function wavReady(songId: string, cookie: string) {
  const response = await callRoute(wavReadyRoute.loader, get(`/api/song/${songId}/wav/ready`, cookie, json), { id: songId });
  expect(response.status).toBe(200);
  return (await response.json()) as { status: string; url?: string };
}
async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}
async function recorded(userId: string) {
  return database().db.select().from(songDownloads).where(eq(songDownloads.userId, userId));
}
async function prepareWav(songId: string, cookie: string) {
  expect((await requestWav(songId, cookie)).status).toBe(202);
  await exportSongWav(songId);
  expect((await wavReady(songId, cookie)).status).toBe("ready");
}

test("the free plan is refused every format, and nothing is recorded", async () => {
  const { user, cookie, songId } = await ownerWithSong("free");
  await prepareWav(songId, cookie);
  for (const format of ["mp3", "wav", "midi", "stems"]) {
    const response = await download(songId, format, cookie);
    expect(response.status, format).toBe(403);
    expect((await errorOf(response)).message).toBe(NO_DOWNLOADS_MESSAGE);
  }
  expect(await recorded(user.id)).toHaveLength(0);
});

test("a Creator gets the mp3 and the prepared wav as named attachments, but not midi or stems", async () => {
  const { user, cookie, songId } = await ownerWithSong("creator");
  const mp3 = await download(songId, "mp3", cookie);
  expect(mp3.status).toBe(200);
  expect(mp3.headers.get("content-type")).toBe("audio/mpeg");
  expect(mp3.headers.get("content-disposition")).toContain('filename="Night Drive.mp3"');
  const mp3Bytes = new Uint8Array(await mp3.arrayBuffer());
  expect(Number(mp3.headers.get("content-length"))).toBe(mp3Bytes.length);
  const id3 = String.fromCharCode(...mp3Bytes.subarray(0, 3)) === "ID3";
  const frameSync = mp3Bytes[0] === 0xff && (mp3Bytes[1] & 0xe0) === 0xe0;
  expect(id3 || frameSync).toBe(true);

  const unprepared = await download(songId, "wav", cookie);
  expect(unprepared.status).toBe(409);
  expect((await errorOf(unprepared)).code).toBe("wav_not_ready");
  await prepareWav(songId, cookie);
  const wav = await download(songId, "wav", cookie);
  expect(wav.status).toBe(200);
  expect(wav.headers.get("content-disposition")).toContain('filename="Night Drive.wav"');
  expect(Buffer.from(await wav.arrayBuffer()).subarray(0, 4).toString("latin1")).toBe("RIFF");

  const midi = await download(songId, "midi", cookie);
  expect(midi.status).toBe(403);
  expect((await errorOf(midi)).message).toBe("MIDI downloads are part of the Pro plan.");
  expect((await download(songId, "stems", cookie)).status).toBe(403);
  expect((await recorded(user.id)).map((row) => row.format).sort()).toEqual(["mp3", "wav"]);
});

test("the 26th WAV download of a Creator in one month is refused with the reset date; next month it is allowed", async () => {
  const { user, cookie, songId } = await ownerWithSong("creator");
  await prepareWav(songId, cookie);
  const rows = Array.from({ length: 24 }, () => ({ userId: user.id, songId, format: "wav" as const }));
  await database().db.insert(songDownloads).values(rows);
  expect((await download(songId, "wav", cookie)).status).toBe(200);
  const song = (await findSong(songId))!;
  expect((await songDownloadsView(user, song)).wavAllowance?.remaining).toBe(0);
  // MP3 downloads do not count against the WAV allowance.
  expect((await download(songId, "mp3", cookie)).status).toBe(200);

  const refused = await download(songId, "wav", cookie);
  expect(refused.status).toBe(429);
  const { message } = await errorOf(refused);
  expect(message).toContain("25 WAV downloads");
  expect(message).toContain(formatResetDate(allowanceResetUtc(new Date())));
  expect((await recorded(user.id)).filter((row) => row.format === "wav")).toHaveLength(25);

  // The same 25 downloads, made last month: this month's allowance is whole again.
  const lastMonth = new Date(monthStartUtc(new Date()).getTime() - 86_400_000);
  await database().db.update(songDownloads).set({ createdAt: lastMonth }).where(eq(songDownloads.userId, user.id));
  expect((await download(songId, "wav", cookie)).status).toBe(200);
  expect((await songDownloadsView(user, song)).wavAllowance?.remaining).toBe(24);
});

test("a Pro user gets the MIDI and the stems: one levelled WAV per part, the same bytes when re-rendered without the cache", async () => {
  const { user, cookie, songId } = await ownerWithSong("pro");
  const midi = await download(songId, "midi", cookie);
  expect(midi.status).toBe(200);
  expect(Buffer.from(await midi.arrayBuffer()).subarray(0, 4).toString("latin1")).toBe("MThd");

  // The render that made the version current left every stem in the cache, under the keys the zip reads.
  const current = (await findSong(songId))!;
  const [composition, production] = await Promise.all([loadComposition(current.compositionId!), loadProduction(current.productionId!)]);
  const { tracks, lengthSamples } = scheduleRender(composition, production, { startSeconds: 0, seconds: 3 });
  const cacheDir = path.join(env.DATA_DIR, "stem-cache");
  for (const track of tracks) expect(existsSync(path.join(cacheDir, `${stemCacheKey(track, lengthSamples / SAMPLE_RATE)}.stem`)), track.part).toBe(true);

  const stems = await download(songId, "stems", cookie);
  expect(stems.status).toBe(200);
  expect(stems.headers.get("content-type")).toBe("application/zip");
  expect(stems.headers.get("content-disposition")).toContain('filename="Night Drive stems.zip"');
  const zipped = new Uint8Array(await stems.arrayBuffer());
  const files = unzipSync(zipped);
  const names = Object.keys(files).sort();
  expect(names).toContain("drums.wav");
  expect(names.length).toBeGreaterThanOrEqual(3);
  for (const name of names) {
    const wav = Buffer.from(files[name]);
    expect(wav.subarray(0, 4).toString("latin1"), name).toBe("RIFF");
    const samples = new Int16Array(wav.buffer, wav.byteOffset + 44, (wav.length - 44) / 2);
    const peak = samples.reduce((max, value) => Math.max(max, Math.abs(value)), 0) / 32768;
    // Each audible stem peaks at -1 dBFS (within the dither); a part silent in the excerpt stays silent.
    if (peak > 0.001) expect(peak, name).toBeCloseTo(10 ** (-1 / 20), 2);
  }
  expect((await recorded(user.id)).map((row) => row.format).sort()).toEqual(["midi", "stems"]);

  // Without the stored zip and the stem cache, every stem is rendered again: the same bytes.
  const song = (await findSong(songId))!;
  await storage.delete(`songs/${songId}/stems.zip`);
  for (const file of readdirSync(cacheDir)) rmSync(path.join(cacheDir, file));
  const again = await download(songId, "stems", cookie);
  expect(Buffer.from(await again.arrayBuffer()).equals(Buffer.from(zipped))).toBe(true);
  expect(song.version).toBe(1);
});

test("someone else's song is a 404 for downloads and the WAV export", async () => {
  const { songId } = await ownerWithSong("pro");
  const stranger = await createUser(database().db);
  await database().db.insert(subscriptions).values({ userId: stranger.id, productId: PRODUCT.pro, currentPeriodEnd: new Date(Date.now() + 86_400_000) });
  const { cookie } = await createSession(database().db, stranger.id);
  for (const format of ["mp3", "wav", "midi", "stems"]) expect((await download(songId, format, cookie)).status, format).toBe(404);
  expect((await requestWav(songId, cookie)).status).toBe(404);
  const ready = await callRoute(wavReadyRoute.loader, get(`/api/song/${songId}/wav/ready`, cookie, json), { id: songId });
  expect(ready.status).toBe(404);
  expect(await recorded(stranger.id)).toHaveLength(0);
});

test("an unknown format is a 400 naming the field; an unnamed song downloads as 'Songloom song <id>'", async () => {
  const { cookie, songId } = await ownerWithSong("creator", "New Song");
  const bad = await download(songId, "flac", cookie);
  expect(bad.status).toBe(400);
  expect(((await bad.json()) as { error: { fields: Record<string, string[]> } }).error.fields).toHaveProperty("format");
  const mp3 = await download(songId, "mp3", cookie);
  expect(mp3.headers.get("content-disposition")).toContain(`filename="Songloom song ${songId}.mp3"`);
});

test("the WAV export runs none → fetching → ready, and re-renders the WAV when the file is gone", async () => {
  const { cookie, songId } = await ownerWithSong("creator");
  expect(await wavReady(songId, cookie)).toEqual({ status: "none" });
  const song = (await findSong(songId))!;
  await storage.delete(song.media!.wav);

  const queued = await requestWav(songId, cookie);
  expect(queued.status).toBe(202);
  expect(await queued.json()).toEqual({ status: "fetching" });
  expect(await wavReady(songId, cookie)).toEqual({ status: "fetching" });
  await exportSongWav(songId);
  expect(await wavReady(songId, cookie)).toEqual({ status: "ready", url: `/api/song/${songId}/download/wav` });
  expect(await storage.stat(song.media!.wav)).not.toBeNull();
  // Asking again when it is ready queues nothing.
  expect(await (await requestWav(songId, cookie)).json()).toEqual({ status: "ready" });
});

test("a plain form post (JavaScript off) is sent back to the options page", async () => {
  const { cookie, songId } = await ownerWithSong("creator");
  const response = await callRoute(wavRoute.action, post(`/api/song/${songId}/wav`, {}, cookie, { Accept: "text/html" }), { id: songId });
  expect(response.status).toBe(303);
  expect(response.headers.get("location")).toBe(`/edit/${songId}`);
  expect((await findSong(songId))!.wavStatus).toBe("fetching");
});

test("forward-only: an export of version 1 does not mark ready after version 2 became current", async () => {
  const { cookie, songId } = await ownerWithSong("creator");
  await editProduction((await findSong(songId))!, { mix: "underwater" });
  expect((await requestWav(songId, cookie)).status).toBe(202);

  // The export of version 1 is held at its storage check while version 2 completes.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let reached!: () => void;
  const atCheck = new Promise<void>((resolve) => (reached = resolve));
  const holding: MediaStorage = Object.assign(Object.create(storage) as LocalDiskStorage, {
    stat: async (key: string) => {
      if (key === `songs/${songId}/song.wav`) {
        reached();
        await held;
      }
      return storage.stat(key);
    },
  });
  useStorage(holding);
  try {
    const exportOfV1 = exportSongWav(songId);
    await atCheck;
    await renderSongVersion(songId, 2);
    release();
    await exportOfV1;
  } finally {
    useStorage(storage);
  }
  const after = (await findSong(songId))!;
  expect(after.version).toBe(2);
  expect(after.wavVersion).toBeNull();
  expect(await wavReady(songId, cookie)).toEqual({ status: "none" });

  await requestWav(songId, cookie);
  await exportSongWav(songId);
  expect(await wavReady(songId, cookie)).toMatchObject({ status: "ready" });
  const exported = (await findSong(songId))!;
  expect(exported.wavVersion).toBe(2);
  expect(exported.wavKey).toBe(`songs/${songId}/v2/song.wav`);
  const rows = await database().db.select().from(songs).where(and(eq(songs.id, songId), eq(songs.wavStatus, "ready")));
  expect(rows).toHaveLength(1);
});
