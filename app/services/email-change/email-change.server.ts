// Changing the email address a user signs in with (spec 2 §2 User Info). The new address replaces the old
// one only when the link sent to it is opened and confirmed (so nobody moves an account to an address
// they do not read, or to someone else's), by the same signed-in user, within EMAIL_CHANGE_TTL_HOURS.
// The old address is told, so a change the owner did not make is noticed. Only the token's SHA-256 is
// stored; a newer request replaces an older one.
import { randomBytes } from "node:crypto";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { identities, users } from "../../../drizzle/schema/auth";
import { emailChanges } from "../../../drizzle/schema/email-changes";
import { SUPPORT_EMAIL } from "~/constants";
import { recordUserEvent } from "~/models/user.server";
import { db } from "~/server/db.server";
import { linkEmail, sendEmail } from "~/server/email.server";
import { env } from "~/server/env.server";
import { ApiError } from "~/server/http.server";
import { hashToken } from "~/server/tokens.server";
import { EMAIL_CHANGE_TTL_HOURS } from "./constants";

export async function requestEmailChange(user: { id: string; email: string }, newEmail: string): Promise<void> {
  if (newEmail === user.email) throw new ApiError(400, "invalid_input", "That is already your email address.", { newEmail: ["That is already your email address."] });
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, newEmail));
  if (taken) throw new ApiError(409, "email_taken", "Another account uses that email address.", { newEmail: ["Another account uses that email address."] });
  const token = randomBytes(32).toString("base64url");
  await db.transaction(async (tx) => {
    // One pending change at a time: an older link stops working.
    await tx.update(emailChanges).set({ usedAt: sql`now()` }).where(and(eq(emailChanges.userId, user.id), isNull(emailChanges.usedAt)));
    await tx.insert(emailChanges).values({ tokenHash: hashToken(token), userId: user.id, newEmail, expiresAt: sql`now() + make_interval(hours => ${EMAIL_CHANGE_TTL_HOURS})` });
    await recordUserEvent(tx, user.id, "email_change_requested", { to: newEmail });
  });
  await sendEmail(
    linkEmail({
      to: newEmail,
      subject: "Confirm your new Songloom email address",
      intro: `Someone asked to use this address for the Songloom account of ${user.email}. If that was you, confirm it: you will sign in with this address from then on.`,
      action: "Confirm this address",
      url: `${env.APP_URL}/account/email/confirm?token=${token}`,
      outro: `The link works for ${EMAIL_CHANGE_TTL_HOURS} hours. If you did not ask for this, ignore this email.`,
    }),
  );
  await sendEmail(
    linkEmail({
      to: user.email,
      subject: "Your Songloom email address is being changed",
      intro: `Someone asked to change your Songloom account's email address to ${newEmail}. Nothing changes until the link sent to that address is confirmed.`,
      action: "Review your account",
      url: `${env.APP_URL}/account/user`,
      outro: `If this was not you, change your password now and write to ${SUPPORT_EMAIL}.`,
    }),
  );
}

export type EmailChangeCheck = { ok: true; newEmail: string } | { ok: false; message: string };

/** Whether the token is a pending change of this user's (the confirm page shows the address first). */
export async function checkEmailChange(userId: string, token: string): Promise<EmailChangeCheck> {
  const [row] = await db
    .select({ userId: emailChanges.userId, newEmail: emailChanges.newEmail, usedAt: emailChanges.usedAt, expired: sql<boolean>`${emailChanges.expiresAt} <= now()` })
    .from(emailChanges)
    .where(eq(emailChanges.tokenHash, hashToken(token)));
  if (!row || row.userId !== userId) return { ok: false, message: "This link is not valid for the account you are signed in to." };
  if (row.usedAt) return { ok: false, message: "This link has been used or replaced by a newer one." };
  if (row.expired) return { ok: false, message: `This link has expired (links work for ${EMAIL_CHANGE_TTL_HOURS} hours). Ask for a new one on your account page.` };
  return { ok: true, newEmail: row.newEmail };
}

/** Uses the token up and moves the account (and its email sign-in) to the new address. */
export async function confirmEmailChange(userId: string, token: string): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(emailChanges)
      .set({ usedAt: sql`now()` })
      .where(and(eq(emailChanges.tokenHash, hashToken(token)), eq(emailChanges.userId, userId), isNull(emailChanges.usedAt), sql`${emailChanges.expiresAt} > now()`))
      .returning({ newEmail: emailChanges.newEmail });
    if (!row) throw new ApiError(400, "invalid_token", "This link is no longer valid. Ask for a new one on your account page.");
    const [taken] = await tx.select({ id: users.id }).from(users).where(and(eq(users.email, row.newEmail), ne(users.id, userId)));
    if (taken) throw new ApiError(409, "email_taken", "Another account has started using that email address since you asked.");
    const [before] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    // Opening the link proves the address is theirs: it counts as verified.
    await tx.update(users).set({ email: row.newEmail, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` }).where(eq(users.id, userId));
    await tx.update(identities).set({ providerUserId: row.newEmail }).where(and(eq(identities.userId, userId), eq(identities.provider, "email")));
    await recordUserEvent(tx, userId, "email_changed", { from: before.email, to: row.newEmail });
    return row.newEmail;
  });
}
