// /style's per-user HTML cache (app/server/page-cache.server.ts, UserPageCache): one render per user, kept for
// that user only; a renamed user, a changed flag or an expired minute renders again; signed-out, unverified
// and banned sessions, other URLs and answers that set a cookie are never served from it. Real Postgres and
// real sessions; the Remix render is stood in by a counting function naming the user it rendered for.
import "../support/auth-env";
import { eq } from "drizzle-orm";
import { users } from "#drizzle/schema/index";
import { isFlagActive, setFlag } from "~/server/flags.server";
import { UserPageCache } from "~/server/page-cache.server";
import { createSession, createUser } from "../support/auth";
import { setupTestDatabase } from "../support/database";

const database = setupTestDatabase("postgres");
const APP = "http://localhost:3000";

let renders: string[];
let cache: UserPageCache;
let setCookie: string | null;

async function render(request: Request): Promise<Response> {
  const cookie = request.headers.get("Cookie") ?? "";
  renders.push(cookie);
  const [row] = await database().db.select({ name: users.displayName }).from(users).where(eq(users.id, currentUserId));
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
  if (setCookie) headers.set("Set-Cookie", setCookie);
  return new Response(`<html>Hello ${row?.name}</html>`, { headers });
}
let currentUserId = "";

const visit = (cookie: string | null, path = "/style") =>
  cache.serve(new Request(`${APP}${path}`, { headers: cookie ? { Cookie: cookie } : {} }), render);

async function signedIn(options: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(database().db, { termsAccepted: true, ...options });
  currentUserId = user.id;
  return { user, cookie: (await createSession(database().db, user.id)).cookie };
}

beforeEach(() => {
  renders = [];
  setCookie = null;
  cache = new UserPageCache();
});

test("a signed-in user's /style is rendered once, then served from the cache", async () => {
  const { cookie, user } = await signedIn();
  const first = await visit(cookie);
  const second = await visit(cookie);
  expect(renders).toHaveLength(1);
  expect(second).toBe(first);
  expect(first?.body.toString()).toContain(`Hello ${user.displayName}`);
});

test("each user gets their own page", async () => {
  const alice = await signedIn();
  await visit(alice.cookie);
  const bob = await signedIn();
  const page = await visit(bob.cookie);
  expect(renders).toHaveLength(2);
  expect(page?.body.toString()).toContain(`Hello ${bob.user.displayName}`);
});

test("a renamed user or a changed flag renders again", async () => {
  const { cookie, user } = await signedIn();
  await visit(cookie);
  await database().db.update(users).set({ displayName: "Renamed Person" }).where(eq(users.id, user.id));
  const renamed = await visit(cookie);
  expect(renders).toHaveLength(2);
  expect(renamed?.body.toString()).toContain("Hello Renamed Person");
  const advert = await isFlagActive("show_advert_banner");
  await setFlag("show_advert_banner", !advert);
  try {
    await visit(cookie);
    expect(renders).toHaveLength(3);
  } finally {
    await setFlag("show_advert_banner", advert);
  }
});

test("signed-out, unverified and banned sessions (once signed out), other URLs and a query string go to Remix", async () => {
  expect(await visit(null)).toBeNull();
  const unverified = await signedIn({ verified: false });
  expect(await visit(unverified.cookie)).toBeNull();
  const banned = await signedIn();
  await database().db.update(users).set({ accountStatus: "BANNED" }).where(eq(users.id, banned.user.id));
  // Signed out by the guard on the spot: its answer says why (Remix could not, the session being gone).
  const signedOut = await visit(banned.cookie);
  expect(signedOut?.status).toBe(302);
  expect(signedOut?.headers?.get("Location")).toBe("/sign-in?banned=account");
  expect(await visit(banned.cookie)).toBeNull();
  const fine = await signedIn();
  expect(await visit(fine.cookie, "/account")).toBeNull();
  expect(await visit(fine.cookie, "/style?x=1")).toBeNull();
  expect(renders).toHaveLength(0);
});

test("an answer that sets a cookie is sent with it once and never kept", async () => {
  const { cookie } = await signedIn();
  setCookie = "__session=refreshed; Path=/; HttpOnly";
  const first = await visit(cookie);
  expect(first?.headers?.get("Set-Cookie")).toContain("refreshed");
  setCookie = null;
  const second = await visit(cookie);
  expect(renders).toHaveLength(2);
  expect(second?.headers).toBeUndefined();
});
