// /sitemap.xml (issue 26): the public pages and every public song with its lastmod. Past 50,000 URLs (the
// protocol's limit per file) /sitemap.xml is a sitemap index of /sitemap.xml?page=N, each a urlset of at
// most 50,000 URLs. A page is streamed as it is read: songs come from a row source in chunks (keyset
// pages of the songs' ids), never all at once. The source is an interface so the paging can be tested
// without a million rows; the PostgreSQL one is in sitemap-source.server.ts.
import { etagOf, matchesEtag, PUBLIC_CACHE } from "./http-cache";

export const SITEMAP_MAX_URLS = 50_000;

/** The public pages that are not songs, listed first. */
export const STATIC_PAGES = ["/", "/pricing", "/about", "/faqs", "/terms", "/privacy", "/credits"] as const;

export interface SitemapEntry {
  /** Path on the public origin. */
  path: string;
  lastModified: Date | null;
}

export interface SitemapSource {
  /** How many songs are listed and when the newest of them changed (the sitemap's version). */
  stats(): Promise<{ count: number; lastModified: Date | null }>;
  /** `limit` songs from the `offset`th in a stable order, yielded as they are read. */
  songs(offset: number, limit: number): AsyncIterable<SitemapEntry>;
}

/** How many sitemap files the URLs need: 1 is a plain urlset at /sitemap.xml, more is an index. */
export function sitemapPageCount(songCount: number, maxUrls = SITEMAP_MAX_URLS): number {
  return Math.max(1, Math.ceil((STATIC_PAGES.length + songCount) / maxUrls));
}

/**
 * The answer to /sitemap.xml (`page` null) or /sitemap.xml?page=N: a urlset, or the index when the URLs
 * do not fit in one file. 404 for a page past the end or a malformed one.
 */
export async function sitemapResponse(request: Request, origin: string, source: SitemapSource, maxUrls = SITEMAP_MAX_URLS): Promise<Response> {
  const pageParam = new URL(request.url).searchParams.get("page");
  const stats = await source.stats();
  const pages = sitemapPageCount(stats.count, maxUrls);
  const page = pageParam === null ? null : /^[1-9]\d{0,6}$/.test(pageParam) ? Number(pageParam) : NaN;
  if (Number.isNaN(page) || (page !== null && page > pages)) {
    return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  }
  const etag = etagOf(JSON.stringify([origin, stats.count, stats.lastModified?.toISOString() ?? null, page, maxUrls]));
  const headers = new Headers({ "Content-Type": "application/xml; charset=utf-8", ETag: etag, "Cache-Control": PUBLIC_CACHE });
  if (stats.lastModified) headers.set("Last-Modified", stats.lastModified.toUTCString());
  if (matchesEtag(request.headers.get("If-None-Match"), etag)) return new Response(null, { status: 304, headers });
  if (request.method === "HEAD") return new Response(null, { status: 200, headers });

  if (page === null && pages > 1) {
    const lastmod = stats.lastModified ? `<lastmod>${stats.lastModified.toISOString()}</lastmod>` : "";
    const body = [
      `<?xml version="1.0" encoding="UTF-8"?>`,
      `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`,
      ...Array.from({ length: pages }, (_, index) => `<sitemap><loc>${origin}/sitemap.xml?page=${index + 1}</loc>${lastmod}</sitemap>`),
      `</sitemapindex>`,
      "",
    ].join("\n");
    return new Response(body, { status: 200, headers });
  }
  return new Response(streamUrlset(origin, source, page ?? 1, maxUrls), { status: 200, headers });
}

/** The URLs of one page: the static pages (on page 1) then that page's share of the songs. */
async function* pageEntries(source: SitemapSource, page: number, maxUrls: number): AsyncGenerator<SitemapEntry> {
  const first = (page - 1) * maxUrls;
  const statics = STATIC_PAGES.slice(first, first + maxUrls);
  for (const path of statics) yield { path, lastModified: null };
  const songOffset = Math.max(0, first - STATIC_PAGES.length);
  yield* source.songs(songOffset, maxUrls - statics.length);
}

function streamUrlset(origin: string, source: SitemapSource, page: number, maxUrls: number): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const entries = pageEntries(source, page, maxUrls);
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`));
      }
      // About a thousand URLs per chunk: few, large writes, and memory bounded by the chunk.
      let chunk = "";
      for (let count = 0; count < 1000; count += 1) {
        const next = await entries.next();
        if (next.done) {
          controller.enqueue(encoder.encode(`${chunk}</urlset>\n`));
          controller.close();
          return;
        }
        chunk += urlElement(origin, next.value);
      }
      controller.enqueue(encoder.encode(chunk));
    },
    async cancel() {
      await entries.return(undefined);
    },
  });
}

function urlElement(origin: string, entry: SitemapEntry): string {
  const lastmod = entry.lastModified ? `<lastmod>${entry.lastModified.toISOString()}</lastmod>` : "";
  return `<url><loc>${escapeXml(origin + entry.path)}</loc>${lastmod}</url>\n`;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
}
