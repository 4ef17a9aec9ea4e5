// Personal access tokens: made, listed and revoked by their owner (account pages, /admin/tokens for staff).
// The token is 32 random bytes shown once; the table keeps its SHA-256 and a short prefix.
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { accessTokens } from "#drizzle/schema/platform";
import { db, type Db, type Tx } from "~/server/db.server";
import { ApiError } from "~/server/http.server";
import { typedText } from "~/utils/input-schemas";
import { MAX_LIVE_TOKENS, TOKEN_LIFETIMES_DAYS, TOKEN_PREFIX, TOKEN_SCOPE_NAMES, type TokenKind, type TokenScope } from "./scopes";

export function hashAccessToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The form's fields: a name, one or more scopes (checkboxes: one value or several) and a lifetime. */
export function createTokenSchema(kind: TokenKind) {
  const lifetimes = TOKEN_LIFETIMES_DAYS[kind];
  return z.object({
    name: typedText().trim().min(1, "Give the token a name.").max(60, "At most 60 characters."),
    scopes: z
      .preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(z.enum(TOKEN_SCOPE_NAMES as [TokenScope, ...TokenScope[]], "Not a scope a token can have.")).min(1, "Choose at least one scope.")),
    expiresInDays: z.coerce
      .number("Choose how long the token lasts.")
      .int()
      .refine((days) => (lifetimes as readonly number[]).includes(days), `Choose one of ${lifetimes.join(", ")} days.`),
  });
}

export interface TokenRow {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  createdAt: Date;
  expiresAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  /** live, expired or revoked. */
  state: "live" | "expired" | "revoked";
}

/**
 * Makes a token and returns it in clear, the one time it exists outside the caller's hands. Pass the
 * transaction that records the action (staff tokens are audited in the same one).
 */
export async function createAccessToken(
  database: Db | Tx,
  user: { id: string },
  kind: TokenKind,
  input: { name: string; scopes: string[]; expiresInDays: number },
): Promise<{ token: string; row: TokenRow }> {
  const [{ live }] = await database
    .select({ live: sql<number>`count(*)::int` })
    .from(accessTokens)
    .where(and(eq(accessTokens.userId, user.id), isNull(accessTokens.revokedAt), gt(accessTokens.expiresAt, sql`now()`)));
  if (live >= MAX_LIVE_TOKENS) {
    throw new ApiError(409, "too_many_tokens", `You have ${MAX_LIVE_TOKENS} live tokens, the most an account may hold. Revoke one you no longer use first.`);
  }
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  const [row] = await database
    .insert(accessTokens)
    .values({
      userId: user.id,
      kind,
      name: input.name,
      scopes: [...new Set(input.scopes)],
      prefix: token.slice(0, TOKEN_PREFIX.length + 8),
      tokenHash: hashAccessToken(token),
      expiresAt: sql`now() + make_interval(days => ${input.expiresInDays})`,
    })
    .returning();
  return { token, row: toRow(row) };
}

/** The account's tokens of one kind, newest first, revoked and expired ones included (they show as such). */
export async function listAccessTokens(userId: string, kind: TokenKind): Promise<TokenRow[]> {
  const rows = await db
    .select()
    .from(accessTokens)
    .where(and(eq(accessTokens.userId, userId), eq(accessTokens.kind, kind)))
    .orderBy(desc(accessTokens.createdAt))
    .limit(100);
  return rows.map(toRow);
}

/**
 * Revokes one of the account's tokens (of that kind); its next request is refused. Returns the token as it
 * was, or null when the account has no such token. Revoking twice keeps the first time.
 */
export async function revokeAccessToken(database: Db | Tx, userId: string, kind: TokenKind, tokenId: string): Promise<TokenRow | null> {
  const [row] = await database
    .update(accessTokens)
    .set({ revokedAt: sql`coalesce(${accessTokens.revokedAt}, now())` })
    .where(and(eq(accessTokens.id, tokenId), eq(accessTokens.userId, userId), eq(accessTokens.kind, kind)))
    .returning();
  return row ? toRow(row) : null;
}

function toRow(row: typeof accessTokens.$inferSelect): TokenRow {
  const state = row.revokedAt ? "revoked" : row.expiresAt.getTime() <= Date.now() ? "expired" : "live";
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    lastUsedAt: row.lastUsedAt,
    revokedAt: row.revokedAt,
    state,
  };
}
