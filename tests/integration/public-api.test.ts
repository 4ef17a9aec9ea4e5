// The public API (/api/v1, docs/api.md) against a real database: every operation under every kind of
// token (a matrix like the admin permission matrix), the guards the pages have (verification, ownership,
// bans), per-token rate limits with their RateLimit fields, tokens refused in URLs and cookies never read,
// the token pages (made once, listed with last use, revoked; staff tokens audited), and the documented
// flow: save a song, put it on a release, submit, with the release.status_changed event recorded.
import "../support/auth-env";
import { and, eq, sql } from "drizzle-orm";
import { adminAuditLog } from "#drizzle/schema/admin";
import { users } from "#drizzle/schema/auth";
import { accessTokens, webhookDeliveries, webhookEndpoints, webhookEvents } from "#drizzle/schema/platform";
import * as apiMe from "~/routes/api.v1.me";
import * as apiReleases from "~/routes/api.v1.releases._index";
import * as apiRelease from "~/routes/api.v1.releases.$id";
import * as apiReleaseArt from "~/routes/api.v1.releases.$id.cover-art";
import * as apiReleaseSongs from "~/routes/api.v1.releases.$id.songs";
import * as apiReleaseSubmit from "~/routes/api.v1.releases.$id.submit";
import * as apiRoyalties from "~/routes/api.v1.royalties";
import * as apiSongs from "~/routes/api.v1.songs._index";
import * as apiSong from "~/routes/api.v1.songs.$id";
import * as apiSongSave from "~/routes/api.v1.songs.$id.save";
import * as apiStats from "~/routes/api.v1.stats.$measure";
import * as apiAdminLookup from "~/routes/api.admin.user.lookup";
import * as apiUserRevenue from "~/routes/api.user.revenue";
import * as accountTokens from "~/routes/account.api.tokens";
import * as adminTokens from "~/routes/admin.tokens";
import { crossSiteProblem } from "~/server/hardening";
import { registeredApiOperations } from "~/server/openapi.server";
import { RATE_LIMITS } from "~/server/rate-limit.server";
import { createAccessToken, revokeAccessToken, TOKEN_SCOPE_NAMES, type TokenScope } from "~/services/access-tokens";
import { callRoute, createSession, createUser, get, post } from "../support/auth";
import { setupTestDatabase } from "../support/database";
import { insertCoverArt, insertSavedSong } from "../support/releases";
import { startBoss, stopBoss } from "#jobs/boss";

const database = setupTestDatabase("postgres");
beforeAll(async () => {
  await startBoss(database().connection);
});
afterAll(async () => {
  await stopBoss();
});

type RouteFn = Parameters<typeof callRoute>[0];

function bearer(path: string, token: string | null, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Request {
  const headers: Record<string, string> = { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...init.headers };
  if (init.body !== undefined) headers["Content-Type"] = "application/json";
  return new Request(new URL(path, "http://localhost:3000"), { method: init.method ?? "GET", headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
}

async function makeToken(userId: string, scopes: readonly string[], kind: "user" | "staff" = "user") {
  return createAccessToken(database().db, { id: userId }, kind, { name: `t-${scopes.join("+") || "none"}`, scopes: [...scopes], expiresInDays: 30 });
}

interface Endpoint {
  name: string;
  fn: RouteFn;
  request: (token: string | null, init?: { headers?: Record<string, string>; query?: string }) => Request;
  params?: Record<string, string>;
  scope: TokenScope | null;
  verified: boolean;
}

const ID = "aaaaaaaaaaaaaaaaaaaaaaaa";
const v1 = (method: string, path: string, body?: unknown) => (token: string | null, init: { headers?: Record<string, string>; query?: string } = {}) =>
  bearer(`${path}${init.query ?? ""}`, token, { method, body, headers: init.headers });

const ENDPOINTS: Endpoint[] = [
  { name: "GET /api/v1/me", fn: apiMe.loader as RouteFn, request: v1("GET", "/api/v1/me"), scope: null, verified: false },
  { name: "GET /api/v1/songs", fn: apiSongs.loader as RouteFn, request: v1("GET", "/api/v1/songs"), scope: "songs:read", verified: false },
  { name: "POST /api/v1/songs", fn: apiSongs.action as RouteFn, request: v1("POST", "/api/v1/songs", {}), scope: "songs:write", verified: true },
  { name: "GET /api/v1/songs/{id}", fn: apiSong.loader as RouteFn, request: v1("GET", `/api/v1/songs/${ID}`), params: { id: ID }, scope: "songs:read", verified: false },
  { name: "POST /api/v1/songs/{id}/save", fn: apiSongSave.action as RouteFn, request: v1("POST", `/api/v1/songs/${ID}/save`, {}), params: { id: ID }, scope: "songs:write", verified: true },
  { name: "GET /api/v1/releases", fn: apiReleases.loader as RouteFn, request: v1("GET", "/api/v1/releases"), scope: "releases:read", verified: false },
  { name: "POST /api/v1/releases", fn: apiReleases.action as RouteFn, request: v1("POST", "/api/v1/releases", { title: "", artistName: "" }), scope: "releases:write", verified: false },
  { name: "GET /api/v1/releases/{id}", fn: apiRelease.loader as RouteFn, request: v1("GET", `/api/v1/releases/${ID}`), params: { id: ID }, scope: "releases:read", verified: false },
  { name: "POST /api/v1/releases/{id}/songs", fn: apiReleaseSongs.action as RouteFn, request: v1("POST", `/api/v1/releases/${ID}/songs`, { songIds: [] }), params: { id: ID }, scope: "releases:write", verified: false },
  { name: "POST /api/v1/releases/{id}/cover-art", fn: apiReleaseArt.action as RouteFn, request: v1("POST", `/api/v1/releases/${ID}/cover-art`, { keyword: "river" }), params: { id: ID }, scope: "releases:write", verified: false },
  { name: "POST /api/v1/releases/{id}/submit", fn: apiReleaseSubmit.action as RouteFn, request: v1("POST", `/api/v1/releases/${ID}/submit`), params: { id: ID }, scope: "releases:write", verified: false },
  { name: "GET /api/v1/stats/streams", fn: apiStats.loader as RouteFn, request: v1("GET", "/api/v1/stats/streams"), params: { measure: "streams" }, scope: "stats:read", verified: true },
  { name: "GET /api/v1/stats/revenue", fn: apiStats.loader as RouteFn, request: v1("GET", "/api/v1/stats/revenue"), params: { measure: "revenue" }, scope: "stats:read", verified: true },
  { name: "GET /api/v1/royalties", fn: apiRoyalties.loader as RouteFn, request: v1("GET", "/api/v1/royalties"), scope: "stats:read", verified: true },
];

const GUARD_CODES = new Set(["unauthorized", "invalid_token", "token_expired", "token_revoked", "token_in_query", "insufficient_scope", "banned", "unverified", "rate_limited"]);

/** The guard's refusal as "status code", or "allowed" when the request reached the operation. */
async function answer(response: Response): Promise<string> {
  const body = await response.clone().json().catch(() => null);
  const code = body?.error?.code;
  return typeof code === "string" && GUARD_CODES.has(code) ? `${response.status} ${code}` : "allowed";
}

describe("the public API's token matrix", () => {
  test("the matrix covers every /api/v1 operation the API documents", () => {
    const documented = registeredApiOperations()
      .filter((operation) => operation.path.startsWith("/api/v1/"))
      .map((operation) => `${operation.method} ${operation.path}`)
      .sort();
    expect(ENDPOINTS.map((endpoint) => endpoint.name).sort()).toEqual(documented);
    for (const endpoint of ENDPOINTS) {
      const operation = registeredApiOperations().find((candidate) => `${candidate.method} ${candidate.path}` === endpoint.name)!;
      expect(operation.token, endpoint.name).toEqual({ scope: endpoint.scope, verified: endpoint.verified });
    }
  });

  test("every operation answers each kind of token as its scope, verification and the account's standing say", async () => {
    const { db } = database();
    const verified = await createUser(db);
    const unverified = await createUser(db, { verified: false });
    const banned = await createUser(db);
    const { cookie } = await createSession(db, verified.id);
    const all = (await makeToken(verified.id, TOKEN_SCOPE_NAMES)).token;
    const expired = await makeToken(verified.id, TOKEN_SCOPE_NAMES);
    await db.update(accessTokens).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(accessTokens.id, expired.row.id));
    const revoked = await makeToken(verified.id, TOKEN_SCOPE_NAMES);
    await revokeAccessToken(db, verified.id, "user", revoked.row.id);
    const unverifiedToken = (await makeToken(unverified.id, TOKEN_SCOPE_NAMES)).token;
    const bannedToken = (await makeToken(banned.id, TOKEN_SCOPE_NAMES)).token;
    await db.update(users).set({ accountStatus: "BANNED" }).where(eq(users.id, banned.id));
    const onlyScope = new Map(await Promise.all(TOKEN_SCOPE_NAMES.map(async (scope) => [scope, (await makeToken(verified.id, [scope])).token] as const)));
    const allBut = new Map(await Promise.all(TOKEN_SCOPE_NAMES.map(async (scope) => [scope, (await makeToken(verified.id, TOKEN_SCOPE_NAMES.filter((other) => other !== scope))).token] as const)));

    const answers: Record<string, string> = {};
    const expected: Record<string, string> = {};
    for (const endpoint of ENDPOINTS) {
      const cases: [string, Request, string][] = [
        ["no token", endpoint.request(null), "401 unauthorized"],
        ["the session cookie alone", endpoint.request(null, { headers: { Cookie: cookie } }), "401 unauthorized"],
        ["a Basic header", endpoint.request(null, { headers: { Authorization: "Basic dXNlcjpwYXNz" } }), "401 invalid_token"],
        ["an unknown token", endpoint.request("slk_not-a-real-token"), "401 invalid_token"],
        ["an expired token", endpoint.request(expired.token), "401 token_expired"],
        ["a revoked token", endpoint.request(revoked.token), "401 token_revoked"],
        ["a token in the query string", endpoint.request(null, { query: `?access_token=${all}` }), "400 token_in_query"],
        ["a token in the query string and the header", endpoint.request(all, { query: `?key=${all}` }), "400 token_in_query"],
        ["a banned account's token", endpoint.request(bannedToken), "403 banned"],
        ["an unverified account's token", endpoint.request(unverifiedToken), endpoint.verified ? "403 unverified" : "allowed"],
        ["every scope", endpoint.request(all), "allowed"],
      ];
      if (endpoint.scope) {
        cases.push(["only its scope", endpoint.request(onlyScope.get(endpoint.scope)!), "allowed"]);
        cases.push(["every scope but its own", endpoint.request(allBut.get(endpoint.scope)!), "403 insufficient_scope"]);
      } else {
        cases.push(...TOKEN_SCOPE_NAMES.map((scope): [string, Request, string] => [`only ${scope}`, endpoint.request(onlyScope.get(scope)!), "allowed"]));
      }
      for (const [label, request, outcome] of cases) {
        const response = await callRoute(endpoint.fn, request, endpoint.params ?? {});
        answers[`${endpoint.name} with ${label}`] = await answer(response);
        expected[`${endpoint.name} with ${label}`] = outcome;
        // Cookies are never set (nor read) on the public API, and nothing it answers is cached.
        expect(response.headers.get("Set-Cookie"), `${endpoint.name} with ${label}`).toBeNull();
        expect(response.headers.get("Cache-Control"), `${endpoint.name} with ${label}`).toBe("no-store");
      }
    }
    expect(answers).toEqual(expected);
  });

  test("refusals say how to fix them, with the RFC 6750 challenge", async () => {
    const { db } = database();
    const user = await createUser(db);
    const readOnly = (await makeToken(user.id, ["songs:read"])).token;
    const missing = await callRoute(apiMe.loader as RouteFn, bearer("/api/v1/me", null));
    expect(missing.headers.get("WWW-Authenticate")).toBe('Bearer realm="Songloom API"');
    const scoped = await callRoute(apiSongs.action as RouteFn, bearer("/api/v1/songs", readOnly, { method: "POST", body: { style: "wd_lofi", filter: "morning_sun" } }));
    expect(scoped.status).toBe(403);
    expect(scoped.headers.get("WWW-Authenticate")).toBe('Bearer realm="Songloom API", error="insufficient_scope", scope="songs:write"');
    expect((await scoped.json()).error.message).toMatch(/lacks the songs:write scope/);
    const inQuery = await callRoute(apiMe.loader as RouteFn, bearer(`/api/v1/me?token=${readOnly}`, null));
    expect((await inQuery.json()).error.message).toMatch(/Authorization header/);
  });
});

describe("what a token may reach", () => {
  test("another account's songs and releases are 404s, and the token acts with no staff powers", async () => {
    const { db } = database();
    const owner = await createUser(db);
    const staff = await createUser(db, { isAdmin: true, roles: ["super_admin"] });
    const songId = await insertSavedSong(db, owner.id, { name: "Mine" });
    const staffToken = (await makeToken(staff.id, TOKEN_SCOPE_NAMES, "staff")).token;
    const ownerToken = (await makeToken(owner.id, TOKEN_SCOPE_NAMES)).token;
    const theirs = await callRoute(apiSong.loader as RouteFn, bearer(`/api/v1/songs/${songId}`, staffToken), { id: songId });
    expect(theirs.status).toBe(404);
    const mine = await callRoute(apiSong.loader as RouteFn, bearer(`/api/v1/songs/${songId}`, ownerToken), { id: songId });
    expect(mine.status).toBe(200);
    expect((await mine.json()).song).toMatchObject({ id: songId, songName: "Mine", status: "complete" });
    // Bearer tokens work only on /api/v1: the admin API and the app's own calls read the session cookie alone.
    expect((await callRoute(apiAdminLookup.loader as RouteFn, bearer(`/api/admin/user/lookup?query=x`, staffToken))).status).toBe(401);
    expect((await callRoute(apiUserRevenue.loader as RouteFn, bearer("/api/user/revenue", ownerToken))).status).toBe(401);
    const me = await (await callRoute(apiMe.loader as RouteFn, bearer("/api/v1/me", staffToken))).json();
    expect(me).toEqual({ user: { id: staff.id, displayName: staff.displayName, verified: true }, token: { id: expect.any(String), scopes: TOKEN_SCOPE_NAMES } });
  });

  test("a token's requests are counted per minute in the RateLimit fields; past the limit it gets 429 with Retry-After", async () => {
    const { db } = database();
    const user = await createUser(db);
    const token = (await makeToken(user.id, ["songs:read"])).token;
    const other = (await makeToken(user.id, ["songs:read"])).token;
    const max = RATE_LIMITS.apiPerToken.max;
    const first = await callRoute(apiMe.loader as RouteFn, bearer("/api/v1/me", token));
    expect(first.headers.get("RateLimit-Policy")).toBe(`"token";q=${max};w=60`);
    expect(first.headers.get("RateLimit")).toMatch(new RegExp(`^"token";r=${max - 1};t=\\d+$`));
    for (let hit = 2; hit <= max; hit += 1) await callRoute(apiMe.loader as RouteFn, bearer("/api/v1/me", token));
    const over = await callRoute(apiMe.loader as RouteFn, bearer("/api/v1/me", token));
    expect(over.status).toBe(429);
    expect((await over.json()).error.code).toBe("rate_limited");
    expect(Number(over.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(over.headers.get("RateLimit")).toMatch(/^"token";r=0;t=\d+$/);
    // Another token of the same account has its own count.
    expect((await callRoute(apiMe.loader as RouteFn, bearer("/api/v1/me", other))).status).toBe(200);
  });

  test("the cross-origin check leaves /api/v1 to its tokens and still guards the cookie routes", () => {
    const source = { method: "POST", origin: "https://elsewhere.example", addressedTo: "http://localhost:3000" };
    expect(crossSiteProblem({ ...source, path: "/api/v1/songs" }, "http://localhost:3000")).toBeNull();
    expect(crossSiteProblem({ ...source, path: "/api/song" }, "http://localhost:3000")).not.toBeNull();
    expect(crossSiteProblem({ ...source, path: "/api/v1" }, "http://localhost:3000")).not.toBeNull();
    expect(crossSiteProblem({ ...source, path: "/account/api/tokens" }, "http://localhost:3000")).not.toBeNull();
  });
});

describe("the token pages", () => {
  const form = (fields: [string, string][], cookie: string, path: string) =>
    new Request(new URL(path, "http://localhost:3000"), { method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie } });

  test("a user makes a token (shown once, kept hashed), sees its last use, and revokes it", async () => {
    const { db } = database();
    const user = await createUser(db);
    const { cookie } = await createSession(db, user.id);
    const made = await callRoute(accountTokens.action as RouteFn, form([["intent", "create"], ["name", "Release bot"], ["scopes", "songs:read"], ["scopes", "releases:write"], ["expiresInDays", "30"]], cookie, "/account/api/tokens"));
    expect(made.status).toBe(200);
    expect(made.headers.get("Cache-Control")).toBe("private, no-store");
    const { created } = await made.json();
    expect(created.token).toMatch(/^slk_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: "Release bot", scopes: ["songs:read", "releases:write"], state: "live", lastUsedAt: null });
    const [row] = await db.select().from(accessTokens).where(eq(accessTokens.id, created.id));
    expect(row.tokenHash).not.toContain(created.token.slice(4));
    expect(JSON.stringify(row)).not.toContain(created.token);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeCloseTo(30 * 86_400_000, -5);

    expect((await callRoute(apiMe.loader as RouteFn, bearer("/api/v1/me", created.token))).status).toBe(200);
    const listed = await (await callRoute(accountTokens.loader as RouteFn, get("/account/api/tokens", cookie))).json();
    expect(listed.tokens).toHaveLength(1);
    expect(listed.tokens[0]).toMatchObject({ id: created.id, prefix: created.token.slice(0, 12), lastUsedAt: expect.any(String) });
    expect(JSON.stringify(listed)).not.toContain(created.token);

    const revoked = await callRoute(accountTokens.action as RouteFn, form([["intent", "revoke"], ["tokenId", created.id]], cookie, "/account/api/tokens"));
    expect((await revoked.json()).revoked).toBe("Release bot");
    const after = await callRoute(apiMe.loader as RouteFn, bearer("/api/v1/me", created.token));
    expect(after.status).toBe(401);
    expect((await after.json()).error.code).toBe("token_revoked");
  });

  test("bad forms name the field; another account's token cannot be revoked", async () => {
    const { db } = database();
    const user = await createUser(db);
    const { cookie } = await createSession(db, user.id);
    const stranger = await createUser(db);
    const theirs = await makeToken(stranger.id, ["songs:read"]);
    const bad = await callRoute(accountTokens.action as RouteFn, form([["intent", "create"], ["name", ""], ["scopes", "admin:all"], ["expiresInDays", "3650"]], cookie, "/account/api/tokens"));
    expect(bad.status).toBe(400);
    const { errors } = await bad.json();
    expect(Object.keys(errors.fields).sort()).toEqual(["expiresInDays", "name", "scopes"]);
    const none = await callRoute(accountTokens.action as RouteFn, form([["intent", "create"], ["name", "x"], ["expiresInDays", "30"]], cookie, "/account/api/tokens"));
    expect((await none.json()).errors.fields.scopes).toEqual(["Choose at least one scope."]);
    const other = await callRoute(accountTokens.action as RouteFn, form([["intent", "revoke"], ["tokenId", theirs.row.id]], cookie, "/account/api/tokens"));
    expect(other.status).toBe(404);
    expect((await callRoute(apiMe.loader as RouteFn, bearer("/api/v1/me", theirs.token))).status).toBe(200);
    // Signed out: the page's guard answers before the form is read.
    const visitor = await callRoute(accountTokens.action as RouteFn, form([["intent", "create"]], "", "/account/api/tokens"));
    expect(visitor.status).toBe(302);
  });

  test("staff make theirs on /admin/tokens (second factor, audited, 30 days at most), not on the account page", async () => {
    const { db } = database();
    const staff = await createUser(db, { isAdmin: true, roles: ["creator_success_coordinator"] });
    const { cookie } = await createSession(db, staff.id);
    const refused = await callRoute(accountTokens.action as RouteFn, form([["intent", "create"], ["name", "x"], ["scopes", "songs:read"], ["expiresInDays", "30"]], cookie, "/account/api/tokens"));
    expect(refused.status).toBe(403);
    const tooLong = await callRoute(adminTokens.action as RouteFn, form([["intent", "create"], ["name", "x"], ["scopes", "songs:read"], ["expiresInDays", "90"]], cookie, "/admin/tokens"));
    expect((await tooLong.json()).errors.fields.expiresInDays).toEqual(["Choose one of 7, 30 days."]);
    const made = await (await callRoute(adminTokens.action as RouteFn, form([["intent", "create"], ["name", "Ops"], ["scopes", "stats:read"], ["expiresInDays", "7"]], cookie, "/admin/tokens"))).json();
    await callRoute(adminTokens.action as RouteFn, form([["intent", "revoke"], ["tokenId", made.created.id]], cookie, "/admin/tokens"));
    const audit = await db.select().from(adminAuditLog).where(eq(adminAuditLog.actorId, staff.id));
    expect(audit.map((row) => row.action).sort()).toEqual(["access_token.create", "access_token.revoke"]);
    const [row] = await db.select().from(accessTokens).where(eq(accessTokens.id, made.created.id));
    expect(row).toMatchObject({ kind: "staff", revokedAt: expect.any(Date) });
    // Without the second factor the page is not reached.
    const { cookie: noFactor } = await createSession(db, staff.id, { secondFactor: false });
    const blocked = await callRoute(adminTokens.loader as RouteFn, get("/admin/tokens", noFactor));
    expect(blocked.status).toBe(302);
    expect(blocked.headers.get("Location")).toMatch(/^\/admin\/second-factor/);
  });
});

describe("the documented flow through the API", () => {
  test("save a song, make a release with it, submit; the owner's release.status_changed event is recorded", async () => {
    const { db } = database();
    const user = await createUser(db);
    const token = (await makeToken(user.id, TOKEN_SCOPE_NAMES)).token;
    // Events are recorded for accounts with an endpoint that wants them.
    const [endpoint] = await db.insert(webhookEndpoints).values({ userId: user.id, url: "https://hooks.example.com/songloom", events: ["release.status_changed"], secret: "whsec_c2VjcmV0" }).returning();
    const songId = await insertSavedSong(db, user.id, { saved: false });
    const artId = await insertCoverArt(db, user.id);

    const listedBefore = await (await callRoute(apiSongs.loader as RouteFn, bearer("/api/v1/songs", token))).json();
    expect(listedBefore.total).toBe(0);
    const saved = await callRoute(apiSongSave.action as RouteFn, bearer(`/api/v1/songs/${songId}/save`, token, { method: "POST", body: { songName: "Night Bus" } }), { id: songId });
    expect(saved.status).toBe(200);
    expect((await saved.json()).song).toMatchObject({ id: songId, saved: true, songName: "Night Bus" });
    const listed = await (await callRoute(apiSongs.loader as RouteFn, bearer("/api/v1/songs", token))).json();
    expect(listed.songs.map((song: { id: string }) => song.id)).toEqual([songId]);

    const badRelease = await callRoute(apiReleases.action as RouteFn, bearer("/api/v1/releases", token, { method: "POST", body: { title: "", artistName: "Lamp Post" } }));
    expect(badRelease.status).toBe(400);
    expect(Object.keys((await badRelease.json()).error.fields)).toContain("title");
    const created = await callRoute(apiReleases.action as RouteFn, bearer("/api/v1/releases", token, { method: "POST", body: { title: "Night Lines", artistName: "Lamp Post", genre: "alt", language: null, coverArtId: artId } }));
    expect(created.status).toBe(201);
    const { release } = await created.json();
    expect(release).toMatchObject({ title: "Night Lines", status: null, releaseStatus: "Draft" });

    const tracks = await callRoute(apiReleaseSongs.action as RouteFn, bearer(`/api/v1/releases/${release.id}/songs`, token, { method: "POST", body: { songIds: [songId] } }), { id: release.id });
    expect(tracks.status).toBe(200);
    expect((await tracks.json()).songs.map((song: { id: string }) => song.id)).toEqual([songId]);

    const submitted = await callRoute(apiReleaseSubmit.action as RouteFn, bearer(`/api/v1/releases/${release.id}/submit`, token, { method: "POST" }), { id: release.id });
    expect(submitted.status).toBe(200);
    expect((await submitted.json()).release).toMatchObject({ id: release.id, status: 0 });
    const read = await (await callRoute(apiRelease.loader as RouteFn, bearer(`/api/v1/releases/${release.id}`, token), { id: release.id })).json();
    expect(read.release.status).toBe(0);
    expect(read.stores).toEqual([]);

    const events = await db.select().from(webhookEvents).where(and(eq(webhookEvents.userId, user.id), eq(webhookEvents.type, "release.status_changed")));
    expect(events).toHaveLength(1);
    expect(events[0].data).toMatchObject({ release: { id: release.id, title: "Night Lines" }, from: null, to: 0, fromLabel: "Draft" });
    const [delivery] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(JSON.parse(delivery.body)).toMatchObject({ id: events[0].id, type: "release.status_changed", data: { to: 0, toLabel: "Submitted" } });
  });
});
