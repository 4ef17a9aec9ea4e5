// Social sign-in through the real remix-auth-oauth2 code, against the local OAuth stand-in served over
// HTTP: redirect with state and PKCE, the authorize page, the callback, the code exchange at the token
// endpoint and the userinfo fetch.
import { STANDIN_PORT } from "../support/auth-env";
import type { Server } from "node:http";
import { and, eq } from "drizzle-orm";
import { identities, sessions, users } from "#drizzle/schema/auth";
import * as callbackRoute from "~/routes/auth.$provider.callback";
import * as startRoute from "~/routes/auth.$provider";
import * as authorizeRoute from "~/routes/dev.oauth.authorize";
import * as tokenRoute from "~/routes/dev.oauth.token";
import * as userinfoRoute from "~/routes/dev.oauth.userinfo";
import { enabledSocialProviders, socialButtons } from "~/server/auth.server";
import { getOptionalUser } from "~/server/guards.server";
import { APP, callRoute, cookiesFrom, createUser, get, post, serveRoutes, uniqueEmail } from "../support/auth";
import { setupTestDatabase } from "../support/database";

const database = setupTestDatabase("postgres");
let server: Server;

beforeAll(async () => {
  server = await serveRoutes(STANDIN_PORT, {
    "/dev/oauth/token": tokenRoute,
    "/dev/oauth/userinfo": userinfoRoute,
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Runs the browser's side of a social sign-in and returns the callback's response and cookies. */
async function socialSignIn(provider: string, identity: { email: string; name: string }, redirectFrom = "") {
  const start = await callRoute(startRoute.action, post(`/auth/${provider}`, { redirectFrom }), { provider });
  expect(start.status).toBe(302);
  const authorizeUrl = new URL(start.headers.get("Location") ?? "");
  expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(`${APP()}/dev/oauth/authorize`);
  expect(authorizeUrl.searchParams.get("code_challenge_method")).toBe("S256");
  let cookie = cookiesFrom(start);

  const page = await callRoute(authorizeRoute.loader, get(`${authorizeUrl.pathname}${authorizeUrl.search}`));
  expect(page.status).toBe(200);
  const approved = await callRoute(
    authorizeRoute.action,
    post("/dev/oauth/authorize", { ...Object.fromEntries(authorizeUrl.searchParams), ...identity }),
  );
  const callbackUrl = new URL(approved.headers.get("Location") ?? "");
  expect(`${callbackUrl.origin}${callbackUrl.pathname}`).toBe(`${APP()}/auth/${provider}/callback`);

  const response = await callRoute(callbackRoute.loader, get(`${callbackUrl.pathname}${callbackUrl.search}`, cookie), { provider });
  cookie = cookiesFrom(response, cookie);
  return { response, cookie, callbackUrl };
}

describe("social sign-in against the local stand-in", () => {
  test("every provider is offered, labelled as the stand-in", () => {
    expect(enabledSocialProviders()).toEqual(["google", "facebook", "apple"]);
    expect(socialButtons().every((button) => button.standin)).toBe(true);
  });

  test("creates a verified user with a Google identity, signs in and returns to redirectFrom", async () => {
    const email = uniqueEmail("google");
    const { response, cookie } = await socialSignIn("google", { email: email.toUpperCase(), name: "Grace Hopper" }, "/library");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/library");
    expect(cookie).not.toMatch(/oauth2-google/);

    const user = await getOptionalUser(get("/library", cookie));
    expect(user).toMatchObject({ email, displayName: "Grace Hopper", verified: true, emailVerified: true });
    const [identity] = await database().db.select().from(identities).where(and(eq(identities.userId, user!.id), eq(identities.provider, "google")));
    expect(identity.providerUserId).toMatch(/^standin-google-/);

    // Signing in again finds the same user by the provider id.
    const again = await socialSignIn("google", { email, name: "Someone Else" });
    expect(again.response.headers.get("Location")).toBe("/style");
    expect((await getOptionalUser(get("/", again.cookie)))?.id).toBe(user!.id);
    expect(await database().db.select().from(sessions).where(eq(sessions.userId, user!.id))).toHaveLength(2);
  });

  test("links to an existing account with the same email, dropping an unverified password", async () => {
    const { db } = database();
    const existing = await createUser(db, { verified: false });
    const { cookie } = await socialSignIn("facebook", { email: existing.email, name: "Face" });
    expect((await getOptionalUser(get("/", cookie)))?.id).toBe(existing.id);
    const providers = await db.select({ provider: identities.provider }).from(identities).where(eq(identities.userId, existing.id));
    // Whoever set that password never proved they own the inbox; the provider just did.
    expect(providers.map((row) => row.provider)).toEqual(["facebook"]);
    const [user] = await db.select().from(users).where(eq(users.id, existing.id));
    expect(user.emailVerifiedAt).toBeInstanceOf(Date);
  });

  test("a form_post callback (as Apple sends it) completes the same sign-in", async () => {
    const email = uniqueEmail("formpost");
    const start = await callRoute(startRoute.action, post("/auth/apple", { redirectFrom: "/library" }), { provider: "apple" });
    const cookie = cookiesFrom(start);
    const authorizeUrl = new URL(start.headers.get("Location") ?? "");
    const approved = await callRoute(authorizeRoute.action, post("/dev/oauth/authorize", { ...Object.fromEntries(authorizeUrl.searchParams), email, name: "Posted" }));
    const callbackUrl = new URL(approved.headers.get("Location") ?? "");
    const response = await callRoute(
      callbackRoute.action,
      post("/auth/apple/callback", { code: callbackUrl.searchParams.get("code") ?? "", state: callbackUrl.searchParams.get("state") ?? "" }, cookie),
      { provider: "apple" },
    );
    expect(response.headers.get("Location")).toBe("/library");
    expect((await getOptionalUser(get("/", cookiesFrom(response, cookie))))?.email).toBe(email);
  });

  test("a callback whose state does not match the browser's cookie goes back to sign-in with a message", async () => {
    const { callbackUrl } = await socialSignIn("apple", { email: uniqueEmail("apple"), name: "" });
    const forged = await callRoute(callbackRoute.loader, get(`${callbackUrl.pathname}${callbackUrl.search}`), { provider: "apple" });
    expect(forged.headers.get("Location")).toBe("/sign-in?authError=failed");
  });

  test("the token endpoint refuses a wrong PKCE verifier, client secret or code over HTTP", async () => {
    const start = await callRoute(startRoute.action, post("/auth/google", {}), { provider: "google" });
    const authorizeUrl = new URL(start.headers.get("Location") ?? "");
    const approved = await callRoute(
      authorizeRoute.action,
      post("/dev/oauth/authorize", { ...Object.fromEntries(authorizeUrl.searchParams), email: uniqueEmail("pkce"), name: "" }),
    );
    const code = new URL(approved.headers.get("Location") ?? "").searchParams.get("code") ?? "";
    const exchange = (secret: string, fields: Record<string, string>) =>
      fetch(`${APP()}/dev/oauth/token`, {
        method: "POST",
        headers: { Authorization: `Basic ${Buffer.from(`songloom-standin-google:${secret}`).toString("base64")}` },
        body: new URLSearchParams({ grant_type: "authorization_code", redirect_uri: `${APP()}/auth/google/callback`, ...fields }),
      });
    const wrongVerifier = await exchange("local-oauth-standin-secret", { code, code_verifier: "not-the-verifier" });
    expect(wrongVerifier.status).toBe(400);
    expect(await wrongVerifier.json()).toMatchObject({ error: "invalid_grant" });
    expect((await exchange("wrong-secret", { code, code_verifier: "x" })).status).toBe(401);
    expect(await (await exchange("local-oauth-standin-secret", { code: "forged.code", code_verifier: "x" })).json()).toMatchObject({ error: "invalid_grant" });
    expect((await fetch(`${APP()}/dev/oauth/userinfo`, { headers: { Authorization: "Bearer forged" } })).status).toBe(401);
  });

  test("unknown providers and bad authorization requests are 4xx, not errors", async () => {
    expect((await callRoute(startRoute.action, post("/auth/myspace", {}), { provider: "myspace" })).status).toBe(404);
    expect((await callRoute(callbackRoute.loader, get("/auth/myspace/callback"), { provider: "myspace" })).status).toBe(404);
    expect((await callRoute(authorizeRoute.loader, get("/dev/oauth/authorize?provider=google"))).status).toBe(400);
    const evil = new URLSearchParams({
      provider: "google",
      response_type: "code",
      client_id: "songloom-standin-google",
      redirect_uri: "https://evil.example/callback",
      state: "s",
      code_challenge: "c",
      code_challenge_method: "S256",
    });
    expect((await callRoute(authorizeRoute.loader, get(`/dev/oauth/authorize?${evil}`))).status).toBe(400);
  });
});
