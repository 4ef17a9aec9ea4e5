// The per-user HTML cache for /library and /release/{id} (app/server/page-cache.server.ts with
// app/server/user-page-version.server.ts): a page is rendered once per user and URL, and any committed write
// to what those pages show renders it again, whichever code path writes: saving, archiving and copying
// songs (the library's own actions), a render job finishing, a new edit, a staff status change on a
// release, its tracks and cover, Labs generations and access, and the plan. Other users' writes do not
// touch the page. Real Postgres and real sessions; Remix's render is stood in by a counting function.
import "../support/http-env";
import { eq } from "drizzle-orm";
import { compositions, coverArt, featuredReleases, labsAccess, productions, labsGenerations, releases, releaseSongs, songs, songVersions, storeDeliveries, subscriptions, users } from "#drizzle/schema/index";
import * as libraryRoute from "~/routes/library";
import { UserPageCache } from "~/server/page-cache.server";
import { db } from "~/server/db.server";
import { ReleaseStatus, transitionRelease } from "~/services/releases/index.server";
import { callRoute, createSession, createUser, post } from "../support/auth";
import { setupTestDatabase } from "../support/database";
import { insertCoverArt, insertSavedSong } from "../support/releases";

const database = setupTestDatabase("postgres");
const APP = "http://localhost:3000";
const MEDIA = { mp3: "m.mp3", wav: "m.wav", midi: "m.mid", peaks: "p.json", description: "d.json" };

let renders: string[];
let cache: UserPageCache;
let answer: { status?: number; headers?: Record<string, string> };

async function render(request: Request): Promise<Response> {
  renders.push(new URL(request.url).pathname + new URL(request.url).search);
  return new Response(`<html>render ${renders.length}</html>`, { status: answer.status ?? 200, headers: { "Content-Type": "text/html; charset=utf-8", ...answer.headers } });
}

const visit = (cookie: string, path = "/library") => cache.serve(new Request(`${APP}${path}`, { headers: { Cookie: cookie } }), render);

async function signedIn() {
  const user = await createUser(database().db, { termsAccepted: true });
  return { user, cookie: (await createSession(database().db, user.id)).cookie };
}

beforeEach(() => {
  renders = [];
  answer = {};
  cache = new UserPageCache();
});

/** Visits `path`, makes `write`, visits again: the write must render the page again. */
async function expectRerender(cookie: string, path: string, what: string, write: () => Promise<unknown>) {
  await visit(cookie, path);
  const before = renders.length;
  await visit(cookie, path);
  expect(renders.length, `${what}: a second visit is served from the cache`).toBe(before);
  await write();
  await visit(cookie, path);
  expect(renders.length, `${what}: renders again`).toBe(before + 1);
}

test("/library is kept per user and URL, and every kind of write renders it again", async () => {
  const owner = await signedIn();
  const songId = await insertSavedSong(database().db, owner.user.id, { name: "Harbor" });
  const first = await visit(owner.cookie);
  expect(first?.body.toString()).toBe("<html>render 1</html>");
  expect(await visit(owner.cookie)).toBe(first);
  await visit(owner.cookie, "/library?tab=releases");
  expect(renders).toEqual(["/library", "/library?tab=releases"]);

  // The library's own forms: copy (a new song) and archive.
  await database().db.update(songs).set({ media: MEDIA }).where(eq(songs.id, songId));
  await expectRerender(owner.cookie, "/library", "copy", async () => {
    expect((await callRoute(libraryRoute.action as Parameters<typeof callRoute>[0], post("/library", { intent: "copy", songId }, owner.cookie))).status).toBe(302);
  });
  await expectRerender(owner.cookie, "/library", "archive", async () => {
    expect((await callRoute(libraryRoute.action as Parameters<typeof callRoute>[0], post("/library", { intent: "archive", songId }, owner.cookie))).status).toBe(302);
  });
  // Writes from elsewhere: a job finishing a song, an edit, a deleted song.
  const other = await insertSavedSong(database().db, owner.user.id);
  await expectRerender(owner.cookie, "/library", "a render finishing", () => db.update(songs).set({ durationSeconds: 99 }).where(eq(songs.id, other)));
  await expectRerender(owner.cookie, "/library", "a new edit", async () => {
    const [song] = await db.select().from(songs).where(eq(songs.id, other));
    await db.insert(compositions).values({ id: "c1", data: {} as never });
    await db.insert(productions).values({ id: "p1", data: {} as never });
    await db.insert(songVersions).values({ songId: other, version: 2, previousVersion: 1, change: "notes", compositionId: "c1", productionId: "p1", params: song!.params, productionSeed: 1 });
  });
  const unsaved = await insertSavedSong(database().db, owner.user.id, { saved: false });
  await expectRerender(owner.cookie, "/library", "a save", () => db.update(songs).set({ saved: true, savedAt: new Date() }).where(eq(songs.id, unsaved)));
  await expectRerender(owner.cookie, "/library", "a deleted song", () => db.delete(songs).where(eq(songs.id, other)));
  await expectRerender(owner.cookie, "/library?tab=labs", "labs access", () => db.insert(labsAccess).values({ userId: owner.user.id }));
  await expectRerender(owner.cookie, "/library?tab=labs", "a Labs generation", () => db.insert(labsGenerations).values({ userId: owner.user.id, files: { mp3: "x.mp3" } }));
  await expectRerender(owner.cookie, "/library", "a Labs rename", () => db.update(labsGenerations).set({ songName: "Renamed" }).where(eq(labsGenerations.userId, owner.user.id)));
  await expectRerender(owner.cookie, "/library", "a new plan", () =>
    db.insert(subscriptions).values({ userId: owner.user.id, productId: 1, currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000) }),
  );

  // Staff featuring someone's live release: the releases tab shows featured releases to everyone.
  const artist = await signedIn();
  const [live] = await db.insert(releases).values({ userId: artist.user.id, title: "Featured", artistName: "Other", status: ReleaseStatus.Live }).returning();
  await expectRerender(owner.cookie, "/library?tab=releases", "a release featured", () => db.insert(featuredReleases).values({ releaseId: live!.id }));
  await expectRerender(owner.cookie, "/library?tab=releases", "a featured release renamed", () => db.update(releases).set({ title: "Featured Again" }).where(eq(releases.id, live!.id)));

  // Someone else's writes leave the owner's page alone.
  const stranger = await signedIn();
  await visit(owner.cookie);
  const count = renders.length;
  await insertSavedSong(database().db, stranger.user.id);
  await visit(owner.cookie);
  expect(renders.length).toBe(count);
  // And the stranger gets a page of their own.
  await visit(stranger.cookie);
  expect(renders.length).toBe(count + 1);

  // Create's unsaved songs rendering leave the page alone (the library lists saved songs only), and so
  // does a write that is rolled back.
  const draft = await insertSavedSong(database().db, owner.user.id, { saved: false });
  await visit(owner.cookie);
  const settled = renders.length;
  await db.update(songs).set({ durationSeconds: 42, status: "complete" }).where(eq(songs.id, draft));
  await db
    .transaction(async (tx) => {
      await tx.update(songs).set({ songName: "Never" }).where(eq(songs.id, songId));
      throw new Error("rolled back");
    })
    .catch(() => undefined);
  await visit(owner.cookie);
  expect(renders.length).toBe(settled);
});

test("/release/{id} renders again on a status change (staff or owner), its tracks and its cover", async () => {
  const owner = await signedIn();
  const songId = await insertSavedSong(database().db, owner.user.id);
  const [release] = await db.insert(releases).values({ userId: owner.user.id, title: "Tides", artistName: "Loomer" }).returning();
  const path = `/release/${release!.id}`;
  await expectRerender(owner.cookie, path, "a track added", () => db.insert(releaseSongs).values({ releaseId: release!.id, songId, position: 1 }));
  await expectRerender(owner.cookie, path, "a new cover", async () => {
    const art = await insertCoverArt(database().db, owner.user.id);
    await db.update(releases).set({ coverArtId: art }).where(eq(releases.id, release!.id));
  });
  await expectRerender(owner.cookie, path, "a cover row changing", () => db.update(coverArt).set({ bytes: 2 }).where(eq(coverArt.userId, owner.user.id)));
  await expectRerender(owner.cookie, path, "submitted", () => db.transaction((tx) => transitionRelease(tx, { releaseId: release!.id, from: null, to: ReleaseStatus.Submitted, by: "owner", actorId: owner.user.id })));
  // Staff review writes the row from the admin area (another code path): any committed write counts.
  await expectRerender(owner.cookie, path, "staff approval", () => db.update(releases).set({ status: ReleaseStatus.Approved }).where(eq(releases.id, release!.id)));
  await expectRerender(owner.cookie, path, "a track renamed", () => db.update(songs).set({ songName: "Renamed" }).where(eq(songs.id, songId)));
  // The per-store table: a delivery queued, then a store's acknowledgement (written by the delivery jobs).
  await expectRerender(owner.cookie, path, "a store delivery queued", () => db.insert(storeDeliveries).values({ releaseId: release!.id, storeId: "spotify", kind: "release" }));
  await expectRerender(owner.cookie, path, "a store's acknowledgement", () => db.update(storeDeliveries).set({ phase: "acknowledged", status: 2 }).where(eq(storeDeliveries.releaseId, release!.id)));
});

test("what is never kept: failed lists (no-store), redirects and refusals, cookies; data requests and /release/create go to Remix", async () => {
  const owner = await signedIn();
  answer = { headers: { "Cache-Control": "private, no-store" } };
  const failed = await visit(owner.cookie);
  expect(failed?.headers?.get("Cache-Control")).toContain("no-store");
  await visit(owner.cookie);
  expect(renders).toHaveLength(2);
  answer = { status: 404 };
  await visit(owner.cookie, "/release/nosuchrelease");
  await visit(owner.cookie, "/release/nosuchrelease");
  expect(renders).toHaveLength(4);
  answer = { headers: { "Set-Cookie": "__session=x; Path=/" } };
  await visit(owner.cookie);
  await visit(owner.cookie);
  expect(renders).toHaveLength(6);
  answer = {};
  expect(await visit(owner.cookie, "/library?_data=routes%2Flibrary")).toBeNull();
  expect(await visit(owner.cookie, "/release/create")).toBeNull();
  expect(renders).toHaveLength(6);
});

test("as server.mjs asks (no fetch Request): a kept library page, then a ban signs the session out on the spot", async () => {
  const owner = await signedIn();
  // The view server.mjs passes: method, URL and header lookup only (PageRequest).
  const light = (cookie: string) => ({ method: "GET", url: `${APP}/library`, headers: { get: (name: string) => (name.toLowerCase() === "cookie" ? cookie : null) } });
  const renderLight = () => render(new Request(`${APP}/library`));
  const first = await cache.serve(light(owner.cookie), renderLight);
  expect(await cache.serve(light(owner.cookie), renderLight)).toBe(first);
  expect(renders).toHaveLength(1);

  await db.update(users).set({ accountStatus: "BANNED" }).where(eq(users.id, owner.user.id));
  const signedOut = await cache.serve(light(owner.cookie), renderLight);
  expect(signedOut?.status).toBe(302);
  expect(signedOut?.headers?.get("Location")).toBe("/sign-in?banned=account");
  expect(signedOut?.headers?.get("Set-Cookie")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
  // The session is gone: Remix answers (its guard sends the visitor to sign in).
  expect(await cache.serve(light(owner.cookie), renderLight)).toBeNull();
  expect(renders).toHaveLength(1);
});
