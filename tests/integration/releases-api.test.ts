// The release API (spec 2 §7) through its resource routes' functions with real Requests on Postgres: a
// release built and submitted over JSON, limits, the download zip, the OpenAPI document, and ownership:
// another user gets 404 from every release call and nothing changes.
import "../support/http-env";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { unzipSync, strFromU8 } from "fflate";
import { releases, songs, subscriptions } from "#drizzle/schema/index";
import * as albumCreate from "~/routes/api.album._index";
import * as album from "~/routes/api.album.$id";
import * as albumSongs from "~/routes/api.album.$id.songs";
import * as albumStats from "~/routes/api.album.$id.stats";
import * as albumSubmit from "~/routes/api.album.$id.submit";
import * as releaseSongs from "~/routes/api.release.$id.songs";
import * as releaseDownload from "~/routes/api.release.$id.download";
import * as releaseArchive from "~/routes/api.release.$id.archive";
import * as releaseTakedown from "~/routes/api.release.$id.takedown";
import * as userAlbums from "~/routes/api.user.albums";
import * as releasesLimit from "~/routes/api.user.releases.limit";
import * as limitsReleases from "~/routes/api.user.limits.releases";
import * as artists from "~/routes/api.artists";
import * as genres from "~/routes/api.provider_genres";
import * as languages from "~/routes/api.provider_languages";
import "~/routes/api.featured.releases.active";
import "~/routes/api.user.total_streams";
import "~/routes/api.prompt_cover_art._index";
import "~/routes/api.prompt_cover_art.previous";
import "~/routes/api.cover_art";
import { buildOpenApiDocument } from "~/server/openapi.server";
import { getStorage, LocalDiskStorage, useStorage } from "~/server/storage.server";
import { SONGS_PER_RELEASE_MESSAGE, setReleaseCoverArt } from "~/services/releases/index.server";
import { createSession, createUser } from "../support/auth";
import { setupTestDatabase } from "../support/database";
import { insertCoverArt, insertSavedSong } from "../support/releases";

const database = setupTestDatabase("postgres");
const APP = "http://localhost:3000";

beforeAll(() => {
  useStorage(new LocalDiskStorage(mkdtempSync(path.join(os.tmpdir(), "songloom-releases-api-"))));
});

type Handler = (args: { request: Request; params: Record<string, string>; context: Record<string, never> }) => Promise<Response>;
async function call(handler: Handler, method: string, url: string, cookie: string, params: Record<string, string> = {}, body?: unknown): Promise<Response> {
  const request = new Request(`${APP}${url}`, { method, headers: { Cookie: cookie, ...(body !== undefined && { "Content-Type": "application/json" }) }, body: body === undefined ? undefined : JSON.stringify(body) });
  return handler({ request, params, context: {} });
}

async function signedIn() {
  const user = await createUser(database().db, { termsAccepted: true });
  return { user, cookie: (await createSession(database().db, user.id)).cookie };
}

const FIELDS = { title: "Harbor Lights", artistName: "Loomer", genre: "ambient", language: "en", explicit: 0 };

test("create, set tracks, submit over JSON; limits follow", async () => {
  const owner = await signedIn();
  const created = await call(albumCreate.action as Handler, "POST", "/api/album", owner.cookie, {}, FIELDS);
  expect(created.status).toBe(201);
  const { album: made } = await created.json();
  expect(made).toMatchObject({ title: "Harbor Lights", albumTitle: "Harbor Lights", status: null, releaseStatus: "Draft", explicit: 0, language: "en" });
  const id = made.id as string;
  const bad = await call(album.action as Handler, "PUT", `/api/album/${id}`, owner.cookie, { id }, { ...FIELDS, artistName: "Yoga" });
  expect(bad.status).toBe(400);
  expect((await bad.json()).error.fields.artistName[0]).toMatch(/generic word/);

  const songIds = await Promise.all([1, 2, 3, 4].map(() => insertSavedSong(database().db, owner.user.id)));
  const tooMany = await call(releaseSongs.action as Handler, "PUT", `/api/release/${id}/songs`, owner.cookie, { id }, { songs: songIds });
  expect(tooMany.status).toBe(400);
  expect((await tooMany.json()).error.fields.songs).toEqual([SONGS_PER_RELEASE_MESSAGE]);
  expect((await call(albumSongs.action as Handler, "POST", `/api/album/${id}/songs`, owner.cookie, { id }, { songIds: songIds.slice(0, 2) })).status).toBe(200);
  const reordered = await call(releaseSongs.action as Handler, "PATCH", `/api/release/${id}/songs`, owner.cookie, { id }, { songs: [{ id: songIds[1] }, songIds[0], songIds[2]] });
  expect((await reordered.json()).songs.map((song: { id: string }) => song.id)).toEqual([songIds[1], songIds[0], songIds[2]]);

  const notReady = await call(albumSubmit.action as Handler, "POST", `/api/album/${id}/submit`, owner.cookie, { id });
  expect(notReady.status).toBe(400);
  expect((await notReady.json()).error.fields.coverArt).toEqual(["Album Art Required"]);
  await setReleaseCoverArt(owner.user, id, await insertCoverArt(database().db, owner.user.id));
  const before = await (await call(releasesLimit.loader as Handler, "GET", "/api/user/releases/limit", owner.cookie)).json();
  expect(before).toEqual({ release_limit: 1, songs_per_release: 3, monetized_releases: 0, remaining_monthly_releases: 1, can_submit_new_release: true });
  const submitted = await call(albumSubmit.action as Handler, "POST", `/api/album/${id}/submit`, owner.cookie, { id });
  expect(submitted.status).toBe(200);
  const answer = await submitted.json();
  expect(answer.album).toMatchObject({ status: 0, releaseStatus: "Submitted" });
  expect(answer.limits).toMatchObject({ releaseLimit: 1, remainingReleases: 0, monthlyReleaseLimitReached: true, canSubmitNewRelease: false });
  const limits = await (await call(limitsReleases.loader as Handler, "GET", "/api/user/limits/releases", owner.cookie)).json();
  expect(limits).toMatchObject({ monetizedReleases: 1, monthlyReleaseLimit: 1 });

  const list = await (await call(userAlbums.loader as Handler, "GET", "/api/user/albums?query=harbor&perPage=5", owner.cookie)).json();
  expect(list).toMatchObject({ total: 1, page: 1, perPage: 5 });
  expect(list.albums[0]).toMatchObject({ id, releaseStatus: "Submitted" });
  const none = await (await call(userAlbums.loader as Handler, "GET", "/api/user/albums?query=nothing", owner.cookie)).json();
  expect(none.total).toBe(0);
  const stats = await (await call(albumStats.loader as Handler, "GET", `/api/album/${id}/stats?start_date=2026-01-01&end_date=2026-01-03`, owner.cookie, { id })).json();
  expect(stats).toEqual({ startDate: "2026-01-01", endDate: "2026-01-03", streams: 0, days: [{ date: "2026-01-01", streams: 0 }, { date: "2026-01-02", streams: 0 }, { date: "2026-01-03", streams: 0 }] });
  expect((await call(albumStats.loader as Handler, "GET", `/api/album/${id}/stats?start_date=2018-12-31`, owner.cookie, { id })).status).toBe(400);
});

test("another user's release is a 404 on every call, and nothing changes", async () => {
  const owner = await signedIn();
  const stranger = await signedIn();
  const [release] = await database().db.insert(releases).values({ userId: owner.user.id, title: "Mine", artistName: "Owner" }).returning();
  const id = release.id;
  const songId = await insertSavedSong(database().db, stranger.user.id);
  const calls: [string, Promise<Response>][] = [
    ["GET album", call(album.loader as Handler, "GET", `/api/album/${id}`, stranger.cookie, { id })],
    ["PUT album", call(album.action as Handler, "PUT", `/api/album/${id}`, stranger.cookie, { id }, FIELDS)],
    ["GET songs", call(albumSongs.loader as Handler, "GET", `/api/album/${id}/songs`, stranger.cookie, { id })],
    ["POST songs", call(albumSongs.action as Handler, "POST", `/api/album/${id}/songs`, stranger.cookie, { id }, { songIds: [songId] })],
    ["GET stats", call(albumStats.loader as Handler, "GET", `/api/album/${id}/stats`, stranger.cookie, { id })],
    ["submit", call(albumSubmit.action as Handler, "POST", `/api/album/${id}/submit`, stranger.cookie, { id })],
    ["PATCH songs", call(releaseSongs.action as Handler, "PATCH", `/api/release/${id}/songs`, stranger.cookie, { id }, { songs: [songId] })],
    ["PUT songs", call(releaseSongs.action as Handler, "PUT", `/api/release/${id}/songs`, stranger.cookie, { id }, { songs: [songId] })],
    ["download", call(releaseDownload.loader as Handler, "GET", `/api/release/${id}/download`, stranger.cookie, { id })],
    ["archive", call(releaseArchive.action as Handler, "POST", `/api/release/${id}/archive`, stranger.cookie, { id })],
    ["takedown", call(releaseTakedown.action as Handler, "POST", `/api/release/${id}/takedown`, stranger.cookie, { id })],
  ];
  for (const [name, answer] of calls) {
    const response = await answer;
    expect([name, response.status]).toEqual([name, 404]);
    expect(JSON.stringify(await response.json())).not.toContain("Mine");
  }
  const [after] = await database().db.select().from(releases).where(eq(releases.id, id));
  expect(after).toMatchObject({ title: "Mine", archivedAt: null, status: null });
  const signedOut = await call(album.loader as Handler, "GET", `/api/album/${id}`, "", { id });
  expect(signedOut.status).toBe(401);
  const theirList = await (await call(userAlbums.loader as Handler, "GET", "/api/user/albums", stranger.cookie)).json();
  expect(theirList.total).toBe(0);
});

test("download: a zip of the WAVs, the cover and a metadata sheet, for plans with WAV downloads", async () => {
  const owner = await signedIn();
  const songId = await insertSavedSong(database().db, owner.user.id, { name: "Fog" });
  const storage = getStorage();
  await storage.put(`songs/${songId}/song.wav`, new Uint8Array([82, 73, 70, 70, 1, 2, 3]));
  await database().db.update(songs).set({ media: { mp3: "x", wav: `songs/${songId}/song.wav`, midi: "x", peaks: "x", description: "x" } }).where(eq(songs.id, songId));
  const coverId = await insertCoverArt(database().db, owner.user.id);
  await storage.put("x/f.jpg", new Uint8Array([255, 216, 255]));
  const [release] = await database().db.insert(releases).values({ userId: owner.user.id, title: "Fog Album", artistName: "Loomer", coverArtId: coverId }).returning();
  await call(releaseSongs.action as Handler, "PUT", `/api/release/${release.id}/songs`, owner.cookie, { id: release.id }, { songs: [songId] });
  const free = await call(releaseDownload.loader as Handler, "GET", `/api/release/${release.id}/download`, owner.cookie, { id: release.id });
  expect(free.status).toBe(403);
  await database().db.insert(subscriptions).values({ userId: owner.user.id, productId: 1, currentPeriodEnd: new Date(Date.now() + 86_400_000) });
  const response = await call(releaseDownload.loader as Handler, "GET", `/api/release/${release.id}/download`, owner.cookie, { id: release.id });
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("application/zip");
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
  expect(Object.keys(files).sort()).toEqual(["01 Fog.wav", "cover.jpg", "release.txt"]);
  expect([...files["01 Fog.wav"]]).toEqual([82, 73, 70, 70, 1, 2, 3]);
  expect(strFromU8(files["release.txt"])).toContain("Title: Fog Album\nArtist: Loomer");
});

test("artists, genres and languages", async () => {
  const owner = await signedIn();
  await database().db.insert(releases).values({ userId: owner.user.id, title: "X", artistName: "Night Loomer" });
  const lookup = async (name: string) => (await call(artists.loader as Handler, "GET", `/api/artists?artistName=${encodeURIComponent(name)}`, owner.cookie)).json();
  expect(await lookup("night  loomer")).toEqual({ exists: true, exact_match: false, restricted: false, message: null });
  expect(await lookup("Night Loomer")).toMatchObject({ exists: true, exact_match: true });
  expect(await lookup("Meditation")).toMatchObject({ exists: false, restricted: true });
  const genreList = await (await call(genres.loader as Handler, "GET", "/api/provider_genres", "")).json();
  expect(genreList.default).toBe("alt");
  expect(genreList.genres.map((genre: { name: string }) => genre.name)).toEqual(expect.arrayContaining(["Alternative", "Hip-Hop/Rap", "R&B/Soul", "Singer/Songwriter"]));
  const languageList = await (await call(languages.loader as Handler, "GET", "/api/provider_languages", "")).json();
  expect(languageList.languages.length).toBe(184);
  expect(languageList.languages).toContainEqual({ code: "en", name: "English" });
});

test("every release call of spec 2 §7 is in the OpenAPI document", () => {
  const document = buildOpenApiDocument();
  const expected = [
    "get /api/user/albums", "get /api/featured/releases/active", "get /api/user/limits/releases", "get /api/album/{id}", "get /api/album/{id}/songs",
    "get /api/album/{id}/stats", "get /api/user/total_streams", "post /api/album", "put /api/album/{id}", "post /api/album/{id}/songs",
    "post /api/album/{id}/submit", "patch /api/release/{id}/songs", "put /api/release/{id}/songs", "get /api/release/{id}/download",
    "post /api/release/{id}/archive", "post /api/release/{id}/takedown", "post /api/prompt_cover_art", "get /api/prompt_cover_art/previous",
    "get /api/artists", "get /api/provider_genres", "get /api/provider_languages", "get /api/user/releases/limit", "post /api/cover_art",
  ];
  const present = Object.entries(document.paths).flatMap(([url, methods]) => Object.keys(methods).map((method) => `${method} ${url}`));
  expect(present).toEqual(expect.arrayContaining(expected));
});
