// The share page's HTML cache for visitors (issue 4 speed; ADR 012). A shared link is opened by many
// people who are not signed in, and each of them gets the same HTML: server.mjs asks this cache before
// Remix renders. An entry belongs to one song and is valid for one version of it: the song's updated_at
// and render version plus the active feature flags (the advert banner is in the layout). Every request
// checks that version with one small query (concurrent requests for the same song share it), so a
// renamed, re-rendered or now private song is never served stale. Private, missing and unfinished songs
// are never cached: they go to Remix, which answers 404 to visitors.
// Each kept page also carries HTTP cache headers (issue 26, docs/share.md): a weak ETag of its bytes and a
// public Cache-Control, and a request whose If-None-Match matches gets a 304 without a body. The version
// includes the owner's display name, the artist shown when the song names none.
import { gzipSync } from "node:zlib";
import { etagOf, matchesEtag, SHARE_PAGE_HEADERS } from "~/services/share/http-cache";
import { driverRows, getConnection } from "./db.server";
import type { SessionUser } from "~/models/user.server";
import { getActiveFlags } from "./flags.server";
import { getOptionalUser, getOptionalUserAndPageVersion } from "./guards.server";
import type { RequestHead } from "./http.server";
import { paletteOf } from "./palette.server";
import { getTermsDialog } from "./terms.server";

/** /s/{id} and its aliases; the id is the part before the first dash (as the route reads it). */
const SHARE_PATH = /^\/(?:s|song|share)\/([A-Za-z0-9_]{1,64})(?:-[^/]*)?\/?$/;
/**
 * The session cookie: anyone who carries one may be signed in and gets the full app from Remix. So does a
 * visitor who chose a palette (app/server/palette.server.ts): the cached pages are the default palette's.
 */
const SESSION_COOKIE = /(?:^|;\s*)(?:__session|palette)=/;
const MAX_SONGS = 500;
/** Different `s`/`e` clips of one song; bounded so odd query strings cannot fill memory. */
const MAX_PAGES_PER_SONG = 4;

export interface CachedPage {
  status: number;
  contentType: string;
  body: Buffer;
  gzip: Buffer;
  /**
   * The Content-Security-Policy the page was rendered with: it names the nonce in the page's inline
   * scripts, so it is sent with every copy of the page (ADR 017).
   */
  csp?: string;
  /** An uncached answer's own headers (its Set-Cookie), sent with it. */
  headers?: Headers;
  /** A kept page's HTTP cache headers (ETag, Cache-Control...), sent with it and with its 304. */
  cacheHeaders?: Record<string, string>;
}

const NOT_MODIFIED_BODY = Buffer.alloc(0);

/** A rendered answer as a cache keeps it: its bytes, gzipped once, and the CSP naming its nonce. */
async function capture(response: Response): Promise<CachedPage> {
  const body = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    contentType: response.headers.get("Content-Type") ?? "text/html; charset=utf-8",
    body,
    gzip: gzipSync(body),
    csp: response.headers.get("Content-Security-Policy") ?? undefined,
  };
}

interface SongEntry {
  version: string;
  pages: Map<string, CachedPage>;
}

/**
 * What the caches read of a request: a fetch Request, or server.mjs's view of node's request. Building a
 * fetch Request (its Headers and URL) for every visit cost more CPU than serving the kept page, so
 * server.mjs builds one only for a miss, in its `render`.
 */
export interface PageRequest extends RequestHead {
  method: string;
}
type RenderFrom<R> = (request: R) => Promise<Response>;

export class SharePageCache {
  private readonly songs = new Map<string, SongEntry>();
  private readonly versionChecks = new Map<string, Promise<string | null>>();
  private readonly renders = new Map<string, Promise<CachedPage>>();

  /**
   * The page for a visitor's GET of a share URL: from the cache, or rendered by `render` (Remix) and kept.
   * Null when the cache does not apply (another URL, a session cookie, a song that is private, missing
   * or unfinished): the caller lets Remix answer as usual.
   */
  async serve<R extends PageRequest>(request: R, render: RenderFrom<R>): Promise<CachedPage | null> {
    if (request.method !== "GET") return null;
    if (SESSION_COOKIE.test(request.headers.get("Cookie") ?? "")) return null;
    const url = new URL(request.url);
    const songId = SHARE_PATH.exec(url.pathname)?.[1];
    if (!songId) return null;

    const version = await this.currentVersion(songId);
    let entry = this.songs.get(songId);
    if (version === null) {
      this.songs.delete(songId);
      return null;
    }
    if (!entry || entry.version !== version) {
      entry = { version, pages: new Map() };
    }
    // Most recently used last, so the first key is the one to evict.
    this.songs.delete(songId);
    this.songs.set(songId, entry);
    if (this.songs.size > MAX_SONGS) this.songs.delete(this.songs.keys().next().value!);

    const key = `${url.pathname}${url.search}`;
    let page = entry.pages.get(key);
    if (!page) {
      // Visitors arriving together while the page renders share that one render.
      const renderKey = `${songId} ${version} ${key}`;
      let rendering = this.renders.get(renderKey);
      if (!rendering) {
        rendering = this.renderAndKeep(entry, key, request, render).finally(() => this.renders.delete(renderKey));
        this.renders.set(renderKey, rendering);
      }
      page = await rendering;
    }
    if (page.cacheHeaders && matchesEtag(request.headers.get("If-None-Match"), page.cacheHeaders.ETag)) {
      return { ...page, status: 304, body: NOT_MODIFIED_BODY, gzip: NOT_MODIFIED_BODY };
    }
    return page;
  }

  private async renderAndKeep<R extends PageRequest>(entry: SongEntry, key: string, request: R, render: RenderFrom<R>): Promise<CachedPage> {
    const response = await render(request);
    const page = await capture(response);
    // Only complete, cookie-free pages are shared between visitors.
    if (response.status === 200 && page.contentType.startsWith("text/html") && !response.headers.has("Set-Cookie")) {
      page.cacheHeaders = { ...SHARE_PAGE_HEADERS, ETag: `W/${etagOf(page.body)}` };
      if (entry.pages.size >= MAX_PAGES_PER_SONG) entry.pages.delete(entry.pages.keys().next().value!);
      entry.pages.set(key, page);
    }
    return page;
  }

  /** The version a cached page must match, or null when the song must not be cached. */
  private currentVersion(songId: string): Promise<string | null> {
    let check = this.versionChecks.get(songId);
    if (!check) {
      check = readVersion(songId).finally(() => this.versionChecks.delete(songId));
      this.versionChecks.set(songId, check);
    }
    return check;
  }
}

/**
 * One statement on the driver (driverRows): every visitor's request runs it, and drizzle's query building
 * cost more CPU than the driver's own work. Only a public, finished song of a living account is cached.
 */
const SHARE_VERSION = `select s.updated_at::text as updated, s.version, u.display_name as owner
  from songs s join users u on u.id = s.user_id
  where s.id = $1 and not s.private and s.status = 'complete'`;

async function readVersion(songId: string): Promise<string | null> {
  const [[song], flags] = await Promise.all([driverRows<{ updated: string; version: number; owner: string }>("The share page version", SHARE_VERSION, [songId]), getActiveFlags()]);
  if (!song) return null;
  // The connection is part of the version: tests point `db` at fresh databases in one process.
  return JSON.stringify([connectionId(), song.updated, song.version, song.owner, flags]);
}

const connectionIds = new WeakMap<object, number>();
let connectionCount = 0;
function connectionId(): number {
  const connection = getConnection();
  let id = connectionIds.get(connection);
  if (id === undefined) {
    connectionCount += 1;
    id = connectionCount;
    connectionIds.set(connection, id);
  }
  return id;
}

export const sharePageCache = new SharePageCache();

/**
 * Home for visitors (no session, default palette): the same HTML for everyone, depending only on the
 * catalogue's styles (in the build) and the active flags (the advert banner). A render costs some 9 ms of
 * CPU and Home is where most visitors land, so it is kept per URL (query strings included, a few at most)
 * under the flags' version and rendered again when a flag changes. Remix data requests and anything with a
 * session go to Remix as usual.
 */
const VISITOR_PAGES = new Set(["/"]);
const MAX_VISITOR_VARIANTS = 16;

export class VisitorPageCache {
  private readonly pages = new Map<string, { version: string; page: CachedPage }>();
  private readonly renders = new Map<string, Promise<CachedPage>>();

  async serve<R extends PageRequest>(request: R, render: RenderFrom<R>): Promise<CachedPage | null> {
    if (request.method !== "GET") return null;
    if (SESSION_COOKIE.test(request.headers.get("Cookie") ?? "")) return null;
    const url = new URL(request.url);
    if (!VISITOR_PAGES.has(url.pathname) || url.searchParams.has("_data")) return null;
    const version = JSON.stringify([connectionId(), await getActiveFlags()]);
    const key = `${url.pathname}${url.search}`;
    const kept = this.pages.get(key);
    if (kept && kept.version === version) return kept.page;
    const renderKey = `${version} ${key}`;
    let rendering = this.renders.get(renderKey);
    if (!rendering) {
      rendering = this.renderAndKeep(key, version, request, render).finally(() => this.renders.delete(renderKey));
      this.renders.set(renderKey, rendering);
    }
    return rendering;
  }

  private async renderAndKeep<R extends PageRequest>(key: string, version: string, request: R, render: RenderFrom<R>): Promise<CachedPage> {
    const response = await render(request);
    const page = await capture(response);
    const keep = response.status === 200 && page.contentType.startsWith("text/html") && !response.headers.has("Set-Cookie");
    if (!keep) return { ...page, headers: response.headers };
    this.pages.delete(key);
    this.pages.set(key, { version, page });
    if (this.pages.size > MAX_VISITOR_VARIANTS) this.pages.delete(this.pages.keys().next().value!);
    return page;
  }
}

export const visitorPageCache = new VisitorPageCache();

/**
 * Signed-in pages kept per user (ADR 012, ADR 020). Each is rendered by Remix (with its guards) on a miss and
 * kept for that user only, for a minute at most, under a version checked on every request:
 * - /style, where everyone lands after signing in, depends only on who is signed in (their name and staff
 *   status, in the header) and the app-wide flags;
 * - /library (any query string) and /release/{id} depend on the user's songs, releases, Labs generations and
 *   plan too: their version adds the user's page version (user-page-version.server.ts), which any committed
 *   write to those rows changes; a release page's also adds today's date (its date picker ends today).
 * The session is checked on every request exactly as the guards check it (getOptionalUser: a banned or
 * expired session is never served from here). Anything else — no verified user, a terms dialog to show,
 * another URL, a Remix data request — goes to Remix, which applies the page's guards. A render that says
 * `Cache-Control: no-store` (a list that failed to load) or sets a cookie is sent once and never kept.
 */
const USER_PAGE_SECONDS = 60;
const MAX_USER_PAGES = 1000;
/** A library page is some 100 KB (plus its gzip): the pages kept are bounded by bytes too. */
const MAX_USER_PAGE_BYTES = 64 * 1024 * 1024;
const RELEASE_PAGE = /^\/release\/[a-z0-9]{1,64}\/?$/;

type UserPageKind = "style" | "library" | "release";

function userPageKind(url: URL): UserPageKind | null {
  if (url.pathname === "/style") return url.search === "" ? "style" : null;
  if (url.searchParams.has("_data")) return null;
  if (url.pathname === "/library") return "library";
  // /release/create is the form, not a release: it reads more than the version covers (art history).
  if (RELEASE_PAGE.test(url.pathname) && url.pathname.replace(/\/$/, "") !== "/release/create") return "release";
  return null;
}

interface UserPageEntry {
  version: string;
  expires: number;
  page: CachedPage;
}

export class UserPageCache {
  private readonly pages = new Map<string, UserPageEntry>();
  private bytes = 0;
  /** Requests of one session for one page and version arriving together share one render. */
  private readonly renders = new Map<string, Promise<{ page: CachedPage; kept: boolean }>>();

  async serve<R extends PageRequest>(request: R, render: RenderFrom<R>): Promise<CachedPage | null> {
    if (request.method !== "GET") return null;
    const url = new URL(request.url);
    const kind = userPageKind(url);
    if (!kind) return null;
    let signedIn: { user: SessionUser; pageVersion: string | null } | null;
    try {
      // /style's version is the user and the flags; the others' adds the user's data, read with the session.
      signedIn = kind === "style" ? await getOptionalUser(request).then((user) => user && { user, pageVersion: null }) : await getOptionalUserAndPageVersion(request);
    } catch (thrown) {
      // A banned session: the guard has just signed it out, and its answer (to /sign-in?banned=…, clearing
      // the cookie) is the only one that can still say why, so it goes out as it is.
      if (thrown instanceof Response) return { status: thrown.status, contentType: thrown.headers.get("Content-Type") ?? "text/plain", body: Buffer.from(await thrown.arrayBuffer()), gzip: Buffer.alloc(0), headers: thrown.headers };
      throw thrown;
    }
    if (!signedIn || !signedIn.user.verified) return null;
    const { user, pageVersion } = signedIn;
    const [flags, terms, palette] = await Promise.all([getActiveFlags(), getTermsDialog(user), paletteOf(request)]);
    if (terms) return null;
    const version = JSON.stringify([connectionId(), user.displayName, user.isAdmin, flags, pageVersion, palette, kind === "release" ? todayUtc() : null]);
    const slot = `${user.id} ${url.pathname}${url.search}`;
    const cached = this.pages.get(slot);
    if (cached && cached.version === version && cached.expires > Date.now()) {
      // Most recently used last, so the first key is the one to evict.
      this.pages.delete(slot);
      this.pages.set(slot, cached);
      return cached.page;
    }

    const renderKey = `${request.headers.get("Cookie") ?? ""} ${slot} ${version}`;
    let rendering = this.renders.get(renderKey);
    if (!rendering) {
      rendering = this.renderAndKeep(slot, version, request, render).finally(() => this.renders.delete(renderKey));
      this.renders.set(renderKey, rendering);
    }
    return (await rendering).page;
  }

  private forget(slot: string): void {
    const entry = this.pages.get(slot);
    if (!entry) return;
    this.bytes -= entry.page.body.length + entry.page.gzip.length;
    this.pages.delete(slot);
  }

  private async renderAndKeep<R extends PageRequest>(slot: string, version: string, request: R, render: RenderFrom<R>): Promise<{ page: CachedPage; kept: boolean }> {
    const response = await render(request);
    const page = await capture(response);
    // A response that sets a cookie (a session refreshed, a sign-out), a redirect or a page that failed to
    // load a list is sent once and never replayed.
    const keep =
      response.status === 200 && page.contentType.startsWith("text/html") && !response.headers.has("Set-Cookie") && !/no-store/.test(response.headers.get("Cache-Control") ?? "");
    if (!keep) return { page: { ...page, headers: response.headers }, kept: false };
    this.forget(slot);
    this.pages.set(slot, { version, expires: Date.now() + USER_PAGE_SECONDS * 1000, page });
    this.bytes += page.body.length + page.gzip.length;
    // The least recently used go first.
    while (this.pages.size > MAX_USER_PAGES || this.bytes > MAX_USER_PAGE_BYTES) this.forget(this.pages.keys().next().value!);
    return { page, kept: true };
  }
}

function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

export const userPageCache = new UserPageCache();
