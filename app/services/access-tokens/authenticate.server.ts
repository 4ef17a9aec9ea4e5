// The guard of every /api/v1 operation: `Authorization: Bearer <token>`, never a cookie. In order:
//   a token in the query string      400 token_in_query (URLs end up in logs, histories and Referer headers)
//   no or a malformed Authorization  401 unauthorized / invalid_token, with WWW-Authenticate (RFC 6750)
//   unknown, expired or revoked      401 invalid_token / token_expired / token_revoked
//   over the token's rate limit      429 rate_limited, with Retry-After
//   banned account                   403 banned
//   unverified, where pages ask it   403 unverified
//   a scope the token lacks          403 insufficient_scope, naming it
// Every answer after the rate-limit count carries the RateLimit and RateLimit-Policy fields
// (draft-ietf-httpapi-ratelimit-headers), refusals included, so a client sees its quota either way.
import { and, eq, isNull, or, sql } from "drizzle-orm";
import { identities, users } from "#drizzle/schema/auth";
import { accessTokens } from "#drizzle/schema/platform";
import type { SessionUser } from "~/models/user.server";
import { db } from "~/server/db.server";
import { jsonError } from "~/server/http.server";
import { countRateLimitHit, RATE_LIMITS } from "~/server/rate-limit.server";
import { hashAccessToken } from "./tokens.server";
import { isTokenScope, TOKEN_PREFIX, type TokenKind, type TokenScope } from "./scopes";

export interface TokenCaller {
  /** The token's owner, as the page guards see a user, but never with staff powers. */
  user: SessionUser;
  tokenId: string;
  kind: TokenKind;
  scopes: TokenScope[];
}

export interface TokenRequirement {
  /** The scope the operation needs; null for operations any valid token may call (who am I). */
  scope: TokenScope | null;
  /** The page behind the same action asks for a verified email (requireVerifiedUser). */
  verified: boolean;
}

/** Query parameters that carry credentials by convention (OAuth's access_token, API keys). */
const CREDENTIAL_PARAMETERS = new Set(["access_token", "token", "api_key", "apikey", "key", "bearer", "authorization"]);

const REALM = 'Bearer realm="Songloom API"';

export function tokenInQuery(url: URL): boolean {
  for (const [name, value] of url.searchParams) {
    if (CREDENTIAL_PARAMETERS.has(name.toLowerCase()) || value.includes(TOKEN_PREFIX)) return true;
  }
  return false;
}

/** The caller and the headers every answer should carry, or the refusal to send as it is. */
export async function authenticateTokenRequest(request: Request, requirement: TokenRequirement): Promise<{ caller: TokenCaller; headers: Headers } | Response> {
  const url = new URL(request.url);
  if (tokenInQuery(url)) {
    return refusal(400, "token_in_query", "Send the token in the Authorization header (Authorization: Bearer <token>), never in the URL: URLs are kept in logs and browser histories.");
  }
  const header = request.headers.get("Authorization");
  if (!header) return refusal(401, "unauthorized", "Send a personal access token: Authorization: Bearer <token>.", REALM);
  const match = /^Bearer +([A-Za-z0-9._~+/-]+=*) *$/i.exec(header);
  if (!match) return refusal(401, "invalid_token", "The Authorization header must be: Bearer <token>.", `${REALM}, error="invalid_request"`);

  const [found] = await db
    .select({
      id: accessTokens.id,
      kind: accessTokens.kind,
      scopes: accessTokens.scopes,
      expired: sql<boolean>`${accessTokens.expiresAt} <= now()`,
      revoked: sql<boolean>`${accessTokens.revokedAt} is not null`,
      userId: users.id,
      email: users.email,
      displayName: users.displayName,
      emailVerifiedAt: users.emailVerifiedAt,
      accountStatus: users.accountStatus,
      termsOfUseStatus: users.termsOfUseStatus,
      hasSocialIdentity: sql<boolean>`exists (select 1 from ${identities} i where i.user_id = ${users.id} and i.provider <> 'email')`,
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(eq(accessTokens.tokenHash, hashAccessToken(match[1])));
  if (!found) return refusal(401, "invalid_token", "This token is not valid.", `${REALM}, error="invalid_token"`);
  if (found.revoked) return refusal(401, "token_revoked", "This token has been revoked.", `${REALM}, error="invalid_token", error_description="revoked"`);
  if (found.expired) return refusal(401, "token_expired", "This token has expired. Make a new one on your account's API page.", `${REALM}, error="invalid_token", error_description="expired"`);

  const quota = await countRateLimitHit(db, RATE_LIMITS.apiPerToken, found.id);
  const headers = new Headers({
    "RateLimit-Policy": `"token";q=${quota.max};w=${quota.windowSeconds}`,
    RateLimit: `"token";r=${quota.remaining};t=${quota.resetSeconds}`,
  });
  if (quota.throttled) return refusal(429, "rate_limited", quota.throttled.message, undefined, headers, quota.throttled.headers);

  const emailVerified = found.emailVerifiedAt !== null;
  const user: SessionUser = {
    id: found.userId,
    email: found.email,
    displayName: found.displayName,
    emailVerified,
    verified: emailVerified || found.hasSocialIdentity,
    // A token never carries staff powers, whoever made it: /api/v1 acts on the account's own things.
    isAdmin: false,
    roles: [],
    permissions: [],
    accountStatus: found.accountStatus,
    termsOfUseStatus: found.termsOfUseStatus,
  };
  if (user.accountStatus === "BANNED") return refusal(403, "banned", "This account has been banned and can no longer be used.", undefined, headers);
  if (requirement.verified && !user.verified) return refusal(403, "unverified", "Verify your email address to continue.", undefined, headers);
  const scopes = found.scopes.filter(isTokenScope);
  if (requirement.scope && !scopes.includes(requirement.scope)) {
    return refusal(
      403,
      "insufficient_scope",
      `This token lacks the ${requirement.scope} scope. Make a token with it on your account's API page.`,
      `${REALM}, error="insufficient_scope", scope="${requirement.scope}"`,
      headers,
    );
  }
  await markUsed(found.id);
  return { caller: { user, tokenId: found.id, kind: found.kind, scopes }, headers };
}

/** Last use, to the minute: one write a minute per token at most, not one per request. */
async function markUsed(tokenId: string): Promise<void> {
  await db
    .update(accessTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(accessTokens.id, tokenId), or(isNull(accessTokens.lastUsedAt), sql`${accessTokens.lastUsedAt} < now() - interval '1 minute'`)));
}

function refusal(status: number, code: string, message: string, challenge?: string, ...headerSets: (Headers | Record<string, string>)[]): Response {
  const response = jsonError(status, code, message);
  response.headers.set("Cache-Control", "no-store");
  if (challenge) response.headers.set("WWW-Authenticate", challenge);
  for (const set of headerSets) for (const [name, value] of new Headers(set)) response.headers.set(name, value);
  return response;
}
