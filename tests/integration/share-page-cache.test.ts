// The share page's HTML cache for visitors (app/server/page-cache.server.ts): one render per song version,
// served to every visitor after that; a changed song or flag renders again; private, unfinished and
// missing songs, and anyone with a session cookie, are never served from it; Home for visitors likewise,
// kept by flags. Real Postgres; the Remix render is stood in by a counting function, since what is tested
// is when the cache renders.
import { eq } from "drizzle-orm";
import { songs, users } from "#drizzle/schema/index";
import { startBoss, stopBoss } from "#jobs/boss";
import { setFlag } from "~/server/flags.server";
import { SharePageCache, VisitorPageCache } from "~/server/page-cache.server";
import { createSongs } from "~/services/songs/create.server";
import { createUser } from "../support/auth";
import { setupTestDatabase } from "../support/database";

const database = setupTestDatabase("postgres");
const APP = "http://localhost:3000";

let songId: string;
let ownerId: string;
let renders: string[];
let cache: SharePageCache;

/** Stands in for Remix: the page names the URL and the song's current name, so staleness shows. */
async function render(request: Request): Promise<Response> {
  renders.push(new URL(request.url).pathname + new URL(request.url).search);
  const [song] = await database().db.select({ name: songs.songName }).from(songs).where(eq(songs.id, songId));
  return new Response(`<html>${song?.name} at ${request.url}</html>`, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}

const visit = (path: string, headers: Record<string, string> = {}) => cache.serve(new Request(`${APP}${path}`, { headers }), render);

beforeAll(async () => {
  await startBoss(database().connection);
  const user = await createUser(database().db);
  const { songs: [song] } = await createSongs(user, { style: "wd_lofi", filter: "morning_sun", songs: 1, advanced: 1 });
  songId = song.id;
  ownerId = user.id;
  await database().db.update(songs).set({ status: "complete", songName: "Night Bus" }).where(eq(songs.id, songId));
});

afterAll(() => stopBoss());

beforeEach(() => {
  renders = [];
  cache = new SharePageCache();
});

test("a song's page is rendered once and then served to every visitor, gzipped too", async () => {
  const first = await visit(`/s/${songId}`);
  const second = await visit(`/s/${songId}`);
  expect(renders).toEqual([`/s/${songId}`]);
  expect(second).toBe(first);
  expect(first?.status).toBe(200);
  expect(first?.body.toString()).toContain("Night Bus");
  const { gunzipSync } = await import("node:zlib");
  expect(gunzipSync(first!.gzip).equals(first!.body)).toBe(true);
});

test("concurrent visitors share one version check and one render", async () => {
  const pages = await Promise.all(Array.from({ length: 20 }, () => visit(`/s/${songId}`)));
  expect(renders).toHaveLength(1);
  expect(new Set(pages).size).toBe(1);
});

test("each alias and clip is its own page; the dash suffix is part of the URL, not the id", async () => {
  for (const path of [`/s/${songId}`, `/song/${songId}`, `/share/${songId}`, `/s/${songId}?s=5&e=9`, `/s/${songId}-night-bus`]) {
    expect((await visit(path))?.body.toString()).toContain(`${APP}${path}`);
  }
  expect(renders).toHaveLength(5);
});

test("a changed song is rendered again, never served stale", async () => {
  await visit(`/s/${songId}`);
  await database().db.update(songs).set({ songName: "Day Bus" }).where(eq(songs.id, songId));
  expect((await visit(`/s/${songId}`))?.body.toString()).toContain("Day Bus");
  expect(renders).toHaveLength(2);
  await database().db.update(songs).set({ songName: "Night Bus" }).where(eq(songs.id, songId));
});

test("switching a feature flag renders again (the layout shows the advert by flag)", async () => {
  await visit(`/s/${songId}`);
  await setFlag("show_advert_banner", false);
  try {
    await visit(`/s/${songId}`);
  } finally {
    await setFlag("show_advert_banner", true);
  }
  await visit(`/s/${songId}`);
  expect(renders).toHaveLength(3);
});

test("a song made private is never served from the cache again", async () => {
  await visit(`/s/${songId}`);
  await database().db.update(songs).set({ private: true }).where(eq(songs.id, songId));
  try {
    expect(await visit(`/s/${songId}`)).toBeNull();
  } finally {
    await database().db.update(songs).set({ private: false }).where(eq(songs.id, songId));
  }
  await visit(`/s/${songId}`);
  expect(renders).toHaveLength(2);
});

test("unfinished, missing and pooled songs, session cookies and other URLs are left to Remix", async () => {
  await database().db.update(songs).set({ status: "recording_instrumental" }).where(eq(songs.id, songId));
  try {
    expect(await visit(`/s/${songId}`)).toBeNull();
  } finally {
    await database().db.update(songs).set({ status: "complete" }).where(eq(songs.id, songId));
  }
  expect(await visit("/s/nosuchsong000000000000000")).toBeNull();
  expect(await visit(`/s/${songId}`, { Cookie: "theme=dark; __session=abc" })).toBeNull();
  expect(await visit("/style")).toBeNull();
  expect(await visit(`/s/${songId}/extra`)).toBeNull();
  expect(await cache.serve(new Request(`${APP}/s/${songId}`, { method: "POST" }), render)).toBeNull();
  expect(renders).toEqual([]);
});

test("an answer other than a 200 page is passed on but not kept", async () => {
  const failing = async () => new Response("Server error", { status: 500, headers: { "Content-Type": "text/html" } });
  expect((await cache.serve(new Request(`${APP}/s/${songId}`), failing))?.status).toBe(500);
  expect((await visit(`/s/${songId}`))?.status).toBe(200);
  expect(renders).toHaveLength(1);
});

test("a kept page carries a weak ETag and public cache headers; a matching If-None-Match is a 304 without a body", async () => {
  const page = await visit(`/s/${songId}`);
  const etag = page!.cacheHeaders!.ETag;
  expect(etag).toMatch(/^W\/"[\w-]+"$/);
  expect(page!.cacheHeaders).toMatchObject({ "Cache-Control": expect.stringContaining("public"), Vary: "Accept-Encoding, Cookie" });
  for (const header of [etag, `"other", ${etag}`, etag.slice(2), "*"]) {
    const again = await visit(`/s/${songId}`, { "If-None-Match": header });
    expect(again?.status, header).toBe(304);
    expect(again?.body.length).toBe(0);
  }
  expect((await visit(`/s/${songId}`, { "If-None-Match": '"other"' }))?.status).toBe(200);
  expect(renders).toHaveLength(1);
});

test("a renamed owner (the artist shown when the song names none) renders again", async () => {
  await visit(`/s/${songId}`);
  const [owner] = await database().db.select({ name: users.displayName }).from(users).where(eq(users.id, ownerId));
  await database().db.update(users).set({ displayName: "Someone Else" }).where(eq(users.id, ownerId));
  try {
    await visit(`/s/${songId}`);
  } finally {
    await database().db.update(users).set({ displayName: owner.name }).where(eq(users.id, ownerId));
  }
  expect(renders).toHaveLength(2);
});

describe("Home for visitors (VisitorPageCache)", () => {
  let home: VisitorPageCache;
  const visitHome = (path: string, headers: Record<string, string> = {}) => home.serve(new Request(`${APP}${path}`, { headers }), render);
  beforeEach(() => {
    home = new VisitorPageCache();
  });

  test("is rendered once for every visitor, per query string, and again when a flag changes", async () => {
    const first = await visitHome("/");
    expect(await visitHome("/")).toBe(first);
    expect(first?.body.toString()).toContain(`at ${APP}/</html>`);
    await visitHome("/?utm_source=chat");
    await visitHome("/?utm_source=chat");
    expect(renders).toEqual(["/", "/?utm_source=chat"]);
    await setFlag("show_advert_banner", false);
    try {
      await visitHome("/");
    } finally {
      await setFlag("show_advert_banner", true);
    }
    expect(renders).toEqual(["/", "/?utm_source=chat", "/"]);
  });

  test("never serves anyone with a session or a chosen palette, Remix data requests or other pages", async () => {
    expect(await visitHome("/", { Cookie: "__session=abc" })).toBeNull();
    expect(await visitHome("/", { Cookie: "palette=light" })).toBeNull();
    expect(await visitHome("/?_data=root")).toBeNull();
    expect(await visitHome("/pricing")).toBeNull();
    expect(await home.serve(new Request(`${APP}/`, { method: "POST", body: "x" }), render)).toBeNull();
    expect(renders).toEqual([]);
  });

  test("a failed render is sent once and not kept", async () => {
    const failing = async () => new Response("oops", { status: 500, headers: { "Content-Type": "text/html" } });
    expect((await home.serve(new Request(`${APP}/`), failing))?.status).toBe(500);
    await visitHome("/");
    expect(renders).toEqual(["/"]);
  });
});
