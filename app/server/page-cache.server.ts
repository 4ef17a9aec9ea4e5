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
import { eq } from "drizzle-orm";
import { users } from "../../drizzle/schema/auth";
import { songs } from "../../drizzle/schema/songs";
import { etagOf, matchesEtag, SHARE_PAGE_HEADERS } from "~/services/share/http-cache";
import { db, getConnection } from "./db.server";
import type { SessionUser } from "~/models/user.server";
import { getActiveFlags } from "./flags.server";
import { getOptionalUser } from "./guards.server";
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

interface SongEntry {
  version: string;
  pages: Map<string, CachedPage>;
}

type Render = (request: Request) => Promise<Response>;

export class SharePageCache {
  private readonly songs = new Map<string, SongEntry>();
  private readonly versionChecks = new Map<string, Promise<string | null>>();
  private readonly renders = new Map<string, Promise<CachedPage>>();

  /**
   * The page for a visitor's GET of a share URL: from the cache, or rendered by `render` (Remix) and kept.
   * Null when the cache does not apply (another URL, a session cookie, a song that is private, missing
   * or unfinished): the caller lets Remix answer as usual.
   */
  async serve(request: Request, render: Render): Promise<CachedPage | null> {
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

  private async renderAndKeep(entry: SongEntry, key: string, request: Request, render: Render): Promise<CachedPage> {
    const response = await render(request);
    const body = Buffer.from(await response.arrayBuffer());
    const page: CachedPage = {
      status: response.status,
      contentType: response.headers.get("Content-Type") ?? "text/html; charset=utf-8",
      body,
      gzip: gzipSync(body),
      csp: response.headers.get("Content-Security-Policy") ?? undefined,
    };
    // Only complete, cookie-free pages are shared between visitors.
    if (response.status === 200 && page.contentType.startsWith("text/html") && !response.headers.has("Set-Cookie")) {
      page.cacheHeaders = { ...SHARE_PAGE_HEADERS, ETag: `W/${etagOf(body)}` };
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

async function readVersion(songId: string): Promise<string | null> {
  const [[song], flags] = await Promise.all([
    db
      .select({ userId: songs.userId, private: songs.private, status: songs.status, updatedAt: songs.updatedAt, version: songs.version, ownerName: users.displayName })
      .from(songs)
      .leftJoin(users, eq(users.id, songs.userId))
      .where(eq(songs.id, songId)),
    getActiveFlags(),
  ]);
  if (!song || song.userId === null || song.private || song.status !== "complete") return null;
  // The connection is part of the version: tests point `db` at fresh databases in one process.
  return JSON.stringify([connectionId(), song.updatedAt.toISOString(), song.version, song.ownerName, flags]);
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
 * Signed-in pages whose HTML depends only on who is signed in (their name and staff status, in the header)
 * and the app-wide flags: /style, where everyone lands after signing in. The session is checked on every
 * request exactly as the guards check it (getOptionalUser: a banned or expired session is never served
 * from here), and a page is kept per user for a minute at most, for that user only. Anything else — no
 * verified user, a terms dialog to show, another URL — goes to Remix, which applies the page's guards.
 */
const USER_PAGES = new Set(["/style"]);
const USER_PAGE_SECONDS = 60;
const MAX_USER_PAGES = 1000;

interface UserPageEntry {
  version: string;
  expires: number;
  page: CachedPage;
}

export class UserPageCache {
  private readonly pages = new Map<string, UserPageEntry>();

  async serve(request: Request, render: Render): Promise<CachedPage | null> {
    if (request.method !== "GET") return null;
    const url = new URL(request.url);
    if (!USER_PAGES.has(url.pathname) || url.search !== "") return null;
    let user: SessionUser | null;
    try {
      user = await getOptionalUser(request);
    } catch {
      // A banned session: Remix signs it out.
      return null;
    }
    if (!user || !user.verified) return null;
    const [flags, terms, palette] = await Promise.all([getActiveFlags(), getTermsDialog(user), paletteOf(request)]);
    if (terms) return null;
    const version = JSON.stringify([connectionId(), user.displayName, user.isAdmin, flags, palette]);
    const slot = `${user.id} ${url.pathname}`;
    const cached = this.pages.get(slot);
    if (cached && cached.version === version && cached.expires > Date.now()) return cached.page;

    const response = await render(request);
    const body = Buffer.from(await response.arrayBuffer());
    const page: CachedPage = {
      status: response.status,
      contentType: response.headers.get("Content-Type") ?? "text/html; charset=utf-8",
      body,
      gzip: gzipSync(body),
      csp: response.headers.get("Content-Security-Policy") ?? undefined,
    };
    // A response that sets a cookie (a session refreshed, a sign-out) is sent once and never replayed.
    if (response.status === 200 && page.contentType.startsWith("text/html") && !response.headers.has("Set-Cookie")) {
      this.pages.delete(slot);
      this.pages.set(slot, { version, expires: Date.now() + USER_PAGE_SECONDS * 1000, page });
      if (this.pages.size > MAX_USER_PAGES) this.pages.delete(this.pages.keys().next().value!);
      return page;
    }
    return { ...page, headers: response.headers };
  }
}

export const userPageCache = new UserPageCache();
