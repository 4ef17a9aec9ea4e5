// Mastering against real Postgres (docs/mastering.md): the routes and APIs called as Remix calls them, the
// jobs run by calling their handlers, songs real engine renders of a 3-second excerpt. Covered: the WAV
// must be ready before previews (requested, then retried), one preview sample per song, the tracking
// poll's statuses, preset selection, the master refused without a paid purchase, the master playing in
// place of the song's files, is_in_sync after an edit and on a copy, each error code from its failure
// path, and verification and ownership on every mastering route and API.
import "../support/auth-env";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Job } from "pg-boss";
import { and, eq } from "drizzle-orm";
import { masteringFiles, masteringPurchases, songs } from "#drizzle/schema/index";
import { startBoss, stopBoss } from "#jobs/boss";
import * as masterFullJob from "#jobs/handlers/master.full";
import * as masterPreviewJob from "#jobs/handlers/master.preview";
import { queues } from "#jobs/queues";
import { findSong, songAudioUrl } from "~/models/song.server";
import * as isInSyncRoute from "~/routes/api.song.$id.dolby.is_in_sync";
import * as masterRoute from "~/routes/api.song.$id.dolby.master";
import * as previewRoute from "~/routes/api.song.$id.dolby.preview";
import * as selectRoute from "~/routes/api.song.$id.dolby.select_preset";
import * as trackRoute from "~/routes/api.song.$id.dolby.track";
import * as presetsRoute from "~/routes/api.master_presets";
import * as productRoute from "~/routes/api.products.dolby";
import * as pageRoute from "~/routes/master.$songId";
import * as previewMediaRoute from "~/routes/media.songs.$songId.mastering.$file";
import * as songMediaRoute from "~/routes/media.songs.$songId.$file";
import { LocalDiskStorage, useStorage } from "~/server/storage.server";
import { createSongs } from "~/services/songs/create.server";
import { copySong, editProduction, renderSongVersion } from "~/services/songs/edit.server";
import { composeSong, configureSongRendering, renderSongMedia } from "~/services/songs/generate.server";
import { exportSongWav } from "~/services/songs/wav.server";
import { markMasteringPaid, masteringProduct, renderMaster, renderMasteringPreviews } from "~/services/mastering";
import { callRoute, createSession, createUser, get, post } from "../support/auth";
import { setupTestDatabase } from "../support/database";

const database = setupTestDatabase("postgres");
let storage: LocalDiskStorage;

beforeAll(async () => {
  storage = new LocalDiskStorage(mkdtempSync(path.join(os.tmpdir(), "songloom-media-")));
  useStorage(storage);
  configureSongRendering({ excerpt: { startSeconds: 0, seconds: 3 } });
  await startBoss(database().connection);
});
afterAll(async () => {
  await stopBoss();
});

async function ownerWithSong(options: { verified?: boolean } = {}) {
  const user = await createUser(database().db, { verified: options.verified });
  const created = await createSongs(user, { style: "wd_lofi", filter: "morning_sun", songs: 1 });
  const songId = created.songs[0].id;
  await composeSong(songId);
  await renderSongMedia(songId);
  await database().db.update(songs).set({ songName: "Night Drive", saved: true }).where(eq(songs.id, songId));
  const { cookie } = await createSession(database().db, user.id);
  return { user, cookie, songId };
}

const json = { Accept: "application/json" };
const jsonBody = (method: string, url: string, body: unknown, cookie?: string) =>
  new Request(new URL(url, "http://localhost:3000"), {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { "Content-Type": "application/json", Accept: "application/json", ...(cookie ? { Cookie: cookie } : {}) },
  });

const api = {
  preview: (id: string, cookie?: string, body: unknown = {}) => callRoute(previewRoute.action, jsonBody("POST", `/api/song/${id}/dolby/preview`, body, cookie), { id }),
  deletePreview: (id: string, cookie?: string) => callRoute(previewRoute.action, jsonBody("DELETE", `/api/song/${id}/dolby/preview`, undefined, cookie), { id }),
  track: (id: string, cookie?: string) => callRoute(trackRoute.loader, get(`/api/song/${id}/dolby/track`, cookie, json), { id }),
  select: (id: string, preset: string, cookie?: string) => callRoute(selectRoute.action, jsonBody("POST", `/api/song/${id}/dolby/select_preset`, { preset }, cookie), { id }),
  master: (id: string, cookie?: string) => callRoute(masterRoute.action, jsonBody("POST", `/api/song/${id}/dolby/master`, undefined, cookie), { id }),
  deleteMaster: (id: string, cookie?: string) => callRoute(masterRoute.action, jsonBody("DELETE", `/api/song/${id}/dolby/master`, undefined, cookie), { id }),
  inSync: (id: string, cookie?: string) => callRoute(isInSyncRoute.loader, get(`/api/song/${id}/dolby/is_in_sync`, cookie, json), { id }),
  product: (cookie?: string) => callRoute(productRoute.loader, get(`/api/products/dolby`, cookie, json)),
  presets: (cookie?: string) => callRoute(presetsRoute.loader, get(`/api/master_presets`, cookie, json)),
};

type Track = { files: { type: string; status: string; errorCode: string | null; metadata: Record<string, unknown>; previews?: { items: { letter: string; url: string; after: { lufs: number; truePeakDb: number } }[] } }[]; poll: boolean };
const tracked = async (id: string, cookie: string) => (await (await api.track(id, cookie)).json()) as Track;
const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string; message: string } }).error;
const job = <T>(data: T, retryCount: number) => [{ id: "test", name: "test", data, retryCount } as unknown as Job<T>];

/** Previews made: WAV exported, previews requested and rendered. */
async function withPreviews(songId: string, cookie: string) {
  await api.preview(songId, cookie);
  await exportSongWav(songId);
  expect((await api.preview(songId, cookie)).status).toBe(202);
  await renderMasteringPreviews(songId);
}

async function pay(songId: string, userId: string, reference = `cs_test_${songId}`) {
  await database().db.insert(masteringPurchases).values({ songId, userId, preset: "g", amountCents: 999, providerReference: reference });
  return markMasteringPaid(reference);
}

test("previews wait for the WAV, then one sample per song is tracked from queued to ready", async () => {
  const { cookie, songId } = await ownerWithSong();
  // The WAV is not ready: it is requested, and the client is told to retry after 2.5 s.
  const first = await api.preview(songId, cookie, { intensity: 60, platform: "spotify" });
  expect(first.status).toBe(202);
  expect(await first.json()).toEqual({ status: "waiting_for_wav", retryAfterMs: 2500 });
  expect((await findSong(songId))!.wavStatus).toBe("fetching");
  expect((await tracked(songId, cookie)).files).toEqual([]);
  await exportSongWav(songId);

  const queued = await api.preview(songId, cookie, { intensity: 60, platform: "spotify" });
  expect(queued.status).toBe(202);
  expect((await queued.json()).status).toBe("queued");
  const waiting = await tracked(songId, cookie);
  expect(waiting.poll).toBe(true);
  expect(waiting.files.map((file) => [file.type, file.status])).toEqual([["dolby_previews", "queued"]]);
  // One preview sample per song.
  const second = await api.preview(songId, cookie);
  expect(second.status).toBe(409);
  expect((await errorOf(second)).code).toBe("preview_exists");

  await masterPreviewJob.handle(job({ songId }, 0));
  const ready = await tracked(songId, cookie);
  expect(ready.poll).toBe(false);
  const previews = ready.files[0];
  expect(previews.status).toBe("ready");
  expect(previews.previews!.items.map((item) => item.letter).join("")).toBe("abcdefghijklmn");
  for (const item of previews.previews!.items) {
    expect(Math.abs(item.after.lufs - -14)).toBeLessThanOrEqual(0.5);
    expect(item.after.truePeakDb).toBeLessThanOrEqual(-1);
  }
  // Each preview plays for its owner only.
  const url = new URL(previews.previews!.items[6].url, "http://localhost:3000");
  const media = await callRoute(previewMediaRoute.loader, get(url.pathname, cookie), { songId, file: "preview-g.mp3" });
  expect(media.status).toBe(200);
  expect(media.headers.get("Content-Type")).toContain("audio/mpeg");
  const stranger = await createSession(database().db, (await createUser(database().db)).id);
  expect((await callRoute(previewMediaRoute.loader, get(url.pathname, stranger.cookie), { songId, file: "preview-g.mp3" })).status).toBe(404);

  // Deleting the previews frees the sample.
  expect((await api.deletePreview(songId, cookie)).status).toBe(204);
  expect((await tracked(songId, cookie)).files).toEqual([]);
  expect((await api.preview(songId, cookie)).status).toBe(202);
});

test("a preset is chosen from ready previews; the master needs a paid purchase, then plays in place of the song", async () => {
  const { user, cookie, songId } = await ownerWithSong();
  // ERROR_PRESET_SELECTION: nothing to choose from yet.
  const early = await api.select(songId, "g", cookie);
  expect(early.status).toBe(409);
  expect((await errorOf(early)).code).toBe("ERROR_PRESET_SELECTION");
  await withPreviews(songId, cookie);
  expect((await api.select(songId, "z", cookie)).status).toBe(400);
  const chosen = await api.select(songId, "g", cookie);
  expect(chosen.status).toBe(200);
  expect(await chosen.json()).toMatchObject({ preset: "g", targetLufs: -14 });
  const afterChoice = await tracked(songId, cookie);
  expect(afterChoice.files.find((file) => file.type === "dolby_master")!.status).toBe("waiting");
  expect(afterChoice.poll).toBe(false);

  // ERROR_PROCESSING: no paid purchase (a pending one does not count).
  await database().db.insert(masteringPurchases).values({ songId, userId: user.id, preset: "g", amountCents: 999, providerReference: `cs_pending_${songId}` });
  const unpaid = await api.master(songId, cookie);
  expect(unpaid.status).toBe(402);
  expect((await errorOf(unpaid)).code).toBe("ERROR_PROCESSING");
  expect((await markMasteringPaid(`cs_pending_${songId}`))!.status).toBe("paid");

  const started = await api.master(songId, cookie);
  expect(started.status).toBe(202);
  expect(await started.json()).toEqual({ status: "queued" });
  expect((await tracked(songId, cookie)).poll).toBe(true);
  await masterFullJob.handle(job({ songId }, 0));
  const done = await tracked(songId, cookie);
  const master = done.files.find((file) => file.type === "dolby_master")!;
  expect(done.poll).toBe(false);
  expect(master.status).toBe("ready");
  expect(master.metadata).toMatchObject({ preset: "g", targetLufs: -14 });
  const after = master.metadata.after as { lufs: number; truePeakDb: number };
  expect(Math.abs(after.lufs - -14)).toBeLessThanOrEqual(0.5);
  expect(after.truePeakDb).toBeLessThanOrEqual(-1);
  expect((await findSong(songId))!.masteredAt).not.toBeNull();
  // Same version, new sound: a new audio URL, so no cache serves the unmastered file for it.
  expect(songAudioUrl((await findSong(songId))!)).toMatch(/\?v=1&m=\d+$/);
  expect(await (await api.inSync(songId, cookie)).json()).toEqual({ mastered: true, inSync: true, masteredVersion: 1, songVersion: 1 });

  // The song's MP3 is now the master's.
  const [masterRow] = await database().db.select().from(masteringFiles).where(and(eq(masteringFiles.songId, songId), eq(masteringFiles.type, "dolby_master")));
  const { mp3Key } = masterRow.metadata as { mp3Key: string };
  const played = await callRoute(songMediaRoute.loader, get(`/media/songs/${songId}/song.mp3`, cookie), { songId, file: "song.mp3" });
  expect(Buffer.from(await played.arrayBuffer()).equals(Buffer.from((await storage.get(mp3Key))!))).toBe(true);

  // A copy is not mastered; an edit of the (free user's, so editable) song puts the master out of sync,
  // and the song plays its own new version again.
  const copy = await copySong(user, (await findSong(songId))!);
  expect(await (await api.inSync(copy.id, cookie)).json()).toMatchObject({ mastered: false, inSync: false });
  await editProduction(copy, { mix: "underwater" });
  await renderSongVersion(copy.id, 2);
  expect(await (await api.inSync(copy.id, cookie)).json()).toMatchObject({ mastered: false, inSync: false, songVersion: 2 });
  await editProduction((await findSong(songId))!, { mix: "underwater" });
  await renderSongVersion(songId, 2);
  expect(await (await api.inSync(songId, cookie)).json()).toEqual({ mastered: true, inSync: false, masteredVersion: 1, songVersion: 2 });
  const ownAgain = await callRoute(songMediaRoute.loader, get(`/media/songs/${songId}/song.mp3`, cookie), { songId, file: "song.mp3" });
  const current = (await findSong(songId))!;
  expect(Buffer.from(await ownAgain.arrayBuffer()).equals(Buffer.from((await storage.get(current.media!.mp3))!))).toBe(true);

  // DELETE removes the master.
  expect((await api.deleteMaster(songId, cookie)).status).toBe(204);
  expect((await findSong(songId))!.masteredAt).toBeNull();
  expect((await api.deleteMaster(songId, cookie)).status).toBe(404);
});

test("each failure path produces its error code, and the poll stops on a failure", async () => {
  const { user, cookie, songId } = await ownerWithSong();
  // ERROR_LOADING_PREVIEW: the WAV export failed (it is asked for again).
  await database().db.update(songs).set({ wavStatus: "error" }).where(eq(songs.id, songId));
  const failedWav = await api.preview(songId, cookie);
  expect(failedWav.status).toBe(502);
  expect((await errorOf(failedWav)).code).toBe("ERROR_LOADING_PREVIEW");
  expect((await findSong(songId))!.wavStatus).toBe("fetching");
  await exportSongWav(songId);

  // ERROR_LOADING_PREVIEW_UNRECOVERABLE: the previews job fails on its last attempt (the WAV is gone).
  expect((await api.preview(songId, cookie)).status).toBe(202);
  const song = (await findSong(songId))!;
  const wav = await storage.get(song.wavKey!);
  await storage.delete(song.wavKey!);
  await expect(masterPreviewJob.handle(job({ songId }, queues["master.preview"].retryLimit))).rejects.toThrow(/missing/);
  const failed = await tracked(songId, cookie);
  expect(failed.poll).toBe(false);
  expect(failed.files[0]).toMatchObject({ status: "failed", errorCode: "ERROR_LOADING_PREVIEW_UNRECOVERABLE" });
  await storage.put(song.wavKey!, wav!);
  // A failed sample is replaced by a new request.
  expect((await api.preview(songId, cookie)).status).toBe(202);
  await renderMasteringPreviews(songId);
  expect((await api.select(songId, "n", cookie)).status).toBe(200);

  // ERROR_PROCESSING_UNRECOVERABLE: the master job fails on its last attempt.
  await pay(songId, user.id);
  expect((await api.master(songId, cookie)).status).toBe(202);
  const media = (await findSong(songId))!.media!;
  const songWav = await storage.get(media.wav);
  await storage.delete(media.wav);
  await expect(masterFullJob.handle(job({ songId }, queues["master.full"].retryLimit))).rejects.toThrow(/missing/);
  const masterFailed = await tracked(songId, cookie);
  expect(masterFailed.poll).toBe(false);
  expect(masterFailed.files.find((file) => file.type === "dolby_master")).toMatchObject({ status: "failed", errorCode: "ERROR_PROCESSING_UNRECOVERABLE" });
  await storage.put(media.wav, songWav!);
  // Started again, it completes.
  expect((await api.master(songId, cookie)).status).toBe(202);
  await renderMaster(songId);
  expect((await tracked(songId, cookie)).files.find((file) => file.type === "dolby_master")!.status).toBe("ready");

  // ERROR_LOADING_PRODUCT: mastering not on sale (no price).
  expect(() => masteringProduct(0)).toThrow(expect.objectContaining({ code: "ERROR_LOADING_PRODUCT", status: 503 }));
  const product = await api.product(cookie);
  expect(product.status).toBe(200);
  expect((await product.json()).product).toMatchObject({ id: "dolby", amountCents: 999, price: "$9.99", refundable: false });
  const presets = (await (await api.presets(cookie)).json()) as { presets: { letter: string; name: string }[]; platforms: { id: string; targetLufs: number }[] };
  expect(presets.presets.map((preset) => preset.name)).toEqual(["Bubbly", "Oasis", "Bouncy", "Thump", "Rumble", "Ambiance", "Crystal", "Electric", "Balance", "Skyscraper", "Hilltop", "Lift", "Shimmer", "Subtle"]);
  expect(presets.platforms.find((platform) => platform.id === "apple_music")!.targetLufs).toBe(-16);
});

test("every mastering route and API is for the song's verified owner only", async () => {
  const { songId } = await ownerWithSong();
  const unverified = await ownerWithSong({ verified: false });
  const other = await createSession(database().db, (await createUser(database().db)).id);
  const calls: [string, (id: string, cookie?: string) => Promise<Response>][] = [
    ["POST preview", (id, c) => api.preview(id, c)],
    ["DELETE preview", (id, c) => api.deletePreview(id, c)],
    ["GET track", (id, c) => api.track(id, c)],
    ["POST select_preset", (id, c) => api.select(id, "a", c)],
    ["POST master", (id, c) => api.master(id, c)],
    ["DELETE master", (id, c) => api.deleteMaster(id, c)],
    ["GET is_in_sync", (id, c) => api.inSync(id, c)],
  ];
  for (const [name, call] of calls) {
    expect((await call(songId)).status, `${name} signed out`).toBe(401);
    expect((await call(unverified.songId, unverified.cookie)).status, `${name} unverified`).toBe(403);
    expect((await call(songId, other.cookie)).status, `${name} someone else's song`).toBe(404);
  }
  for (const call of [api.product, api.presets]) {
    expect((await call()).status).toBe(401);
    expect((await call(unverified.cookie)).status).toBe(403);
  }
  // The page: sign-in, verification, and someone else's song goes to its share page.
  const page = (cookie?: string) => callRoute(pageRoute.loader, get(`/master/${songId}`, cookie), { songId });
  expect((await page()).headers.get("Location")).toMatch(/^\/sign-in/);
  expect((await callRoute(pageRoute.loader, get(`/master/${unverified.songId}`, unverified.cookie), { songId: unverified.songId })).headers.get("Location")).toBe("/verify");
  expect((await page(other.cookie)).headers.get("Location")).toBe(`/s/${songId}`);
  const formPost = (cookie: string) => callRoute(pageRoute.action, post(`/master/${songId}`, { intent: "master" }, cookie), { songId });
  expect((await formPost(other.cookie)).headers.get("Location")).toBe(`/s/${songId}`);
  expect((await callRoute(previewMediaRoute.loader, get(`/media/songs/${songId}/mastering/original.mp3`, other.cookie), { songId, file: "original.mp3" })).status).toBe(404);
});
