// robots.txt and the sitemap (app/services/share/robots.ts, sitemap.ts): what crawlers are told, the
// sitemap's paging into an index past 50,000 URLs, streaming from a row source read in pages, and the
// ETag/304 of both.
import { robotsTxt, sitemapResponse } from "~/services/share";
import { SITEMAP_MAX_URLS, STATIC_PAGES, sitemapPageCount, type SitemapEntry, type SitemapSource } from "~/services/share/sitemap";

const ORIGIN = "https://songloom.example";
const CHANGED = new Date("2026-03-04T05:06:07Z");

/** A fake table of `count` public songs; records every read so the test sees they are paged. */
function fakeSource(count: number) {
  const reads: { offset: number; limit: number; yielded: number }[] = [];
  const source: SitemapSource = {
    async stats() {
      return { count, lastModified: count ? CHANGED : null };
    },
    async *songs(offset, limit) {
      const read = { offset, limit, yielded: 0 };
      reads.push(read);
      for (let index = offset; index < Math.min(count, offset + limit); index += 1) {
        read.yielded += 1;
        yield { path: `/s/song${String(index).padStart(7, "0")}`, lastModified: CHANGED } satisfies SitemapEntry;
      }
    },
  };
  return { source, reads };
}

const get = (path: string, source: SitemapSource, headers: Record<string, string> = {}) =>
  sitemapResponse(new Request(`${ORIGIN}${path}`, { headers }), ORIGIN, source);

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);

test("robots.txt opens the public pages, keeps crawlers out of the app, the API and the auth pages, and names the sitemap", () => {
  const text = robotsTxt(ORIGIN);
  expect(text.startsWith("User-agent: *\nAllow: /\n")).toBe(true);
  for (const path of ["/edit", "/account", "/admin", "/api/", "/library", "/sign-out", "/forgot-password", "/reset-password", "/verify", "/auth/"]) {
    expect(text).toContain(`\nDisallow: ${path}\n`);
  }
  // The entry pages people search for stay open (a disallowed page scores 63 in Lighthouse's SEO).
  expect(text).not.toMatch(/Disallow: \/(s|song|share|embed|pricing|faqs|sign-in|sign-up)\b/);
  expect(text).toContain(`\nSitemap: ${ORIGIN}/sitemap.xml\n`);
});

test("a small site is one urlset: the public pages, then every song with its lastmod", async () => {
  const { source } = fakeSource(3);
  const response = await get("/sitemap.xml", source);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
  expect(response.headers.get("cache-control")).toContain("public");
  expect(response.headers.get("last-modified")).toBe(CHANGED.toUTCString());
  const xml = await response.text();
  expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
  expect(locs(xml)).toEqual([...STATIC_PAGES.map((path) => `${ORIGIN}${path}`), `${ORIGIN}/s/song0000000`, `${ORIGIN}/s/song0000001`, `${ORIGIN}/s/song0000002`]);
  expect(xml).toContain(`<url><loc>${ORIGIN}/s/song0000000</loc><lastmod>2026-03-04T05:06:07.000Z</lastmod></url>`);
  expect(xml.trimEnd().endsWith("</urlset>")).toBe(true);
});

test("past 50,000 URLs /sitemap.xml is an index, and each page holds at most 50,000 URLs, read in order without overlap", async () => {
  const songs = 120_000;
  const { source, reads } = fakeSource(songs);
  const pages = sitemapPageCount(songs);
  expect(pages).toBe(3);

  const index = await (await get("/sitemap.xml", source)).text();
  expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  expect(locs(index)).toEqual([1, 2, 3].map((page) => `${ORIGIN}/sitemap.xml?page=${page}`));
  expect(reads).toEqual([]);

  const seen: string[] = [];
  for (let page = 1; page <= pages; page += 1) {
    const urls = locs(await (await get(`/sitemap.xml?page=${page}`, source)).text());
    expect(urls.length).toBeLessThanOrEqual(SITEMAP_MAX_URLS);
    seen.push(...urls);
  }
  expect(seen).toHaveLength(STATIC_PAGES.length + songs);
  expect(new Set(seen).size).toBe(seen.length);
  expect(seen[STATIC_PAGES.length]).toBe(`${ORIGIN}/s/song0000000`);
  expect(seen.at(-1)).toBe(`${ORIGIN}/s/song0119999`);
  expect(reads.map(({ offset, limit }) => [offset, limit])).toEqual([
    [0, SITEMAP_MAX_URLS - STATIC_PAGES.length],
    [SITEMAP_MAX_URLS - STATIC_PAGES.length, SITEMAP_MAX_URLS],
    [2 * SITEMAP_MAX_URLS - STATIC_PAGES.length, SITEMAP_MAX_URLS],
  ]);
  expect((await get(`/sitemap.xml?page=4`, source)).status).toBe(404);
  expect((await get(`/sitemap.xml?page=0`, source)).status).toBe(404);
  expect((await get(`/sitemap.xml?page=../1`, source)).status).toBe(404);
});

test("a page is streamed: a reader that stops early stops the reads", async () => {
  const { source, reads } = fakeSource(40_000);
  const response = await get("/sitemap.xml", source);
  const reader = response.body!.getReader();
  await reader.read();
  await reader.read();
  await reader.cancel();
  expect(reads).toHaveLength(1);
  expect(reads[0].yielded).toBeLessThan(5_000);
});

test("the ETag follows the songs: a 304 while nothing changed, a new ETag when a song leaves", async () => {
  const first = await get("/sitemap.xml", fakeSource(3).source);
  const etag = first.headers.get("etag")!;
  expect(etag).toMatch(/^"[\w-]+"$/);
  const again = await get("/sitemap.xml", fakeSource(3).source, { "If-None-Match": etag });
  expect(again.status).toBe(304);
  expect(await again.text()).toBe("");
  const fewer = await get("/sitemap.xml", fakeSource(2).source, { "If-None-Match": etag });
  expect(fewer.status).toBe(200);
  expect(fewer.headers.get("etag")).not.toBe(etag);
});
