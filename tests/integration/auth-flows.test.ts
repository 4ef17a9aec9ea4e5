// Sign-up, email verification, sign-in and password reset, through the route modules' loaders and
// actions against a real database, reading the emails back from the outbox.
import "../support/auth-env";
import { and, eq } from "drizzle-orm";
import { devices, emailVerificationTokens, identities, passwordResetTokens, sessions, userDevices, users } from "#drizzle/schema/auth";
import * as forgotPasswordRoute from "~/routes/forgot-password";
import * as resetPasswordRoute from "~/routes/reset-password";
import * as signInRoute from "~/routes/sign-in";
import * as signUpRoute from "~/routes/sign-up";
import * as verifyRoute from "~/routes/verify";
import { callRoute, cookiesFrom, createSession, createUser, get, post, readOutbox, TEST_PASSWORD, uniqueEmail } from "../support/auth";
import { setupTestDatabase } from "../support/database";

const database = setupTestDatabase("postgres");
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

async function signUp(fields: Record<string, string>) {
  return callRoute(signUpRoute.action, post("/sign-up", fields, undefined, { "User-Agent": CHROME, "X-Forwarded-For": "203.0.113.9" }));
}

describe("sign-up", () => {
  test("creates the user, email identity, device, session and verification email, then goes to /verify", async () => {
    const email = uniqueEmail("signup");
    const response = await signUp({ displayName: "Ada", email: `  ${email.toUpperCase()} `, password: "a-good-password" });

    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/verify");
    const { db } = database();
    const [user] = await db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ displayName: "Ada", emailVerifiedAt: null, isAdmin: false, accountStatus: "ACTIVE" });
    const [identity] = await db.select().from(identities).where(eq(identities.userId, user.id));
    expect(identity).toMatchObject({ provider: "email", providerUserId: email });
    expect(identity.passwordHash).toMatch(/^scrypt\$/);
    expect(await db.select().from(emailVerificationTokens).where(eq(emailVerificationTokens.userId, user.id))).toHaveLength(1);

    const [session] = await db.select().from(sessions).where(eq(sessions.userId, user.id));
    const [device] = await db.select().from(devices).where(eq(devices.id, session.deviceId ?? ""));
    expect(device).toMatchObject({ browser: "Chrome 126", os: "Linux", ip: "203.0.113.9", banned: false });
    expect(await db.select().from(userDevices).where(eq(userDevices.userId, user.id))).toHaveLength(1);
    expect(cookiesFrom(response)).toMatch(/__session=.*device=|device=.*__session=/);

    const [message] = await readOutbox(email);
    expect(message.subject).toBe("Confirm your email for Songloom");
    expect(message.links).toHaveLength(1);
    expect(message.links[0]).toMatch(new RegExp(`^${process.env.APP_URL}/verify\\?token=[\\w-]{43}$`));
  });

  test("bad input is a 400 with a message per field, and nothing is created", async () => {
    const { db } = database();
    const before = (await db.select({ id: users.id }).from(users)).length;
    const response = await signUp({ displayName: "", email: "not-an-email", password: "short" });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.errors.fields).toEqual({
      displayName: ["Enter your name."],
      email: ["Enter a valid email address."],
      password: ["Use at least 8 characters."],
    });
    expect(body.values).toEqual({ displayName: "", email: "not-an-email" });
    expect((await db.select({ id: users.id }).from(users)).length).toBe(before);
  });

  test("an email already in use, in any case, gets a new account's answer and its owner an email; nothing changes", async () => {
    const existing = await createUser(database().db);
    const { db } = database();
    const before = (await db.select({ id: users.id }).from(users)).length;
    const response = await signUp({ displayName: "Copy", email: existing.email.toUpperCase(), password: "a-good-password" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/verify");
    expect((await db.select({ id: users.id }).from(users)).length).toBe(before);
    expect(await db.select().from(sessions).where(eq(sessions.userId, existing.id))).toHaveLength(0);
    const [notice] = await readOutbox(existing.email);
    expect(notice.subject).toBe("Someone tried to sign up to Songloom with your email");
    expect(notice.links).toEqual([`${process.env.APP_URL}/sign-in`]);

    // /verify then shows the page a new account sees, for the address typed, and "send again" answers alike.
    const cookie = cookiesFrom(response);
    const page = await callRoute(verifyRoute.loader, get("/verify", cookie));
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ email: existing.email, verified: false, problem: null });
    const resend = await callRoute(verifyRoute.action, post("/verify", { intent: "resend" }, cookie));
    expect(await resend.json()).toEqual({ sent: true, errors: null });
    expect(await readOutbox(existing.email)).toHaveLength(2);
    // The cookie signs nobody in: without it /verify still wants a sign-in.
    expect((await callRoute(verifyRoute.loader, get("/verify"))).headers.get("Location")).toMatch(/^\/sign-in\?redirectFrom=/);
  });

  test("a signed-in user is sent on instead of seeing the form", async () => {
    const user = await createUser(database().db);
    const { cookie } = await createSession(database().db, user.id);
    const response = await callRoute(signUpRoute.loader, get("/sign-up", cookie));
    expect(response.headers.get("Location")).toBe("/style");
  });
});

describe("email verification", () => {
  async function signUpAndOpenLink(redirectFrom?: string) {
    const email = uniqueEmail("verify");
    const signUpResponse = await signUp({ displayName: "Vee", email, password: "a-good-password", ...(redirectFrom ? { redirectFrom } : {}) });
    const cookie = cookiesFrom(signUpResponse);
    const [message] = await readOutbox(email);
    const link = new URL(message.links[0]);
    return { email, cookie, link };
  }

  test("the link verifies the signed-in user and continues to pricing with new_sign_up=true", async () => {
    const { email, cookie, link } = await signUpAndOpenLink();
    const before = await callRoute(verifyRoute.loader, get("/verify", cookie));
    expect(await before.json()).toMatchObject({ email, verified: false });

    const response = await callRoute(verifyRoute.loader, get(`${link.pathname}${link.search}`, cookie));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/pricing?new_sign_up=true");
    const [user] = await database().db.select().from(users).where(eq(users.email, email));
    expect(user.emailVerifiedAt).toBeInstanceOf(Date);
    const [token] = await database().db.select().from(emailVerificationTokens).where(eq(emailVerificationTokens.userId, user.id));
    expect(token.usedAt).toBeInstanceOf(Date);
  });

  test("coming from membership, the link leads back to membership", async () => {
    const { cookie, link } = await signUpAndOpenLink("/account/membership");
    expect(link.searchParams.get("from")).toBe("membership");
    const response = await callRoute(verifyRoute.loader, get(`${link.pathname}${link.search}`, cookie));
    expect(response.headers.get("Location")).toBe("/account/membership");
  });

  test("/verify needs sign-in and keeps the token in redirectFrom", async () => {
    const { link } = await signUpAndOpenLink();
    const response = await callRoute(verifyRoute.loader, get(`${link.pathname}${link.search}`));
    expect(response.headers.get("Location")).toBe(`/sign-in?redirectFrom=${encodeURIComponent(`${link.pathname}${link.search}`)}`);
  });

  test("another user's link and a made-up token are refused with a message", async () => {
    const { link } = await signUpAndOpenLink();
    const other = await createUser(database().db, { verified: false });
    const { cookie } = await createSession(database().db, other.id);

    const wrongUser = await callRoute(verifyRoute.loader, get(`${link.pathname}${link.search}`, cookie));
    expect(wrongUser.status).toBe(400);
    expect((await wrongUser.json()).problem).toMatch(/belongs to a different account/);

    const madeUp = await callRoute(verifyRoute.loader, get("/verify?token=made-up", cookie));
    expect(madeUp.status).toBe(400);
    expect((await madeUp.json()).problem).toMatch(/not valid/);
    const [stillUnverified] = await database().db.select().from(users).where(eq(users.id, other.id));
    expect(stillUnverified.emailVerifiedAt).toBeNull();
  });

  test("resend sends a fresh working link; an unknown intent is a 400", async () => {
    const { email, cookie } = await signUpAndOpenLink();
    const resent = await callRoute(verifyRoute.action, post("/verify", { intent: "resend" }, cookie));
    expect(await resent.json()).toMatchObject({ sent: true });
    const messages = await readOutbox(email);
    expect(messages).toHaveLength(2);
    const link = new URL(messages[1].links[0]);
    const verified = await callRoute(verifyRoute.loader, get(`${link.pathname}${link.search}`, cookie));
    expect(verified.headers.get("Location")).toBe("/pricing?new_sign_up=true");

    const bad = await callRoute(verifyRoute.action, post("/verify", { intent: "explode" }, cookie));
    expect(bad.status).toBe(400);
  });
});

describe("sign-in", () => {
  async function signIn(fields: Record<string, string>, cookie?: string) {
    return callRoute(signInRoute.action, post("/sign-in", fields, cookie, { "User-Agent": CHROME }));
  }

  test("returns to a same-site redirectFrom, else the style step; off-site targets are ignored", async () => {
    const user = await createUser(database().db);
    expect((await signIn({ email: user.email, password: TEST_PASSWORD, redirectFrom: "/library?x=1" })).headers.get("Location")).toBe("/library?x=1");
    expect((await signIn({ email: user.email.toUpperCase(), password: TEST_PASSWORD })).headers.get("Location")).toBe("/style");
    expect((await signIn({ email: user.email, password: TEST_PASSWORD, redirectFrom: "//evil.example" })).headers.get("Location")).toBe("/style");
    expect((await signIn({ email: user.email, password: TEST_PASSWORD, redirectFrom: "/labs" })).headers.get("Location")).toBe("/labs");
  });

  test("a wrong password and an unknown email get the same 400 message", async () => {
    const user = await createUser(database().db);
    for (const fields of [{ email: user.email, password: "wrong-password" }, { email: uniqueEmail("nobody"), password: TEST_PASSWORD }]) {
      const response = await signIn(fields);
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body.errors.form).toEqual(["The email or password is incorrect."]);
      expect(body.values).toEqual({ email: fields.email });
    }
  });

  test("malformed input is a 400 with field messages", async () => {
    const response = await signIn({ email: "nope" });
    expect(response.status).toBe(400);
    expect((await response.json()).errors.fields).toEqual({ email: ["Enter a valid email address."], password: ["Enter your password."] });
  });

  test("a social-only account has no password to sign in with", async () => {
    const user = await createUser(database().db, { password: null, social: "google" });
    expect((await signIn({ email: user.email, password: "anything-at-all" })).status).toBe(400);
  });
});

describe("password reset", () => {
  test("emails a link; the new password works, old sessions end and the link is single-use", async () => {
    const { db } = database();
    const user = await createUser(db, { verified: false });
    const { sessionId } = await createSession(db, user.id);

    const requested = await callRoute(forgotPasswordRoute.action, post("/forgot-password", { email: user.email }));
    expect(await requested.json()).toMatchObject({ sent: true });
    const [message] = await readOutbox(user.email);
    expect(message.subject).toBe("Reset your Songloom password");
    const link = new URL(message.links[0]);
    expect(link.pathname).toBe("/reset-password");
    const token = link.searchParams.get("token") ?? "";

    const form = await callRoute(resetPasswordRoute.loader, get(`${link.pathname}${link.search}`));
    expect(await form.json()).toEqual({ token, problem: null });

    const mismatch = await callRoute(resetPasswordRoute.action, post("/reset-password", { token, password: "new-password-1", confirmPassword: "other" }));
    expect(mismatch.status).toBe(400);
    expect((await mismatch.json()).errors.fields.confirmPassword).toEqual(["The passwords do not match."]);

    const done = await callRoute(resetPasswordRoute.action, post("/reset-password", { token, password: "new-password-1", confirmPassword: "new-password-1" }));
    expect(done.headers.get("Location")).toBe("/sign-in?reset=1");
    expect(await db.select().from(sessions).where(eq(sessions.id, sessionId))).toHaveLength(0);
    const [after] = await db.select().from(users).where(eq(users.id, user.id));
    expect(after.emailVerifiedAt).toBeInstanceOf(Date);

    const signIn = (password: string) => callRoute(signInRoute.action, post("/sign-in", { email: user.email, password }));
    expect((await signIn("new-password-1")).status).toBe(302);
    expect((await signIn(TEST_PASSWORD)).status).toBe(400);

    const again = await callRoute(resetPasswordRoute.action, post("/reset-password", { token, password: "third-password", confirmPassword: "third-password" }));
    expect(again.status).toBe(400);
    expect((await again.json()).errors.form).toEqual(["This reset link has already been used. Ask for a new one."]);
    const [used] = await db.select().from(passwordResetTokens).where(and(eq(passwordResetTokens.userId, user.id)));
    expect(used.usedAt).toBeInstanceOf(Date);
  });

  test("an unknown address gets the same answer and no email; a bad address is a 400", async () => {
    const email = uniqueEmail("ghost");
    const response = await callRoute(forgotPasswordRoute.action, post("/forgot-password", { email }));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ sent: true });
    expect(await readOutbox(email)).toHaveLength(0);
    expect((await callRoute(forgotPasswordRoute.action, post("/forgot-password", { email: "@" }))).status).toBe(400);
  });

  test("a made-up reset token shows a problem instead of the form", async () => {
    const response = await callRoute(resetPasswordRoute.loader, get("/reset-password?token=nope"));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ token: null, problem: "This reset link is not valid. Ask for a new one." });
    const missing = await callRoute(resetPasswordRoute.action, post("/reset-password", { password: "new-password-1", confirmPassword: "new-password-1" }));
    expect(missing.status).toBe(400);
  });
});
