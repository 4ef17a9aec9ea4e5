// Account workflows that span users, tokens, email and sessions: sign-up, email verification, password
// reset. Ban and unban are staff actions: app/services/admin/ban.ts. Routes call these; none of them touches a Request.
import { eq } from "drizzle-orm";
import { users, type User } from "../../../drizzle/schema/auth";
import {
  createEmailUser,
  EmailTakenError,
  findEmailIdentity,
  findUserByEmail,
  findUserById,
  markEmailVerified,
  recordUserEvent,
  setPassword,
} from "~/models/user.server";
import { db } from "~/server/db.server";
import { linkEmail, sendEmail } from "~/server/email.server";
import { env } from "~/server/env.server";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "~/server/password.server";
import { deleteUserSessions } from "~/server/session.server";
import { checkToken, consumeToken, createToken, type TokenCheck } from "~/server/tokens.server";

/** Where the verification link continues (spec 3 §4): pricing for a new sign-up, or back to membership. */
export type VerifyContinuation = "pricing" | "membership";

export const VERIFIED_CONTINUE_TO: Record<VerifyContinuation, string> = {
  pricing: "/pricing?new_sign_up=true",
  membership: "/account/membership",
};

export function verificationUrl(token: string, continuation: VerifyContinuation): string {
  const url = new URL("/verify", env.APP_URL);
  url.searchParams.set("token", token);
  if (continuation === "membership") url.searchParams.set("from", "membership");
  return url.toString();
}

export type SignUpResult = { created: true; user: User } | { created: false };

/**
 * Creates the account and mails the verification link. For an address that already has an account
 * nothing is created: its owner is told by email that someone tried to sign up with it, and the caller
 * answers exactly as for a new account, so sign-up cannot be used to find out who uses Songloom.
 */
export async function signUp(input: {
  email: string;
  displayName: string;
  password: string;
  continuation: VerifyContinuation;
}): Promise<SignUpResult> {
  // Hashed first either way, so both answers take the same time.
  const passwordHash = await hashPassword(input.password);
  let created;
  try {
    created = await db.transaction(async (tx) => {
      const user = await createEmailUser(tx, { email: input.email, displayName: input.displayName, passwordHash });
      await recordUserEvent(tx, user.id, "signed_up", { provider: "email" });
      return { user, token: await createToken(tx, "verify_email", user.id) };
    });
  } catch (error) {
    if (!(error instanceof EmailTakenError)) throw error;
    await sendSignUpAttemptNotice(input.email);
    return { created: false };
  }
  await sendVerificationEmail(created.user, created.token, input.continuation);
  return { created: true, user: created.user };
}

/** Tells an account's owner that someone tried to sign up with their address (sign-up, resend). */
export async function sendSignUpAttemptNotice(email: string): Promise<void> {
  const user = await findUserByEmail(email);
  if (!user) return;
  await sendEmail(
    linkEmail({
      to: user.email,
      subject: "Someone tried to sign up to Songloom with your email",
      intro: `Hi ${user.displayName}, someone tried to create a Songloom account with this address, which already has one. Nothing was changed.`,
      action: "Sign in to your account",
      url: new URL("/sign-in", env.APP_URL).toString(),
      outro: "If it was you, sign in instead (or reset your password from the sign-in page). If it was not, you can ignore this email.",
    }),
  );
}

async function sendVerificationEmail(user: Pick<User, "email" | "displayName">, token: string, continuation: VerifyContinuation) {
  await sendEmail(
    linkEmail({
      to: user.email,
      subject: "Confirm your email for Songloom",
      intro: `Hi ${user.displayName}, welcome to Songloom! Please confirm that this is your email address.`,
      action: "Confirm my email",
      url: verificationUrl(token, continuation),
      outro: "The link works for 24 hours. If you did not sign up, ignore this email.",
    }),
  );
}

/** Sends a new link (the /verify page's resend button). Does nothing for an already verified address. */
export async function resendVerificationEmail(userId: string, continuation: VerifyContinuation): Promise<void> {
  const user = await findUserById(userId);
  if (!user || user.emailVerifiedAt) return;
  const token = await createToken(db, "verify_email", user.id);
  await sendVerificationEmail(user, token, continuation);
}

export type VerifyResult = TokenCheck | { ok: false; reason: "wrong_user" };

/**
 * Confirms the address behind the token. The token must belong to the signed-in user, so a link
 * opened in someone else's session cannot verify the wrong account.
 */
export async function verifyEmail(userId: string, token: string): Promise<VerifyResult> {
  const check = await checkToken("verify_email", token);
  if (!check.ok) return check;
  if (check.userId !== userId) return { ok: false, reason: "wrong_user" };
  return db.transaction(async (tx) => {
    const consumed = await consumeToken(tx, "verify_email", token);
    if (consumed.ok) {
      await markEmailVerified(tx, userId);
      await recordUserEvent(tx, userId, "email_verified");
    }
    return consumed;
  });
}

/** Checks an email and password; null for any mismatch, so the caller cannot tell which part was wrong. */
export async function checkPassword(email: string, password: string): Promise<User | null> {
  const found = await findEmailIdentity(email);
  // No account, or one without a password (social sign-in only): the same work as a wrong password.
  if (!found?.passwordHash) return verifyAgainstDummy(password).then(() => null);
  return (await verifyPassword(password, found.passwordHash)) ? found.user : null;
}

/** Emails a reset link when the address has an account; silent otherwise (no account enumeration). */
export async function requestPasswordReset(email: string): Promise<void> {
  const user = await findUserByEmail(email);
  if (!user) return;
  const token = await createToken(db, "reset_password", user.id);
  await sendEmail(
    linkEmail({
      to: user.email,
      subject: "Reset your Songloom password",
      intro: `Hi ${user.displayName}, someone asked to reset the password of your Songloom account.`,
      action: "Choose a new password",
      url: new URL(`/reset-password?token=${encodeURIComponent(token)}`, env.APP_URL).toString(),
      outro: "The link works for 1 hour. If it was not you, ignore this email: your password stays the same.",
    }),
  );
}

/**
 * Sets a new password from a reset link and signs the user out everywhere. Opening the emailed link
 * proves the inbox, so the address counts as verified too.
 */
export async function resetPassword(token: string, password: string): Promise<TokenCheck> {
  const passwordHash = await hashPassword(password);
  const check = await db.transaction(async (tx) => {
    const check = await consumeToken(tx, "reset_password", token);
    if (!check.ok) return check;
    const [user] = await tx.select().from(users).where(eq(users.id, check.userId));
    await setPassword(tx, user, passwordHash);
    await markEmailVerified(tx, user.id);
    await recordUserEvent(tx, user.id, "password_reset");
    return check;
  });
  if (check.ok) await deleteUserSessions(check.userId);
  return check;
}
