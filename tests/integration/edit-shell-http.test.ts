// The edit shell over real HTTP against the built server on Postgres (docs/edit-flow.md): who reaches
// which edit page, the options page's quick actions, song info (page and PUT /api/song/{id}), copies,
// the version API, tag suggestions, the legacy redirects and the first library page.
import "../support/http-env";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { songs, songVersions, subscriptions } from "#drizzle/schema/index";
import { getBoss, startBoss, stopBoss } from "#jobs/boss";
import { readMp3Frames } from "~/engine/encode/mp3Frames";
import { createSongs } from "~/services/songs/create.server";
import { composeSong, configureSongRendering, renderSongMedia } from "~/services/songs/generate.server";
import { MASTERED_SONG_MESSAGE, renderSongVersion } from "~/services/songs/edit.server";
import { announceVersionChange } from "~/services/songs/version-events.server";
import { saveSong } from "~/services/library/song-library.server";
import { createSession, createUser } from "../support/auth";
import { setupTestDatabase } from "../support/database";
import { freePort } from "../support/ports";
import { waitFor } from "../support/wait";

const root = path.resolve(__dirname, "../..");
// Its own build folder, so this file never overwrites a build another test run is serving.
const BUILD_DIR = ".cache/builds/edit-shell-http";
const database = setupTestDatabase("postgres");

let server: ChildProcess;
let base: string;

interface Person {
  id: string;
  cookie: string;
}

async function person(options: { verified?: boolean } = {}): Promise<Person> {
  const user = await createUser(database().db, options);
  return { id: user.id, cookie: (await createSession(database().db, user.id)).cookie };
}

/** A complete, saved song of a short excerpt (the engine renders it for real). */
async function completedSong(owner: Person): Promise<string> {
  const {
    songs: [song],
  } = await createSongs({ id: owner.id }, { style: "wd_lofi", filter: "morning_sun", songs: 1, advanced: 1 });
  await composeSong(song.id);
  await renderSongMedia(song.id);
  await saveSong({ id: owner.id }, song.id);
  return song.id;
}

beforeAll(async () => {
  const build = spawnSync("npx", ["remix", "build"], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, NODE_ENV: "production", SONGLOOM_BUILD_DIR: BUILD_DIR },
  });
  expect(build.status, build.stderr).toBe(0);

  await startBoss(database().connection);
  configureSongRendering({ excerpt: { startSeconds: 0, seconds: 3 } });

  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  // No worker: queued re-renders stay queued, which is what the version API tests look at.
  server = spawn(process.execPath, ["server.mjs"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      NODE_ENV: "production",
      DATABASE_URL: database().url,
      APP_URL: base,
      WORKER_IN_PROCESS: "false",
      SONGLOOM_BUILD_DIR: BUILD_DIR,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.resume();
  server.stderr?.resume();
  await waitFor(async () => (await fetch(`${base}/api/build`).catch(() => null))?.ok, { what: "the server", timeoutMs: 60_000 });
}, 240_000);

afterAll(async () => {
  server?.kill("SIGKILL");
  await stopBoss();
});

const get = (url: string, cookie: string) => fetch(`${base}${url}`, { headers: { Cookie: cookie }, redirect: "manual" });
const postForm = (url: string, cookie: string, fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const entry of [value].flat()) body.append(name, entry);
  return fetch(`${base}${url}`, { method: "POST", headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" }, body, redirect: "manual" });
};
const sendJson = (method: string, url: string, cookie: string, body?: unknown) =>
  fetch(`${base}${url}`, {
    method,
    headers: { Cookie: cookie, "Content-Type": "application/json", Accept: "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: "manual",
  });
const location = (response: Response) => response.headers.get("location");
const songRow = async (id: string) => (await database().db.select().from(songs).where(eq(songs.id, id)))[0]!;

/**
 * Every edit page URL, from the route files (edit.$songId.tsx is the layout, edit.$songId._index.tsx is
 * /edit/{id}), so a page added later is covered without touching this test.
 */
function editPagePaths(songId: string): string[] {
  const pages = new Set<string>();
  for (const entry of readdirSync(path.join(root, "app/routes"))) {
    if (!entry.startsWith("edit.$songId")) continue;
    const name = entry.replace(/\.tsx?$/, "");
    const rest = name
      .slice("edit.$songId".length)
      .split(".")
      .filter((segment) => segment !== "" && segment !== "_index");
    pages.add(["", "edit", songId, ...rest].join("/"));
  }
  return [...pages].sort();
}

/** Songs with a song.prepare-edit job waiting (fetched, so each job is seen once). */
async function songsBeingPrepared(): Promise<string[]> {
  const jobs = await getBoss().fetch<{ songId: string }>("song.prepare-edit", { batchSize: 100 });
  return jobs.map((job) => job.data.songId);
}

describe("getting a song ready for its first edit", () => {
  test("the owner opening an edit page queues it; a stranger's visit and a read-only song queue nothing", async () => {
    const owner = await person();
    const songId = await completedSong(owner);
    await songsBeingPrepared();
    expect((await get(`/edit/${songId}/production`, owner.cookie)).status).toBe(200);
    expect(await songsBeingPrepared()).toEqual([songId]);

    const stranger = await person();
    expect((await get(`/edit/${songId}`, stranger.cookie)).status).toBe(302);
    expect(await songsBeingPrepared()).toEqual([]);

    const paid = await person();
    await database().db.insert(subscriptions).values({ userId: paid.id, productId: 1, currentPeriodEnd: new Date(Date.now() + 86_400_000) });
    const mastered = await completedSong(paid);
    await database().db.update(songs).set({ masteredAt: new Date() }).where(eq(songs.id, mastered));
    expect((await get(`/edit/${mastered}`, paid.cookie)).status).toBe(200);
    expect(await songsBeingPrepared()).toEqual([]);
  });

  test("not while an edit renders or just after one (the edit made the fronts), but again once it is long past", async () => {
    const owner = await person();
    const songId = await completedSong(owner);
    expect((await postForm(`/edit/${songId}?index`, owner.cookie, { intent: "reproduce" })).status).toBe(302);
    await songsBeingPrepared();
    expect((await get(`/edit/${songId}/production`, owner.cookie)).status).toBe(200);
    expect(await songsBeingPrepared()).toEqual([]);
    await database().db.update(songVersions).set({ status: "complete", completedAt: new Date() }).where(eq(songVersions.songId, songId));
    expect((await get(`/edit/${songId}/production`, owner.cookie)).status).toBe(200);
    expect(await songsBeingPrepared()).toEqual([]);
    await database().db.update(songVersions).set({ completedAt: new Date(Date.now() - 3_600_000) }).where(eq(songVersions.songId, songId));
    expect((await get(`/edit/${songId}/production`, owner.cookie)).status).toBe(200);
    expect(await songsBeingPrepared()).toEqual([songId]);
  });
});

describe("who may reach the edit pages", () => {
  test("a non-owner gets the share page from every edit page and a 404 from every edit API", async () => {
    const owner = await person();
    const songId = await completedSong(owner);
    const stranger = await person();
    const paths = editPagePaths(songId);
    expect(paths).toEqual(expect.arrayContaining([`/edit/${songId}`, `/edit/${songId}/info`]));
    for (const page of paths) {
      const response = await get(page, stranger.cookie);
      expect(response.status, page).toBe(302);
      expect(location(response), page).toBe(`/s/${songId}`);
    }
    // Page actions too: a stranger's form post changes nothing.
    for (const intent of ["rewrite", "reproduce", "copy"]) {
      const response = await postForm(`/edit/${songId}?index`, stranger.cookie, { intent });
      expect(location(response)).toBe(`/s/${songId}`);
    }
    expect(location(await postForm(`/edit/${songId}/info`, stranger.cookie, { songName: "Mine now" }))).toBe(`/s/${songId}`);

    expect((await sendJson("PUT", `/api/song/${songId}`, stranger.cookie, { songName: "Mine now" })).status).toBe(404);
    expect((await sendJson("POST", `/api/song/${songId}/copy`, stranger.cookie)).status).toBe(404);
    expect((await sendJson("GET", `/api/song/${songId}/version`, stranger.cookie)).status).toBe(404);
    const after = await songRow(songId);
    expect(after.songName).toBe("New Song");
    expect(after.version).toBe(1);
    expect(await database().db.select().from(songVersions).where(eq(songVersions.songId, songId))).toHaveLength(0);
    expect(await database().db.select().from(songs).where(eq(songs.copiedFromId, songId))).toHaveLength(0);
  });

  test("a missing song sends the user to the library with redirectFrom, which says so", async () => {
    const user = await person();
    for (const page of ["/edit/nosuchsong", "/edit/nosuchsong/info"]) {
      const response = await get(page, user.cookie);
      expect(response.status).toBe(302);
      expect(location(response)).toBe(`/library?${new URLSearchParams({ redirectFrom: page })}`);
    }
    const library = await get(`/library?redirectFrom=${encodeURIComponent("/edit/nosuchsong")}`, user.cookie);
    expect(library.status).toBe(200);
    expect(await library.text()).toContain("That song could not be found.");
    expect((await sendJson("PUT", "/api/song/nosuchsong", user.cookie, { songName: "x" })).status).toBe(404);
  });

  test("signed out, the edit pages ask to sign in and the APIs answer 401; unverified goes to /verify", async () => {
    const response = await get("/edit/anything/info", "");
    expect(location(response)).toBe(`/sign-in?${new URLSearchParams({ redirectFrom: "/edit/anything/info" })}`);
    expect((await sendJson("PUT", "/api/song/anything", "", { songName: "x" })).status).toBe(401);
    const unverified = await person({ verified: false });
    expect(location(await get("/library", unverified.cookie))).toBe("/verify");
  });

  test("/edit without an id opens the most recent song, or the library when there is none", async () => {
    const fresh = await person();
    expect(location(await get("/edit", fresh.cookie))).toBe(`/library?${new URLSearchParams({ redirectFrom: "/edit" })}`);
    const songId = await completedSong(fresh);
    expect(location(await get("/edit", fresh.cookie))).toBe(`/edit/${songId}`);
  });
});

describe("the options page", () => {
  test("shows the song, links to every edit page, and Rewrite queues a new version the version API reports", async () => {
    const owner = await person();
    const songId = await completedSong(owner);
    const page = await get(`/edit/${songId}`, owner.cookie);
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const tab of ["info", "production", "notes", "arrangement", "vocals"]) expect(html).toContain(`href="/edit/${songId}/${tab}"`);
    expect(html).toContain('value="rewrite"');
    expect(html).toContain('value="reproduce"');
    expect(html).toContain('value="copy"');
    expect(html).toContain("Downloads");

    const before = await sendJson("GET", `/api/song/${songId}/version`, owner.cookie);
    expect(await before.json()).toEqual({ version: 1, latest: null });

    const rewrite = await postForm(`/edit/${songId}?index`, owner.cookie, { intent: "rewrite" });
    expect(rewrite.status).toBe(302);
    expect(location(rewrite)).toBe(`/edit/${songId}?done=rewrite`);
    const after = await (await sendJson("GET", `/api/song/${songId}/version`, owner.cookie)).json();
    expect(after).toEqual({ version: 1, latest: { version: 2, status: "queue", change: "notes", error: null, previewUrl: null } });
    // The layout shows the progress and, without JavaScript, refreshes itself.
    const progress = await (await get(`/edit/${songId}`, owner.cookie)).text();
    expect(progress).toContain("Rendering your changes…");
    expect(progress).toMatch(/<noscript><meta http-equiv="refresh" content="3"\/?><\/noscript>/);

    expect((await postForm(`/edit/${songId}?index`, owner.cookie, { intent: "explode" })).status).toBe(400);
  });

  test("the version API's ?wait=N answers when version N's render commits in another process (NOTIFY), not at its time limit", async () => {
    const owner = await person();
    const songId = await completedSong(owner);
    expect((await postForm(`/edit/${songId}?index`, owner.cookie, { intent: "reproduce" })).status).toBe(302);
    // Nothing to wait for: an older version, or a version that has no edit, answers at once.
    expect(await (await sendJson("GET", `/api/song/${songId}/version?wait=5`, owner.cookie)).json()).toEqual({ version: 1, latest: { version: 2, status: "queue", change: "production", error: null, previewUrl: null } });
    expect((await sendJson("GET", `/api/song/${songId}/version?wait=one`, owner.cookie)).status).toBe(400);

    // The server runs no worker: this process renders the edit, as a separate `npm run worker` would, and
    // its announcements reach the server by NOTIFY.
    await database().db.update(songVersions).set({ status: "rendering" }).where(eq(songVersions.songId, songId));
    const answer = (url: string) => {
      const state = { answered: false, result: null as Promise<{ status: number; body: unknown }> | null };
      state.result = sendJson("GET", url, owner.cookie).then(async (response) => {
        state.answered = true;
        return { status: response.status, body: await response.json() };
      });
      return state;
    };
    const forFirstSeconds = answer(`/api/song/${songId}/version?wait=2`);
    const forTheWhole = answer(`/api/song/${songId}/version?wait=2&previewed=1`);
    // The server waits up to versionWaitMs() (15 s here); each announcement must end a wait well before.
    const soon = <T,>(promise: Promise<T>) => Promise.race([promise, new Promise((resolve) => setTimeout(() => resolve("still waiting"), 5_000))]);
    // The version's first seconds become playable: the page that has none is told.
    await database().db.update(songVersions).set({ previewKey: `songs/${songId}/v2/preview.mp3` }).where(eq(songVersions.songId, songId));
    await announceVersionChange(songId);
    expect(await soon(forFirstSeconds.result!)).toEqual({
      status: 200,
      body: { version: 1, latest: { version: 2, status: "rendering", change: "production", error: null, previewUrl: `/media/songs/${songId}/preview.mp3?version=2` } },
    });
    expect(forTheWhole.answered).toBe(false);
    await renderSongVersion(songId, 2);
    expect(await soon(forTheWhole.result!)).toEqual({ status: 200, body: { version: 2, latest: { version: 2, status: "complete", change: "production", error: null, previewUrl: null } } });
    // The first seconds it stored while it rendered (an MP3 of their own): the owner's alone.
    const preview = await get(`/media/songs/${songId}/preview.mp3?version=2`, owner.cookie);
    expect(preview.status).toBe(200);
    const whole = await get(`/media/songs/${songId}/song.mp3?version=2`, owner.cookie);
    const [head, all] = [Buffer.from(await preview.arrayBuffer()), Buffer.from(await whole.arrayBuffer())];
    expect(readMp3Frames(head).length).toBeGreaterThan(0);
    expect(head.length).toBeLessThan(all.length);
    const stranger = await person();
    expect((await get(`/media/songs/${songId}/preview.mp3?version=2`, stranger.cookie)).status).toBe(404);
    expect((await get(`/media/songs/${songId}/preview.mp3?version=9`, owner.cookie)).status).toBe(404);
  });

  test("a paid user's mastered song is read-only and says why, but can be copied and its info still edited", async () => {
    const owner = await person();
    await database().db.insert(subscriptions).values({ userId: owner.id, productId: 1, currentPeriodEnd: new Date(Date.now() + 86_400_000) });
    const songId = await completedSong(owner);
    await database().db.update(songs).set({ masteredAt: new Date(), songName: "Final Cut" }).where(eq(songs.id, songId));

    const html = await (await get(`/edit/${songId}`, owner.cookie)).text();
    expect(html).toContain(MASTERED_SONG_MESSAGE.replace(/'/g, "&#x27;"));
    expect(html).not.toContain('value="rewrite"');
    expect(html).not.toContain('value="reproduce"');
    expect(html).toContain('value="copy"');

    // A change is refused (back to options with the reason); nothing is queued.
    const refused = await postForm(`/edit/${songId}?index`, owner.cookie, { intent: "rewrite" });
    const back = new URL(location(refused)!, base);
    expect(back.pathname).toBe(`/edit/${songId}`);
    expect(back.searchParams.get("error")).toBe(MASTERED_SONG_MESSAGE);
    expect(await database().db.select().from(songVersions).where(eq(songVersions.songId, songId))).toHaveLength(0);
    expect(await (await get(location(refused)!, owner.cookie)).text()).toContain('role="alert"');

    // Info does not change the audio, so it stays editable (docs/edit-flow.md).
    const renamed = await sendJson("PUT", `/api/song/${songId}`, owner.cookie, { songName: "Final Cut (Radio)", tags: ["radio"] });
    expect(renamed.status).toBe(200);
    expect((await songRow(songId)).songName).toBe("Final Cut (Radio)");

    // Copy through the API: 201 with the copy, which is editable.
    const copied = await sendJson("POST", `/api/song/${songId}/copy`, owner.cookie);
    expect(copied.status).toBe(201);
    const { song: copy } = await copied.json();
    expect(copy).toMatchObject({ songName: "Final Cut (Radio) (copy)", saved: true, status: "complete" });
    expect((await songRow(copy.id)).copiedFromId).toBe(songId);
    const copyPage = await (await get(`/edit/${copy.id}`, owner.cookie)).text();
    expect(copyPage).toContain('value="rewrite"');

    // Copy through the page's form: lands on the copy's options page.
    const viaForm = await postForm(`/edit/${songId}?index`, owner.cookie, { intent: "copy" });
    expect(viaForm.status).toBe(302);
    const target = location(viaForm)!;
    expect(target).toMatch(/^\/edit\/[a-z0-9]+\?done=copied$/);
    expect(target).not.toContain(songId);
    const landed = await (await get(target, owner.cookie)).text();
    expect(landed).toContain("This is your copy.");
  });

  test("the mastered lock is for paid users only: a free user's mastered song stays editable", async () => {
    const owner = await person();
    const songId = await completedSong(owner);
    await database().db.update(songs).set({ masteredAt: new Date() }).where(eq(songs.id, songId));
    expect(await (await get(`/edit/${songId}`, owner.cookie)).text()).toContain('value="rewrite"');
  });
});

describe("song info", () => {
  test("PUT /api/song/{id} changes only the fields sent; New Song counts as unnamed; tags are tidied", async () => {
    const owner = await person();
    const songId = await completedSong(owner);
    const response = await sendJson("PUT", `/api/song/${songId}`, owner.cookie, {
      songName: "  Night   Drive ",
      artistName: "Loomer",
      tags: ["lofi", " late  night ", "LOFI", "", "synth-wave"],
      private: true,
    });
    expect(response.status).toBe(200);
    const { song } = await response.json();
    expect(song).toMatchObject({ id: songId, songName: "Night Drive", artistName: "Loomer", private: true, tags: ["lofi", "late night", "synth-wave"] });

    const partial = await (await sendJson("PUT", `/api/song/${songId}`, owner.cookie, { private: false })).json();
    expect(partial.song).toMatchObject({ songName: "Night Drive", artistName: "Loomer", private: false, tags: ["lofi", "late night", "synth-wave"] });

    await sendJson("PUT", `/api/song/${songId}`, owner.cookie, { songName: "New Song", artistName: "" });
    const row = await songRow(songId);
    expect(row.songName).toBe("New Song");
    expect(row.artistName).toBeNull();
    // Info renders nothing.
    expect(row.version).toBe(1);
    expect(await database().db.select().from(songVersions).where(eq(songVersions.songId, songId))).toHaveLength(0);
  });

  test("invalid info is a 400 with a message per field, and changes nothing", async () => {
    const owner = await person();
    const songId = await completedSong(owner);
    const response = await sendJson("PUT", `/api/song/${songId}`, owner.cookie, {
      songName: "x".repeat(81),
      artistName: "y".repeat(81),
      tags: ["ok", "no!way"],
      private: "maybe",
    });
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error.code).toBe("invalid_input");
    expect(Object.keys(error.fields).sort()).toEqual(["artistName", "private", "songName", "tags.1"]);
    expect(error.fields.songName[0]).toContain("80");
    expect(error.fields["tags.1"][0]).toContain("letters, digits, spaces and hyphens");

    const tooMany = await sendJson("PUT", `/api/song/${songId}`, owner.cookie, { tags: Array.from({ length: 11 }, (_, index) => `tag ${index}`) });
    expect((await tooMany.json()).error.fields.tags[0]).toContain("at most 10");
    const tooLong = await sendJson("PUT", `/api/song/${songId}`, owner.cookie, { tags: ["z".repeat(31)] });
    expect((await tooLong.json()).error.fields["tags.0"][0]).toContain("30");
    expect((await songRow(songId)).tags).toEqual([]);
  });

  test("the info page's form: errors per field without saving, then a save that redirects back", async () => {
    const owner = await person();
    const songId = await completedSong(owner);
    const invalid = await postForm(`/edit/${songId}/info`, owner.cookie, { songName: "n".repeat(81), artistName: "Loomer", tags: "good, bad!" });
    expect(invalid.status).toBe(400);
    const html = await invalid.text();
    expect(html).toContain("The song name can be at most 80 characters.");
    expect(html).toContain("Tags can only use letters, digits, spaces and hyphens.");
    expect(html).toContain('value="Loomer"');
    expect((await songRow(songId)).artistName).toBeNull();

    const saved = await postForm(`/edit/${songId}/info`, owner.cookie, { songName: "Paper Moon", artistName: "Loomer", tags: ["dreamy", "night walk, lofi"], private: "on" });
    expect(saved.status).toBe(302);
    expect(location(saved)).toBe(`/edit/${songId}/info?saved=1`);
    expect(await songRow(songId)).toMatchObject({ songName: "Paper Moon", artistName: "Loomer", tags: ["dreamy", "night walk", "lofi"], private: true });
    const page = await (await get(location(saved)!, owner.cookie)).text();
    expect(page).toContain('value="Paper Moon"');
    expect(page).toContain("Saved.");

    // An unticked checkbox is not sent: the song is public again.
    await postForm(`/edit/${songId}/info`, owner.cookie, { songName: "Paper Moon", artistName: "Loomer", tags: "dreamy" });
    expect((await songRow(songId)).private).toBe(false);
  });

  test("a locked song's info cannot be changed", async () => {
    const owner = await person();
    const songId = await completedSong(owner);
    await database().db.update(songs).set({ locked: true }).where(eq(songs.id, songId));
    const response = await sendJson("PUT", `/api/song/${songId}`, owner.cookie, { songName: "Sneaky" });
    expect(response.status).toBe(403);
    expect((await response.json()).error.code).toBe("read_only");
    const form = await postForm(`/edit/${songId}/info`, owner.cookie, { songName: "Sneaky" });
    expect(location(form)).toMatch(new RegExp(`^/edit/${songId}\\?error=`));
    expect((await songRow(songId)).songName).toBe("New Song");
  });

  test("tag suggestions: the user's own tags, then style and filter names, by prefix, at most 10", async () => {
    const owner = await person();
    const songId = await completedSong(owner);
    await database().db.update(songs).set({ tags: ["Lofi Dreams", "late night", "loud"] }).where(eq(songs.id, songId));
    const other = await person();
    const otherSong = await completedSong(other);
    await database().db.update(songs).set({ tags: ["lost secret"] }).where(eq(songs.id, otherSong));

    const lo = await (await sendJson("GET", "/api/search/songs/tags?query=lo", owner.cookie)).json();
    expect(lo.tags.slice(0, 2)).toEqual(["Lofi Dreams", "loud"]);
    expect(lo.tags).toContain("Lo-Fi");
    expect(lo.tags).not.toContain("lost secret");
    expect(lo.tags.every((tag: string) => tag.toLowerCase().startsWith("lo"))).toBe(true);

    const everything = await (await sendJson("GET", "/api/search/songs/tags?query=", owner.cookie)).json();
    expect(everything.tags).toHaveLength(10);
    // "R&B" is a filter name but not a valid tag, so it is never suggested.
    expect((await (await sendJson("GET", "/api/search/songs/tags?query=r", owner.cookie)).json()).tags).not.toContain("R&B");
    expect((await sendJson("GET", `/api/search/songs/tags?query=${"q".repeat(31)}`, owner.cookie)).status).toBe(400);
    expect((await sendJson("GET", "/api/search/songs/tags?query=lo", "")).status).toBe(401);
  });
});

describe("legacy redirects", () => {
  test.each([
    ["/add-vocals/abc123", "/edit/abc123/vocals"],
    ["/edit-info/abc123", "/edit/abc123/info"],
    ["/edit/notes/abc123", "/edit/abc123/arrangement"],
    ["/edit/production/abc123", "/edit/abc123/production"],
    ["/rewrite/abc123", "/edit/abc123/notes"],
    ["/edit-info/abc123?from=email", "/edit/abc123/info?from=email"],
  ])("%s goes to %s", async (from, to) => {
    const response = await get(from, "");
    expect(response.status).toBe(301);
    expect(location(response)).toBe(to);
  });

  test("route ranking: /edit/{id}/notes is the notes page, not the legacy /edit/notes/{id}", async () => {
    const owner = await person();
    const songId = await completedSong(owner);
    const notes = await get(`/edit/${songId}/notes`, owner.cookie);
    expect(notes.status).toBe(200);
    const production = await get(`/edit/${songId}/production`, owner.cookie);
    expect(production.status).toBe(200);
  });
});

describe("the library page", () => {
  test("lists saved songs with share links and a locked badge (a locked song has no edit link and says how to unlock it); an empty library says so", async () => {
    const empty = await person();
    expect(await (await get("/library", empty.cookie)).text()).toContain("No saved songs yet");

    const owner = await person();
    const songId = await completedSong(owner);
    await database().db.update(songs).set({ songName: "Harbour Lights", locked: true }).where(eq(songs.id, songId));
    const html = await (await get("/library", owner.cookie)).text();
    expect(html).toContain("Harbour Lights");
    expect(html).not.toContain(`href="/edit/${songId}"`);
    expect(html).toContain(`href="/s/${songId}"`);
    expect(html).toContain("Locked");
    expect(html).toContain("Upgrade to unlock it");
    await database().db.update(songs).set({ locked: false }).where(eq(songs.id, songId));
    expect(await (await get("/library", owner.cookie)).text()).toContain(`href="/edit/${songId}"`);
    expect(html).toContain("Morning Sun");
    expect(html).not.toContain("That song could not be found.");
  });
});
