// The library (spec 2 §2, §4, §7, §9) and public tag lists (spec 3 §2) on Postgres, through the routes'
// functions with real Requests: paging and search that keep their query strings, the empty text, the
// releases tab, locks, archiving, a song's releases, the song limit, onboarding, tag pages and Home tracks;
// another user's songs are 404.
import "../support/http-env";
import { eq, sql } from "drizzle-orm";
import { compositions, featuredReleases, labsAccess, productions, releases, releaseSongs, songs, songVersions, tags, userOnboarding } from "#drizzle/schema/index";
import * as libraryRoute from "~/routes/library";
import * as tagRoute from "~/routes/tag.$tagId";
import * as archiveApi from "~/routes/api.song.archive.$id";
import * as songReleasesApi from "~/routes/api.song.$id.releases";
import * as songsLimitApi from "~/routes/api.user.songs.limit";
import * as onboardingApi from "~/routes/api.user.onboarding";
import * as editOptionsPage from "~/routes/edit.$songId._index";
import * as homepageApi from "~/routes/api.homepage_tracks";
import * as byTagApi from "~/routes/api.search.songs.by_tag";
import * as searchApi from "~/routes/api.search.songs._index";
import { callRoute, createSession, createUser, get, post } from "../support/auth";
import { setupTestDatabase } from "../support/database";
import { insertSavedSong } from "../support/releases";

const database = setupTestDatabase("postgres");

type Handler = Parameters<typeof callRoute>[0];

async function signedIn() {
  const user = await createUser(database().db, { termsAccepted: true });
  return { user, cookie: (await createSession(database().db, user.id)).cookie };
}

const MEDIA = { mp3: "m.mp3", wav: "m.wav", midi: "m.mid", peaks: "p.json", description: "d.json" };

async function library(cookie: string, query: string) {
  const response = await callRoute(libraryRoute.loader as Handler, get(`/library${query}`, cookie));
  expect(response.status).toBe(200);
  return response.json();
}

test("songs: 15 a page by default, itemsPerPage (10/15/25/50), search and one tag; nothing found is an empty page", async () => {
  const owner = await signedIn();
  for (let index = 0; index < 18; index++) await insertSavedSong(database().db, owner.user.id, { name: index % 3 === 0 ? `Rain ${index}` : `Sun ${index}`, tags: index % 2 === 0 ? ["Lo Fi"] : [] });
  const first = await library(owner.cookie, "");
  expect(first).toMatchObject({ tab: "songs", page: 1, itemsPerPage: 15 });
  expect(first.songs.items).toHaveLength(15);
  expect(first.songs.total).toBe(18);
  const second = await library(owner.cookie, "?page=2&itemsPerPage=10");
  expect(second.songs.items).toHaveLength(8);
  const rain = await library(owner.cookie, "?query=rain&itemsPerPage=25");
  expect(rain.songs.total).toBe(6);
  expect(rain.songs.items.every((song: { songName: string }) => song.songName.startsWith("Rain"))).toBe(true);
  const tagged = await library(owner.cookie, "?tag=lo%20fi");
  expect(tagged.songs.total).toBe(9);
  // An unknown page size falls back to the default; the rendered links keep the other parameters.
  expect((await library(owner.cookie, "?itemsPerPage=7")).itemsPerPage).toBe(15);

  const searched = await (await callRoute(searchApi.loader as Handler, get("/api/search/songs?query=rain&perPage=4", owner.cookie))).json();
  expect(searched).toMatchObject({ total: 6, page: 1, perPage: 4 });
  expect(searched.songs).toHaveLength(4);
  const stranger = await signedIn();
  expect((await (await callRoute(searchApi.loader as Handler, get("/api/search/songs?query=rain", stranger.cookie))).json()).total).toBe(0);
  const none = await library(owner.cookie, "?query=nothing-like-this");
  expect(none.songs).toEqual({ total: 0, items: [] });
});


test("a complete song's row carries the audio the player plays; a song without audio has none", async () => {
  const owner = await signedIn();
  const playable = await insertSavedSong(database().db, owner.user.id);
  const silent = await insertSavedSong(database().db, owner.user.id);
  await database().db.update(songs).set({ media: MEDIA }).where(eq(songs.id, playable));
  const rows = (await library(owner.cookie, "")).songs.items as { id: string; audioUrl: string | null }[];
  expect(rows.find((row) => row.id === playable)?.audioUrl).toBe(`/media/songs/${playable}/song.mp3?v=1`);
  expect(rows.find((row) => row.id === silent)?.audioUrl).toBeNull();
});

test("releases tab lists the user's releases with their status", async () => {
  const owner = await signedIn();
  await database().db.insert(releases).values([
    { userId: owner.user.id, title: "Draft One", artistName: "A" },
    { userId: owner.user.id, title: "Sent", artistName: "A", status: 0 },
    { userId: owner.user.id, title: "Gone", artistName: "A", archivedAt: new Date() },
  ]);
  const data = await library(owner.cookie, "?tab=releases");
  expect(data.releases.items.map((release: { title: string; status: number | null }) => [release.title, release.status]).sort()).toEqual([["Draft One", null], ["Sent", 0]]);
  expect((await library(owner.cookie, "?tab=releases&query=sent")).releases.total).toBe(1);
  expect(data.featured).toEqual([]);
  // Releases staff feature (live ones, within their dates) show on the tab too, whoever made them.
  const artist = await signedIn();
  const [live, ended] = await database()
    .db.insert(releases)
    .values([
      { userId: artist.user.id, title: "Harbor Live", artistName: "Other", status: 1 },
      { userId: artist.user.id, title: "Last Year", artistName: "Other", status: 1 },
    ])
    .returning();
  await database().db.insert(featuredReleases).values([{ releaseId: live!.id }, { releaseId: ended!.id, activeFrom: new Date(Date.now() - 86_400_000 * 30), activeUntil: new Date(Date.now() - 86_400_000) }]);
  expect((await library(owner.cookie, "?tab=releases")).featured).toEqual([{ id: live!.id, title: "Harbor Live", artistName: "Other", coverArtUrl: null }]);
  expect((await library(owner.cookie, "")).featured).toEqual([]);
});

test("archiving a song frees its place (a locked song unlocks); a song on a release stays; others' songs are 404", async () => {
  const owner = await signedIn();
  const stranger = await signedIn();
  const kept = await insertSavedSong(database().db, owner.user.id);
  const locked = await insertSavedSong(database().db, owner.user.id, { locked: true });
  const onRelease = await insertSavedSong(database().db, owner.user.id);
  const [release] = await database().db.insert(releases).values({ userId: owner.user.id, title: "R", artistName: "A" }).returning();
  await database().db.insert(releaseSongs).values({ releaseId: release.id, songId: onRelease, position: 1 });

  const archive = (id: string, cookie = owner.cookie) => callRoute(archiveApi.action as Handler, post(`/api/song/archive/${id}`, {}, cookie), { id });
  expect((await archive(kept, stranger.cookie)).status).toBe(404);
  const refused = await archive(onRelease);
  expect(refused.status).toBe(409);
  expect((await refused.json()).error.message).toMatch(/on a release/);
  expect((await archive(kept)).status).toBe(200);
  const [row] = await database().db.select().from(songs).where(eq(songs.id, kept));
  expect(row.saved).toBe(false);
  // The free plan keeps 25: with a place free the locked song unlocks.
  const [unlocked] = await database().db.select().from(songs).where(eq(songs.id, locked));
  expect(unlocked.locked).toBe(false);

  const releasesOf = await callRoute(songReleasesApi.loader as Handler, get(`/api/song/${onRelease}/releases`, owner.cookie), { id: onRelease });
  expect(await releasesOf.json()).toEqual({ releases: [{ id: release.id, title: "R", status: null, releaseStatus: "Draft" }] });
  expect((await callRoute(songReleasesApi.loader as Handler, get(`/api/song/${onRelease}/releases`, stranger.cookie), { id: onRelease })).status).toBe(404);
  const page = await library(owner.cookie, "");
  expect(page.songs.items.find((song: { id: string }) => song.id === onRelease).releases).toEqual([{ id: release.id, title: "R", status: null }]);
});

test("song limit and onboarding steps", async () => {
  const owner = await signedIn();
  const before = await (await callRoute(onboardingApi.loader as Handler, get("/api/user/onboarding", owner.cookie))).json();
  expect(before.editorTour).toBe(true);
  expect(before.steps.map((step: { key: string; isComplete: boolean }) => [step.key, step.isComplete])).toEqual([["first_song", false], ["first_save", false], ["first_edit", false], ["first_release", false]]);
  const songId = await insertSavedSong(database().db, owner.user.id);
  const locked = await insertSavedSong(database().db, owner.user.id, { locked: true });
  const after = await (await callRoute(onboardingApi.loader as Handler, get("/api/user/onboarding", owner.cookie))).json();
  // A song exists, but nothing is edited yet: the editor tour is still offered.
  expect(after.editorTour).toBe(true);
  expect(after.steps.filter((step: { isComplete: boolean }) => step.isComplete).map((step: { key: string }) => step.key)).toEqual(["first_song", "first_save"]);

  const limit = await (await callRoute(songsLimitApi.loader as Handler, get("/api/user/songs/limit", owner.cookie))).json();
  expect(limit).toEqual({ limit: 25, limit_enforced: true, remaining_monthly_downloads: 0, unlocked_songs: [songId] });
  expect(limit.unlocked_songs).not.toContain(locked);
});

test("the editor tour is offered on the edit page until the user's first edit, and hidden for good when dismissed", async () => {
  const { db } = database();
  const owner = await signedIn();
  const songId = await insertSavedSong(db, owner.user.id);
  const tourOnPage = async (cookie: string, id = songId) => (await (await callRoute(editOptionsPage.loader as Handler, get(`/edit/${id}`, cookie), { songId: id })).json()).tour;
  const tourInApi = async (cookie: string) => (await (await callRoute(onboardingApi.loader as Handler, get("/api/user/onboarding", cookie))).json()).editorTour;

  // A new user with a song, nothing edited: offered on the page and said so by the API.
  expect(await tourOnPage(owner.cookie)).toBe(true);
  expect(await tourInApi(owner.cookie)).toBe(true);
  // Not on a locked (read-only) song: there is nothing to tour there.
  const locked = await insertSavedSong(db, owner.user.id, { locked: true });
  expect(await tourOnPage(owner.cookie, locked)).toBe(false);

  // The first edit (a version row, as every completed edit writes) completes the step: no more tour.
  const edited = await signedIn();
  const editedSong = await insertSavedSong(db, edited.user.id);
  expect(await tourOnPage(edited.cookie, editedSong)).toBe(true);
  const [composition] = await db.insert(compositions).values({ id: `composition-${editedSong}`, data: {} as never }).returning({ id: compositions.id });
  const [production] = await db.insert(productions).values({ id: `production-${editedSong}`, data: {} as never }).returning({ id: productions.id });
  const [row] = await db.select().from(songs).where(eq(songs.id, editedSong));
  await db.insert(songVersions).values({ songId: editedSong, version: 2, change: "production", status: "complete", compositionId: composition.id, productionId: production.id, params: row.params, productionSeed: 1, previousVersion: 1 });
  expect(await tourOnPage(edited.cookie, editedSong)).toBe(false);
  expect(await tourInApi(edited.cookie)).toBe(false);

  // Hiding it: a plain form post (works without JavaScript) that comes back to the page, remembered.
  const stranger = await signedIn();
  const refused = await callRoute(editOptionsPage.action as Handler, post(`/edit/${songId}?index`, { intent: "dismiss_tour" }, stranger.cookie), { songId });
  // Someone else's song: the edit pages' guard sends them to its share page, and nothing is written.
  expect(refused.status).toBe(302);
  expect(refused.headers.get("location")).toBe(`/s/${songId}`);
  expect(await db.select().from(userOnboarding)).toEqual([]);
  const dismissed = await callRoute(editOptionsPage.action as Handler, post(`/edit/${songId}?index`, { intent: "dismiss_tour" }, owner.cookie), { songId });
  expect(dismissed.status).toBe(302);
  expect(dismissed.headers.get("location")).toBe(`/edit/${songId}`);
  expect(await tourOnPage(owner.cookie)).toBe(false);
  expect(await tourInApi(owner.cookie)).toBe(false);
  // Twice is harmless, and the first time is kept.
  const [first] = await db.select().from(userOnboarding).where(eq(userOnboarding.userId, owner.user.id));
  expect((await callRoute(editOptionsPage.action as Handler, post(`/edit/${songId}?index`, { intent: "dismiss_tour" }, owner.cookie), { songId })).status).toBe(302);
  const [second] = await db.select().from(userOnboarding).where(eq(userOnboarding.userId, owner.user.id));
  expect(second.editorTourDismissedAt).toEqual(first.editorTourDismissedAt);
});

test("tag pages and Home tracks list public, saved songs only", async () => {
  const owner = await signedIn();
  const shown = await insertSavedSong(database().db, owner.user.id, { name: "Open Sky", tags: ["Night Drive"] });
  const hidden = await insertSavedSong(database().db, owner.user.id, { name: "Secret", tags: ["night drive"], private: true });
  await database().db.update(songs).set({ media: MEDIA }).where(eq(songs.id, shown));
  await database().db.update(songs).set({ media: MEDIA }).where(eq(songs.id, hidden));
  const [tag] = await database().db.select().from(tags).where(eq(tags.key, "night drive"));
  const page = await callRoute(tagRoute.loader as Handler, get(`/tag/${tag.id}`), { tagId: tag.id });
  expect(page.status).toBe(200);
  const data = await page.json();
  expect(data.songs.map((song: { title: string }) => song.title)).toEqual(["Open Sky"]);
  expect(data.tag).toEqual({ id: tag.id, name: "Night Drive" });
  expect((await callRoute(tagRoute.loader as Handler, get("/tag/nosuchtag"), { tagId: "nosuchtag" })).status).toBe(404);
  const byName = await (await callRoute(byTagApi.loader as Handler, get("/api/search/songs/by_tag?tag=NIGHT%20DRIVE"))).json();
  expect(byName).toMatchObject({ total: 1, perPage: 20, tag: { id: tag.id } });

  const newest = await (await callRoute(homepageApi.loader as Handler, get("/api/homepage_tracks"))).json();
  expect(newest.songs.map((song: { id: string }) => song.id)).toContain(shown);
  expect(newest.songs.map((song: { id: string }) => song.id)).not.toContain(hidden);
  const other = await insertSavedSong(database().db, owner.user.id, { name: "Featured" });
  await database().db.update(songs).set({ media: MEDIA }).where(eq(songs.id, other));
  // Featured by staff on /admin/songs.
  await database().db.update(songs).set({ featuredAt: new Date() }).where(eq(songs.id, other));
  const featured = await (await callRoute(homepageApi.loader as Handler, get("/api/homepage_tracks"))).json();
  expect(featured.songs.map((song: { id: string }) => song.id)).toEqual([other]);
});

test("the library's archive form (no JavaScript needed) and the onboarding checklist", async () => {
  const owner = await signedIn();
  const songId = await insertSavedSong(database().db, owner.user.id);
  const before = await library(owner.cookie, "");
  expect(before.onboarding.map((step: { key: string; isComplete: boolean }) => [step.key, step.isComplete])).toEqual([["first_song", true], ["first_save", true], ["first_edit", false], ["first_release", false]]);
  const answer = await callRoute(libraryRoute.action as Handler, post("/library?page=1", { intent: "archive", songId }, owner.cookie));
  expect(answer.status).toBe(302);
  expect(answer.headers.get("Location")).toBe("/library?page=1");
  expect((await library(owner.cookie, "")).songs.total).toBe(0);
  const stranger = await signedIn();
  const other = await insertSavedSong(database().db, owner.user.id);
  const refused = await callRoute(libraryRoute.action as Handler, post("/library", { intent: "archive", songId: other }, stranger.cookie));
  expect(refused.status).toBe(404);
});

test("the library's Copy form (no JavaScript needed): a saved copy, refused for a locked song, at the song limit and for others' songs", async () => {
  const owner = await signedIn();
  const songId = await insertSavedSong(database().db, owner.user.id, { name: "Harbor" });
  await database().db.update(songs).set({ media: MEDIA }).where(eq(songs.id, songId));
  const rendered = (await library(owner.cookie, "")).songs.items as { id: string }[];
  expect(rendered.map((row) => row.id)).toEqual([songId]);

  const answer = await callRoute(libraryRoute.action as Handler, post("/library?page=1", { intent: "copy", songId }, owner.cookie));
  expect(answer.status).toBe(302);
  const copyId = new URL(answer.headers.get("Location")!, "http://x").searchParams.get("copied");
  expect(copyId).toBeTruthy();
  const after = await library(owner.cookie, `?copied=${copyId}`);
  expect(after.notice).toContain("Your copy is saved");
  expect(after.songs.items.map((row: { id: string; songName: string }) => [row.id, row.songName])).toEqual([
    [copyId, "Harbor (copy)"],
    [songId, "Harbor"],
  ]);

  const stranger = await signedIn();
  const refused = await callRoute(libraryRoute.action as Handler, post("/library", { intent: "copy", songId }, stranger.cookie));
  expect(refused.status).toBe(404);

  const locked = await insertSavedSong(database().db, owner.user.id, { locked: true });
  await database().db.update(songs).set({ media: MEDIA }).where(eq(songs.id, locked));
  const lockedAnswer = await callRoute(libraryRoute.action as Handler, post("/library", { intent: "copy", songId: locked }, owner.cookie));
  expect(lockedAnswer.status).toBe(403);
  expect((await lockedAnswer.json()).error).toMatch(/locked/);

  // The free plan keeps 25 songs: with 25 saved, a copy is refused with the spec's limit message.
  for (let index = 0; index < 22; index++) await insertSavedSong(database().db, owner.user.id);
  const full = await callRoute(libraryRoute.action as Handler, post("/library", { intent: "copy", songId }, owner.cookie));
  expect(full.status).toBe(403);
  expect((await full.json()).error).toMatch(/^You have reached your song limit of 25/);
  expect((await library(owner.cookie, "")).songs.total).toBe(25);
});

test("a list that fails to load says so (and is never kept by the page cache); the tag page too", async () => {
  const owner = await signedIn();
  await database().db.insert(labsAccess).values({ userId: owner.user.id });
  await database().db.execute(sql`alter table labs_generations rename to labs_generations_away`);
  try {
    const response = await callRoute(libraryRoute.loader as Handler, get("/library?tab=labs&page=2", owner.cookie));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    expect(await response.json()).toMatchObject({ tab: "labs", page: 2, failed: true, labs: null });
  } finally {
    await database().db.execute(sql`alter table labs_generations_away rename to labs_generations`);
  }
  const fine = await callRoute(libraryRoute.loader as Handler, get("/library?tab=labs", owner.cookie));
  expect(fine.headers.get("Cache-Control")).toBeNull();
  expect((await fine.json()).failed).toBe(false);

  await insertSavedSong(database().db, owner.user.id, { tags: ["drift"] });
  const [tag] = await database().db.select().from(tags).where(eq(tags.name, "drift"));
  await database().db.execute(sql`alter table songs rename to songs_away`);
  try {
    const page = await (await callRoute(tagRoute.loader as Handler, get(`/tag/${tag!.id}`), { tagId: tag!.id })).json();
    expect(page).toMatchObject({ failed: true, songs: [], tag: { name: "drift" } });
  } finally {
    await database().db.execute(sql`alter table songs_away rename to songs`);
  }
});
