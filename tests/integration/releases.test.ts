// Releases end to end through the page routes' loaders and actions (real Requests, real sessions, real
// Postgres): created on first save, restricted artist names, tracks within songsPerRelease, the review,
// submitting within the release and monthly limits, locks, legal moves only, and ownership everywhere.
import "../support/http-env";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { releases, subscriptions } from "#drizzle/schema/index";
import * as createRoute from "~/routes/release.create";
import * as editRoute from "~/routes/release.$releaseId.edit._index";
import * as songsRoute from "~/routes/release.$releaseId.edit.songs";
import * as submitRoute from "~/routes/release.$releaseId.edit.submit";
import * as infoRoute from "~/routes/release.$releaseId._index";
import { FLAG_CACHE_MS, setFlag } from "~/server/flags.server";
import { LocalDiskStorage, useStorage } from "~/server/storage.server";
import { SONGS_PER_RELEASE_MESSAGE, setReleaseCoverArt } from "~/services/releases/index.server";
import { callRoute, createSession, createUser, get, post } from "../support/auth";
import { setupTestDatabase } from "../support/database";
import { insertCoverArt, insertSavedSong } from "../support/releases";

const database = setupTestDatabase("postgres");

beforeAll(() => {
  useStorage(new LocalDiskStorage(mkdtempSync(path.join(os.tmpdir(), "songloom-releases-"))));
});

async function signedIn() {
  const user = await createUser(database().db, { termsAccepted: true });
  return { user, cookie: (await createSession(database().db, user.id)).cookie };
}

const FIELDS = { title: "Night Drive", artistName: "Loomer", genre: "electronic", language: "en", explicit: "clean", coverArtCreditName: "", coverArtCreditUrl: "" };

async function createRelease(cookie: string, fields: Record<string, string> = FIELDS): Promise<string> {
  const response = await callRoute(createRoute.action, post("/release/create", fields, cookie));
  expect(response.status).toBe(302);
  const location = response.headers.get("Location")!;
  const id = /^\/release\/([a-z0-9]+)\/edit/.exec(location)?.[1];
  expect(id).toBeTruthy();
  return id!;
}

async function addSongs(cookie: string, releaseId: string, songIds: string[]): Promise<Response[]> {
  const answers: Response[] = [];
  for (const songId of songIds) answers.push(await callRoute(songsRoute.action, post(`/release/${releaseId}/edit/songs`, { intent: "add", songId }, cookie), { releaseId }));
  return answers;
}

/** A draft with three songs and a cover, ready to submit. */
async function readyRelease(owner: { user: { id: string }; cookie: string }): Promise<string> {
  const releaseId = await createRelease(owner.cookie);
  const songs = [await insertSavedSong(database().db, owner.user.id), await insertSavedSong(database().db, owner.user.id)];
  await addSongs(owner.cookie, releaseId, songs);
  await setReleaseCoverArt(owner.user, releaseId, await insertCoverArt(database().db, owner.user.id));
  return releaseId;
}

const submit = (cookie: string, releaseId: string) => callRoute(submitRoute.action, post(`/release/${releaseId}/edit/submit`, {}, cookie), { releaseId });

test("the first save creates the release; the form refuses bad fields per field and restricted artist names", async () => {
  const owner = await signedIn();
  const releaseId = await createRelease(owner.cookie);
  const [row] = await database().db.select().from(releases).where(eq(releases.id, releaseId));
  expect(row).toMatchObject({ title: "Night Drive", artistName: "Loomer", genre: "electronic", language: "en", explicit: 0, status: null, userId: owner.user.id });

  const bad = await callRoute(createRoute.action, post("/release/create", { ...FIELDS, title: " ", genre: "polka-core", coverArtCreditUrl: "not a link" }, owner.cookie));
  expect(bad.status).toBe(400);
  const body = await bad.json();
  expect(body.errors.title).toEqual(["The title is required."]);
  expect(body.errors.genre).toEqual(["Choose a genre from the list."]);
  expect(body.errors.coverArtCreditUrl).toEqual(["Enter a web address starting with http:// or https://."]);
  expect(body.values.title).toBe(" ");
  const noLyrics = await callRoute(createRoute.action, post("/release/create", { ...FIELDS, explicit: "no_lyrics" }, owner.cookie));
  expect((await noLyrics.json()).errors.explicit).toEqual(["A release with lyrics is Explicit or Clean."]);

  for (const [name, reason] of [["meditation", /generic word/], ["  Taylor   Swift ", /well-known artist/]] as const) {
    const refused = await callRoute(editRoute.action, post(`/release/${releaseId}/edit`, { ...FIELDS, artistName: name }, owner.cookie), { releaseId });
    expect(refused.status).toBe(400);
    expect((await refused.json()).errors.artistName[0]).toMatch(reason);
  }

  // Language None means No Lyrics, whatever was ticked.
  await callRoute(editRoute.action, post(`/release/${releaseId}/edit`, { ...FIELDS, language: "", explicit: "explicit" }, owner.cookie), { releaseId });
  const [none] = await database().db.select().from(releases).where(eq(releases.id, releaseId));
  expect(none).toMatchObject({ language: null, explicit: null });
});

test("tracks: saved, unlocked songs in order, at most three, one live release per song", async () => {
  const owner = await signedIn();
  const releaseId = await createRelease(owner.cookie);
  const songIds = await Promise.all([1, 2, 3, 4].map(() => insertSavedSong(database().db, owner.user.id)));
  const answers = await addSongs(owner.cookie, releaseId, songIds);
  expect(answers.slice(0, 3).map((answer) => answer.status)).toEqual([302, 302, 302]);
  expect(answers[3].status).toBe(400);
  expect((await answers[3].json()).error).toBe(SONGS_PER_RELEASE_MESSAGE);

  const move = await callRoute(songsRoute.action, post(`/release/${releaseId}/edit/songs`, { intent: "up", songId: songIds[2] }, owner.cookie), { releaseId });
  expect(move.status).toBe(302);
  const page = await (await callRoute(songsRoute.loader, get(`/release/${releaseId}/edit/songs`, owner.cookie), { releaseId })).json();
  expect(page.tracks.map((track: { id: string }) => track.id)).toEqual([songIds[0], songIds[2], songIds[1]]);

  const locked = await insertSavedSong(database().db, owner.user.id, { locked: true });
  const other = await createRelease(owner.cookie);
  const [lockedAnswer, takenAnswer] = await addSongs(owner.cookie, other, [locked, songIds[0]]);
  expect((await lockedAnswer.json()).error).toBe("A locked song cannot be released. Upgrade your plan to unlock it.");
  expect((await takenAnswer.json()).error).toMatch(/already on another release/);
  const unsaved = await insertSavedSong(database().db, owner.user.id, { saved: false });
  expect((await (await addSongs(owner.cookie, other, [unsaved]))[0].json()).error).toMatch(/Save this song/);
});

test("submit: the review names what is missing, then Submitted shows on the release page; a second release meets the free plan's limit", async () => {
  const owner = await signedIn();
  const releaseId = await createRelease(owner.cookie);
  const missing = await submit(owner.cookie, releaseId);
  expect(missing.status).toBe(400);
  expect((await missing.json()).error).toMatch(/Album Art Required.*Add at least one song/);
  const review = await (await callRoute(submitRoute.loader, get(`/release/${releaseId}/edit/submit`, owner.cookie), { releaseId })).json();
  expect(review.problems.coverArt).toEqual(["Album Art Required"]);

  await addSongs(owner.cookie, releaseId, [await insertSavedSong(database().db, owner.user.id)]);
  await setReleaseCoverArt(owner.user, releaseId, await insertCoverArt(database().db, owner.user.id));
  const done = await submit(owner.cookie, releaseId);
  expect(done.status).toBe(302);
  expect(done.headers.get("Location")).toBe(`/release/${releaseId}?submitted=1`);
  const info = await (await callRoute(infoRoute.loader, get(`/release/${releaseId}`, owner.cookie), { releaseId })).json();
  expect(info.release.statusLabel).toBe("Submitted");
  expect(info.editable).toBe(false);

  // Submitted releases cannot be edited, submitted again, archived or taken down from the user's side.
  const edit = await callRoute(editRoute.loader, get(`/release/${releaseId}/edit`, owner.cookie), { releaseId });
  expect(edit.headers.get("Location")).toBe(`/release/${releaseId}`);
  expect((await submit(owner.cookie, releaseId)).status).toBe(409);
  const takedown = await callRoute(infoRoute.action, post(`/release/${releaseId}`, { intent: "takedown" }, owner.cookie), { releaseId });
  expect(takedown.status).toBe(409);
  expect((await takedown.json()).error).toBe("A release that is Submitted cannot become Pending Removal.");
  expect((await callRoute(infoRoute.action, post(`/release/${releaseId}`, { intent: "archive" }, owner.cookie), { releaseId })).status).toBe(409);

  const second = await readyRelease(owner);
  const refused = await submit(owner.cookie, second);
  expect(refused.status).toBe(403);
  expect((await refused.json()).error).toMatch(/^You have reached your release limit of 1\./);
});

test("the monthly limit refuses submissions only while enable_monthly_release_limit is on", async () => {
  const owner = await signedIn();
  await database().db.insert(subscriptions).values({ userId: owner.user.id, productId: 1, currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000) });
  for (let index = 0; index < 4; index++) expect((await submit(owner.cookie, await readyRelease(owner))).status).toBe(302);
  const fifth = await readyRelease(owner);
  const refused = await submit(owner.cookie, fifth);
  expect(refused.status).toBe(403);
  expect((await refused.json()).error).toMatch(/^You have reached your monthly release limit of 4\. You can submit again on /);
  await setFlag("enable_monthly_release_limit", false);
  try {
    await new Promise((resolve) => setTimeout(resolve, FLAG_CACHE_MS + 100));
    expect((await submit(owner.cookie, fifth)).status).toBe(302);
  } finally {
    await setFlag("enable_monthly_release_limit", true);
  }
}, 30_000);

test("another user's release is not found on every page and action; signed-out users go to sign in", async () => {
  const owner = await signedIn();
  const stranger = await signedIn();
  const releaseId = await readyRelease(owner);
  const params = { releaseId };
  const songId = await insertSavedSong(database().db, stranger.user.id);
  const attempts: [string, Promise<Response>][] = [
    ["edit loader", callRoute(editRoute.loader, get(`/release/${releaseId}/edit`, stranger.cookie), params)],
    ["edit action", callRoute(editRoute.action, post(`/release/${releaseId}/edit`, FIELDS, stranger.cookie), params)],
    ["songs loader", callRoute(songsRoute.loader, get(`/release/${releaseId}/edit/songs`, stranger.cookie), params)],
    ["songs action", callRoute(songsRoute.action, post(`/release/${releaseId}/edit/songs`, { intent: "add", songId }, stranger.cookie), params)],
    ["submit loader", callRoute(submitRoute.loader, get(`/release/${releaseId}/edit/submit`, stranger.cookie), params)],
    ["submit action", callRoute(submitRoute.action, post(`/release/${releaseId}/edit/submit`, {}, stranger.cookie), params)],
    ["info loader", callRoute(infoRoute.loader, get(`/release/${releaseId}`, stranger.cookie), params)],
    ["info action", callRoute(infoRoute.action, post(`/release/${releaseId}`, { intent: "archive" }, stranger.cookie), params)],
  ];
  for (const [name, attempt] of attempts) expect([name, (await attempt).status]).toEqual([name, 404]);
  const [row] = await database().db.select().from(releases).where(eq(releases.id, releaseId));
  expect(row).toMatchObject({ title: "Night Drive", status: null, archivedAt: null });
  const signedOut = await callRoute(editRoute.loader, get(`/release/${releaseId}/edit`), params);
  expect(signedOut.status).toBe(302);
  expect(signedOut.headers.get("Location")).toMatch(/^\/sign-in\?redirectFrom=/);
  // Not verified-only (spec 2 §2): an unverified user can build a release.
  const unverified = await createUser(database().db, { verified: false, termsAccepted: true });
  const { cookie } = await createSession(database().db, unverified.id);
  expect((await callRoute(createRoute.loader, get("/release/create", cookie))).status).toBe(200);
});
