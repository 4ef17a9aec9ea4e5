// Changing the sign-in email (spec 2 §2 User Info): the new address gets a link and the old one a notice;
// nothing changes until the link is confirmed by the same signed-in user; the password is required; an
// address another account uses is refused; a link works once, and a newer request replaces an older one.
import "../support/auth-env";
import { eq } from "drizzle-orm";
import { identities, users } from "#drizzle/schema/auth";
import * as userPage from "~/routes/account.user";
import * as confirmPage from "~/routes/account.email.confirm";
import { db } from "~/server/db.server";
import { callRoute, createSession, createUser, get, post, readOutbox, TEST_PASSWORD, uniqueEmail } from "../support/auth";
import { setupTestDatabase } from "../support/database";

setupTestDatabase("postgres");

async function linkTo(address: string): Promise<string> {
  const messages = await readOutbox(address);
  const link = messages.at(-1)?.links.find((candidate) => candidate.includes("/account/email/confirm"));
  if (!link) throw new Error(`no confirmation link was sent to ${address}`);
  return link;
}

test("the new address confirms the change; the password is required; taken addresses and reused links are refused", async () => {
  const user = await createUser(db);
  const other = await createUser(db);
  const { cookie } = await createSession(db, user.id);
  const change = (fields: Record<string, string>) => callRoute(userPage.action, post("/account/user", { intent: "email", ...fields }, cookie));

  const wrongPassword = await change({ newEmail: uniqueEmail("new"), emailChangePassword: "nope-nope-nope" });
  expect(wrongPassword.status).toBe(400);
  expect(JSON.stringify(await wrongPassword.json())).toContain("emailChangePassword");
  const taken = await change({ newEmail: other.email, emailChangePassword: TEST_PASSWORD });
  expect(taken.status).toBe(409);
  expect(JSON.stringify(await taken.json())).toContain("newEmail");
  expect((await change({ newEmail: "not an email", emailChangePassword: TEST_PASSWORD })).status).toBe(400);

  const first = uniqueEmail("first");
  expect((await change({ newEmail: first, emailChangePassword: TEST_PASSWORD })).status).toBe(302);
  const firstLink = await linkTo(first);
  const newest = uniqueEmail("newest");
  expect((await change({ newEmail: newest.toUpperCase(), emailChangePassword: TEST_PASSWORD })).status).toBe(302);
  expect((await readOutbox(user.email)).map((message) => message.subject)).toContain("Your Songloom email address is being changed");
  // Nothing has changed yet.
  expect((await db.select({ email: users.email }).from(users).where(eq(users.id, user.id)))[0].email).toBe(user.email);

  // The older link was replaced; another signed-in account cannot use the newest one.
  const oldToken = new URL(firstLink).searchParams.get("token")!;
  expect((await callRoute(confirmPage.loader, get(`/account/email/confirm?token=${oldToken}`, cookie))).status).toBe(400);
  const link = new URL(await linkTo(newest));
  const token = link.searchParams.get("token")!;
  const stranger = await createSession(db, other.id);
  expect((await callRoute(confirmPage.action, post("/account/email/confirm", { token }, stranger.cookie))).status).toBe(400);
  const page = await callRoute(confirmPage.loader, get(`${link.pathname}${link.search}`, cookie));
  expect(await page.json()).toMatchObject({ check: { ok: true, newEmail: newest } });

  const confirmed = await callRoute(confirmPage.action, post("/account/email/confirm", { token }, cookie));
  expect(confirmed.headers.get("Location")).toBe("/account/user?done=email");
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
  expect(row.email).toBe(newest);
  const [identity] = await db.select({ providerUserId: identities.providerUserId }).from(identities).where(eq(identities.userId, user.id));
  expect(identity.providerUserId).toBe(newest);
  expect((await callRoute(confirmPage.action, post("/account/email/confirm", { token }, cookie))).status).toBe(400);
});
