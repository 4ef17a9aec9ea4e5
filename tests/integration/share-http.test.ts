// Share pages for crawlers, link previews and embeds (issue 26) over real HTTP against the built server on
// Postgres: cache headers, ETag and 304 through the page cache, the PNG cards (decoded with sharp), the
// embed page and its policy, oEmbed, robots and the sitemap, and what a private song leaves behind.
import "../support/http-env";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { songs } from "#drizzle/schema/index";
import { startBoss, stopBoss } from "#jobs/boss";
import { createSongs } from "~/services/songs/create.server";
import { composeSong, configureSongRendering, renderSongMedia } from "~/services/songs/generate.server";
import { createSession, createUser } from "../support/auth";
import { setupTestDatabase } from "../support/database";
import { freePort } from "../support/ports";
import { waitFor } from "../support/wait";

const root = path.resolve(__dirname, "../..");
const database = setupTestDatabase("postgres");

let server: ChildProcess;
let base: string;
let owner: { id: string; displayName: string; cookie: string };
let songId: string;

beforeAll(async () => {
  const build = spawnSync("npx", ["remix", "build"], { cwd: root, encoding: "utf8", env: { ...process.env, NODE_ENV: "production" } });
  expect(build.status, build.stderr).toBe(0);

  await startBoss(database().connection);
  configureSongRendering({ excerpt: { startSeconds: 0, seconds: 3 } });
  const user = await createUser(database().db);
  owner = { id: user.id, displayName: user.displayName, cookie: (await createSession(database().db, user.id)).cookie };
  const { songs: [song] } = await createSongs({ id: user.id }, { style: "wd_lofi", filter: "morning_sun", songs: 1, advanced: 1 });
  await composeSong(song.id);
  await renderSongMedia(song.id);
  songId = song.id;
  // The sitemap lists songs their owner kept.
  await database().db.update(songs).set({ saved: true, savedAt: new Date() }).where(eq(songs.id, songId));

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

/** The owner edits the song's info the way the info page and the API do. */
async function editInfo(body: Record<string, unknown>) {
  const response = await fetch(`${base}/api/song/${songId}`, { method: "PUT", headers: { "Content-Type": "application/json", Cookie: owner.cookie }, body: JSON.stringify(body) });
  expect(response.status, await response.clone().text()).toBe(200);
}

const meta = (html: string, attribute: "property" | "name", key: string) =>
  new RegExp(`<meta ${attribute}="${key.replace(/[.:]/g, "\\$&")}" content="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, "&");

describe("a visitor's share page", () => {
  test("is cacheable: ETag, public Cache-Control, Vary: Cookie, never framed; a matching If-None-Match is a 304", async () => {
    const first = await fetch(`${base}/s/${songId}`);
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers.get("cache-control")).toBe("public, max-age=60, s-maxage=600, stale-while-revalidate=86400");
    expect(first.headers.get("vary")).toMatch(/Cookie/);
    expect(first.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    // The whole app-wide policy, not only the framing rule: the cached page keeps the one it was rendered with.
    expect(first.headers.get("content-security-policy")).toContain("script-src 'self' 'nonce-");
    const html = await first.text();

    const again = await fetch(`${base}/s/${songId}`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(await again.text()).toBe("");
    expect((await fetch(`${base}/s/${songId}`, { headers: { "If-None-Match": '"something-else"' } })).status).toBe(200);
    // The same page reaches a browser that does not take gzip.
    expect(await (await fetch(`${base}/s/${songId}`, { headers: { "Accept-Encoding": "identity" } })).text()).toBe(html);
  });

  test("names the owner as the artist when the song has none, with a PNG card, oEmbed discovery and the publication date", async () => {
    await editInfo({ songName: "Night Bus", artistName: "" });
    const html = await (await fetch(`${base}/s/${songId}`)).text();
    expect(html).toContain(`<title>Night Bus by ${owner.displayName} · Songloom</title>`);
    expect(meta(html, "property", "music:musician")).toBe(owner.displayName);
    expect(meta(html, "property", "og:image")).toMatch(new RegExp(`^${base}/media/songs/${songId}/card\\.png\\?v=[\\w-]{16}$`));
    expect(meta(html, "property", "og:image:width")).toBe("1200");
    expect(meta(html, "property", "og:image:height")).toBe("630");
    expect(meta(html, "property", "og:image:type")).toBe("image/png");
    expect(meta(html, "property", "og:image:alt")).toContain("Night Bus");
    expect(meta(html, "name", "twitter:image")).toBe(meta(html, "property", "og:image"));
    expect(meta(html, "name", "twitter:card")).toBe("summary_large_image");
    expect(html).not.toContain("twitter:player");
    const oembed = /<link rel="alternate" type="application\/json\+oembed" href="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, "&");
    expect(oembed).toBe(`${base}/oembed?url=${encodeURIComponent(`${base}/s/${songId}`)}&format=json`);
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]);
    expect(jsonLd.byArtist.name).toBe(owner.displayName);
    expect(jsonLd.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(html).not.toContain("Songloom</dd>");

    const answer = await fetch(oembed!);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("etag")).toBeTruthy();
    expect(await answer.json()).toMatchObject({ type: "rich", title: "Night Bus", author_name: owner.displayName, html: expect.stringContaining(`${base}/embed/${songId}`) });
  });

  test("editing the title or artist changes the ETag and the card: a new URL, a newly drawn 1200×630 PNG", async () => {
    await editInfo({ songName: "Night Bus", artistName: "Loomer" });
    const before = await fetch(`${base}/s/${songId}`);
    const beforeHtml = await before.text();
    const beforeCard = meta(beforeHtml, "property", "og:image")!;
    const cardResponse = await fetch(beforeCard);
    expect(cardResponse.status).toBe(200);
    expect(cardResponse.headers.get("content-type")).toBe("image/png");
    expect(cardResponse.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const cardEtag = cardResponse.headers.get("etag")!;
    const beforePng = Buffer.from(await cardResponse.arrayBuffer());
    expect(await sharp(beforePng).metadata()).toMatchObject({ format: "png", width: 1200, height: 630 });
    expect((await fetch(beforeCard, { headers: { "If-None-Match": cardEtag } })).status).toBe(304);

    await editInfo({ songName: "Day Bus" });
    const after = await fetch(`${base}/s/${songId}`, { headers: { "If-None-Match": before.headers.get("etag")! } });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
    const afterCard = meta(await after.text(), "property", "og:image")!;
    expect(afterCard).not.toBe(beforeCard);
    const afterPng = Buffer.from(await (await fetch(afterCard)).arrayBuffer());
    expect(afterPng.equals(beforePng)).toBe(false);
    expect(await sharp(afterPng).metadata()).toMatchObject({ format: "png", width: 1200, height: 630 });
    // The old URL now answers with the current card, kept only briefly.
    const stale = await fetch(beforeCard);
    expect(stale.headers.get("cache-control")).toContain("max-age=60");
    expect(Buffer.from(await stale.arrayBuffer()).equals(afterPng)).toBe(true);

    const square = await fetch(`${base}/media/songs/${songId}/card-square.png`);
    expect(await sharp(Buffer.from(await square.arrayBuffer())).metadata()).toMatchObject({ format: "png", width: 600, height: 600 });
    const thumb = await fetch(`${base}/media/songs/${songId}/card-thumb.webp`);
    expect(thumb.headers.get("content-type")).toBe("image/webp");
    expect(await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).toMatchObject({ format: "webp", width: 312, height: 312 });
  });

  test("the owner's own view is private to them and not kept by shared caches", async () => {
    const own = await fetch(`${base}/s/${songId}`, { headers: { Cookie: owner.cookie } });
    expect(own.status).toBe(200);
    expect(own.headers.get("cache-control")).toBe("private, no-cache");
    expect(own.headers.get("vary")).toMatch(/Cookie/);
    expect(own.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });
});

describe("the embed player", () => {
  test("is a small framable page that sets no cookie, plays on its own, honours s/e, and answers 304", async () => {
    const response = await fetch(`${base}/embed/${songId}?s=1&e=2`, { headers: { Cookie: owner.cookie } });
    expect(response.status).toBe(200);
    const policy = response.headers.get("content-security-policy")!;
    expect(policy).toContain("frame-ancestors *");
    expect(policy).toContain("default-src 'none'");
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(response.headers.get("cache-control")).toContain("public");
    const html = await response.text();
    expect(Buffer.byteLength(html)).toBeLessThan(20 * 1024);
    expect(html).toMatch(new RegExp(`<audio controls preload="none" src="${base}/media/songs/${songId}/song\\.mp3\\?v=1#t=1,2"`));
    expect(html).toContain(`<link rel="canonical" href="${base}/s/${songId}">`);
    expect(html).toMatch(new RegExp(`<img src="${base}/media/songs/${songId}/card-thumb\\.webp\\?v=[\\w-]{16}"`));
    expect(html).toContain("Day Bus");
    const etag = response.headers.get("etag")!;
    expect((await fetch(`${base}/embed/${songId}?s=1&e=2`, { headers: { "If-None-Match": etag } })).status).toBe(304);
    // Out-of-range and malformed clips are ignored or clamped, never an error.
    for (const query of ["?s=999999&e=5", "?s=-3", "?s=1.5&e=abc", "?e=0"]) {
      expect((await fetch(`${base}/embed/${songId}${query}`)).status).toBe(200);
    }
  });
});

describe("the crawl map", () => {
  test("robots.txt keeps crawlers out of the app and names the sitemap; the sitemap lists the public saved song", async () => {
    const robots = await fetch(`${base}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(robots.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const text = await robots.text();
    expect(text).toContain("Disallow: /edit\n");
    expect(text).toContain(`Sitemap: ${base}/sitemap.xml`);
    expect((await fetch(`${base}/robots.txt`, { headers: { "If-None-Match": robots.headers.get("etag")! } })).status).toBe(304);

    const sitemap = await fetch(`${base}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(await sitemap.text()).toContain(`<loc>${base}/s/${songId}</loc>`);
    // A song nobody kept has a share page but is not offered to crawlers.
    await database().db.update(songs).set({ saved: false }).where(eq(songs.id, songId));
    try {
      expect(await (await fetch(`${base}/sitemap.xml`)).text()).not.toContain(songId);
    } finally {
      await database().db.update(songs).set({ saved: true }).where(eq(songs.id, songId));
    }
  });
});

describe("a song made private", () => {
  test("is gone at once: 404 without an ETag on every public URL, out of the sitemap, noindex for its owner", async () => {
    const sitemapEtag = (await fetch(`${base}/sitemap.xml`)).headers.get("etag")!;
    const page = await fetch(`${base}/s/${songId}`);
    expect(page.status).toBe(200);
    await editInfo({ private: true });
    try {
      for (const path of [`/s/${songId}`, `/song/${songId}-day-bus`, `/embed/${songId}`, `/media/songs/${songId}/card.png`, `/oembed?url=${encodeURIComponent(`${base}/s/${songId}`)}`]) {
        const response = await fetch(`${base}${path}`, { headers: { "If-None-Match": page.headers.get("etag")! } });
        expect({ path, status: response.status }).toEqual({ path, status: 404 });
        expect(response.headers.get("etag")).toBeNull();
        expect(await response.text()).not.toContain("Day Bus");
      }
      const sitemap = await fetch(`${base}/sitemap.xml`, { headers: { "If-None-Match": sitemapEtag } });
      expect(sitemap.status).toBe(200);
      expect(await sitemap.text()).not.toContain(songId);
      const own = await fetch(`${base}/s/${songId}`, { headers: { Cookie: owner.cookie } });
      expect(own.status).toBe(200);
      expect(own.headers.get("x-robots-tag")).toBe("noindex");
      expect(own.headers.get("cache-control")).toBe("private, no-cache");
    } finally {
      await editInfo({ private: false });
    }
    expect((await fetch(`${base}/s/${songId}`)).status).toBe(200);
  });
});

describe("bad input", () => {
  test("odd ids and oEmbed URLs are a 4xx, never a 500", async () => {
    const long = "a".repeat(3000);
    for (const path of [`/s/${long}`, `/embed/${long}`, "/embed/..%2F..%2Fadmin", "/embed/%E2%9C%93", "/s/%E2%9C%93", `/media/songs/${long}/card.png`]) {
      const status = (await fetch(`${base}${path}`)).status;
      expect({ path, status }).toEqual({ path, status: 404 });
    }
    for (const url of ["javascript:alert(1)", `https://evil.example/s/${songId}`, `${base}/edit/${songId}`]) {
      expect((await fetch(`${base}/oembed?url=${encodeURIComponent(url)}`)).status).toBe(404);
    }
    expect((await fetch(`${base}/oembed?url=${encodeURIComponent(`${base}/s/${songId}`)}&format=xml`)).status).toBe(501);
    expect((await fetch(`${base}/oembed`)).status).toBe(400);
    const huge = await (await fetch(`${base}/oembed?url=${encodeURIComponent(`${base}/s/${songId}`)}&maxwidth=99999999999999`)).json();
    expect(huge.width).toBe(480);
  });
});
