// Staff second factor (issue 21 §10): TOTP (RFC 6238, otplib) enrolled on the first admin sign-in, with
// ten single-use recovery codes kept as SHA-256 hashes. Passing it stamps the session (second_factor_at)
// and shortens it to ADMIN_SESSION_HOURS: admin pages and admin API calls need a stamp that recent, so a
// stolen password alone never reaches the admin area and an admin session does not last 30 days.
import { createHash, randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { generateSecret, generateURI, verify } from "otplib";
import { staffSecondFactors } from "#drizzle/schema/admin";
import { sessions } from "#drizzle/schema/auth";
import type { Db, Tx } from "~/server/db.server";
import { recordAdminAction } from "./audit";

export const ADMIN_SESSION_HOURS = 12;
export const RECOVERY_CODE_COUNT = 10;
const ISSUER = "Songloom";

const hash = (code: string) => createHash("sha256").update(normalizeRecoveryCode(code)).digest("hex");
const normalizeRecoveryCode = (code: string) => code.replace(/[\s-]/g, "").toLowerCase();

export type SecondFactorState = { enrolled: true } | { enrolled: false; secret: string; otpauthUrl: string };

/** Enrolled, or the pending secret to show (made once and kept until the first code is accepted). */
export async function secondFactorState(db: Db | Tx, user: { id: string; email: string }): Promise<SecondFactorState> {
  const [row] = await db.select().from(staffSecondFactors).where(eq(staffSecondFactors.userId, user.id));
  if (row?.enabledAt) return { enrolled: true };
  let secret = row?.secret;
  if (!secret) {
    secret = generateSecret();
    await db.insert(staffSecondFactors).values({ userId: user.id, secret }).onConflictDoNothing();
    [{ secret }] = await db.select({ secret: staffSecondFactors.secret }).from(staffSecondFactors).where(eq(staffSecondFactors.userId, user.id));
  }
  return { enrolled: false, secret, otpauthUrl: generateURI({ issuer: ISSUER, label: user.email, secret }) };
}

/** A 6-digit code for the secret at this moment (tests, and nothing else, need to compute one). */
export { generate as totpCode } from "otplib";

async function acceptTotp(tx: Db | Tx, userId: string, secret: string, lastUsedStep: number | null, code: string): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const now = Date.now();
  const result = await verify({ secret, token: code, epochTolerance: 30, epoch: Math.floor(now / 1000) });
  if (!result.valid) return false;
  const step = Math.floor(now / 30_000) + result.delta;
  // Each code works once: a code seen on the wire cannot be replayed within its 30 seconds.
  if (lastUsedStep !== null && step <= lastUsedStep) return false;
  await tx.update(staffSecondFactors).set({ lastUsedStep: step }).where(eq(staffSecondFactors.userId, userId));
  return true;
}

async function stampSession(tx: Db | Tx, sessionId: string): Promise<void> {
  await tx
    .update(sessions)
    .set({ secondFactorAt: sql`now()`, expiresAt: sql`least(${sessions.expiresAt}, now() + make_interval(hours => ${ADMIN_SESSION_HOURS}))` })
    .where(eq(sessions.id, sessionId));
}

function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = randomBytes(5).toString("hex");
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
}

/** Finishes enrolment with the first code; returns the recovery codes (shown once), or null for a wrong code. */
export async function completeEnrolment(db: Db, userId: string, sessionId: string, code: string): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(staffSecondFactors).where(eq(staffSecondFactors.userId, userId));
    if (!row || row.enabledAt) return null;
    if (!(await acceptTotp(tx, userId, row.secret, row.lastUsedStep, code.trim()))) return null;
    const codes = newRecoveryCodes();
    await tx.update(staffSecondFactors).set({ enabledAt: sql`now()`, recoveryCodeHashes: codes.map(hash) }).where(eq(staffSecondFactors.userId, userId));
    await stampSession(tx, sessionId);
    await recordAdminAction(tx, { actorId: userId, action: "second_factor_enrolled", targetType: "user", targetId: userId });
    return codes;
  });
}

/** The challenge: a current TOTP code or an unused recovery code (which is then spent). */
export async function passChallenge(db: Db, userId: string, sessionId: string, code: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(staffSecondFactors).where(eq(staffSecondFactors.userId, userId));
    if (!row?.enabledAt) return false;
    const trimmed = code.trim();
    let passed = await acceptTotp(tx, userId, row.secret, row.lastUsedStep, trimmed);
    if (!passed) {
      const codeHash = hash(trimmed);
      if (row.recoveryCodeHashes.includes(codeHash)) {
        await tx
          .update(staffSecondFactors)
          .set({ recoveryCodeHashes: row.recoveryCodeHashes.filter((stored) => stored !== codeHash) })
          .where(eq(staffSecondFactors.userId, userId));
        await recordAdminAction(tx, { actorId: userId, action: "recovery_code_used", targetType: "user", targetId: userId, after: { remaining: row.recoveryCodeHashes.length - 1 } });
        passed = true;
      }
    }
    if (passed) await stampSession(tx, sessionId);
    return passed;
  });
}
