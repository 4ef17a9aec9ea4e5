// Cache headers of the public pages (issue 26): visitors' share pages, the embed player, oEmbed, robots and
// the sitemap. Browsers keep an answer a minute, shared caches (a CDN) ten minutes, and may serve a stale
// copy for a day while they fetch a fresh one; every answer has a strong ETag, and a matching
// If-None-Match is a 304. How long each thing is kept is listed in docs/share.md.
import { createHash } from "node:crypto";

export const PUBLIC_CACHE = "public, max-age=60, s-maxage=600, stale-while-revalidate=86400";
/** A signed-in viewer's page (the owner's own view): never kept by a shared cache. */
export const PRIVATE_CACHE = "private, no-cache";
/** A card under its versioned URL never changes. */
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";

/**
 * The headers of a visitor's share page (kept by app/server/page-cache.server.ts, which adds the ETag):
 * publicly cacheable, varying by Cookie because a signed-in viewer gets another page. It is never framed:
 * the app-wide Content-Security-Policy (ADR 017) says `frame-ancestors 'none'`; only /embed/{id} sets its own.
 */
export const SHARE_PAGE_HEADERS: Record<string, string> = {
  "Cache-Control": PUBLIC_CACHE,
  Vary: "Accept-Encoding, Cookie",
};

/** A strong ETag of a body. */
export function etagOf(body: string | Uint8Array): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

/** Whether an If-None-Match header (a list, or `*`) matches the ETag; weak and strong compare alike (RFC 9110 §13.1.2). */
export function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}

/**
 * A public answer with its ETag and cache headers, or a 304 without a body when the request already has
 * it. `headers` are added (its Content-Type, a Content-Security-Policy).
 */
export function cacheableResponse(request: Request, body: string, headers: Record<string, string>): Response {
  const etag = etagOf(body);
  const all = new Headers({ ...headers, ETag: etag, "Cache-Control": PUBLIC_CACHE });
  if (matchesEtag(request.headers.get("If-None-Match"), etag)) {
    all.delete("Content-Type");
    return new Response(null, { status: 304, headers: all });
  }
  return new Response(request.method === "HEAD" ? null : body, { status: 200, headers: all });
}
