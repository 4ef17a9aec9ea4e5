// One-time tokens for emailed links (verify email, reset password). The link carries 32 random bytes;
// the table keeps only their SHA-256, so a leaked database cannot be replayed as links.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { emailVerificationTokens, passwordResetTokens } from "../../drizzle/schema/auth";
import { db, type Db, type Tx } from "./db.server";

export type TokenPurpose = "verify_email" | "reset_password";

const TABLES = { verify_email: emailVerificationTokens, reset_password: passwordResetTokens } as const;

/** How long a link works. Reset links are short because they grant the account. */
export const TOKEN_TTL_MINUTES: Record<TokenPurpose, number> = { verify_email: 24 * 60, reset_password: 60 };

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export async function createToken(tx: Db | Tx, purpose: TokenPurpose, userId: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const table = TABLES[purpose];
  await tx.insert(table).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: sql`now() + make_interval(mins => ${TOKEN_TTL_MINUTES[purpose]})`,
  });
  return token;
}

export type TokenCheck = { ok: true; userId: string } | { ok: false; reason: "invalid" | "expired" | "used" };

/**
 * Whether a token would be accepted, without using it up (the reset form shows errors before submitting).
 * Inside a transaction pass its `tx`: on embedded PGlite the outer `db` would wait for that transaction.
 */
export async function checkToken(purpose: TokenPurpose, token: string, database: Db | Tx = db): Promise<TokenCheck> {
  const table = TABLES[purpose];
  const [row] = await database
    .select({ userId: table.userId, usedAt: table.usedAt, expired: sql<boolean>`${table.expiresAt} <= now()` })
    .from(table)
    .where(eq(table.tokenHash, hashToken(token)));
  if (!row) return { ok: false, reason: "invalid" };
  if (row.usedAt) return { ok: false, reason: "used" };
  if (row.expired) return { ok: false, reason: "expired" };
  return { ok: true, userId: row.userId };
}

/** Uses the token up. Atomic: of two concurrent requests with one token, only one succeeds. */
export async function consumeToken(tx: Db | Tx, purpose: TokenPurpose, token: string): Promise<TokenCheck> {
  const table = TABLES[purpose];
  const [row] = await tx
    .update(table)
    .set({ usedAt: sql`now()` })
    .where(and(eq(table.tokenHash, hashToken(token)), isNull(table.usedAt), sql`${table.expiresAt} > now()`))
    .returning({ userId: table.userId });
  // Why it failed, read through the caller's handle: `db` here froze PGlite for good (issue 16, finding 1).
  return row ? { ok: true, userId: row.userId } : checkToken(purpose, token, tx);
}
