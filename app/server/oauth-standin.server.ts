// Local OAuth stand-in — used only when no provider keys are configured, for development and tests.
//
// With OAUTH_STANDIN=1 (never in production), every social provider without keys is served by this tiny
// authorization server inside the app (/dev/oauth/authorize, /dev/oauth/token, /dev/oauth/userinfo). The
// real OAuth2Strategy code runs against it unchanged: redirect with state and PKCE, the callback, the
// code exchange over HTTP with client authentication, and the profile fetch. Only the identity is made
// up: the authorize page asks which email and name to sign in as.
//
// Codes and access tokens are HMAC-signed and stateless, so any web process can check them. Unlike a real
// provider a code can be exchanged more than once before it expires; nothing here is a security boundary.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { env } from "./env.server";

export const STANDIN_PROVIDERS = ["google", "facebook", "apple"] as const;
export type StandinProvider = (typeof STANDIN_PROVIDERS)[number];

export const STANDIN_CLIENT_SECRET = "local-oauth-standin-secret";
const CODE_TTL_SECONDS = 5 * 60;
const ACCESS_TTL_SECONDS = 60 * 60;

export function isStandinEnabled(): boolean {
  return env.NODE_ENV !== "production" && /^(1|true|yes|on)$/i.test(process.env.OAUTH_STANDIN ?? "");
}

export function standinClientId(provider: StandinProvider): string {
  return `songloom-standin-${provider}`;
}

export function standinEndpoints() {
  return {
    authorizationEndpoint: new URL("/dev/oauth/authorize", env.APP_URL),
    tokenEndpoint: new URL("/dev/oauth/token", env.APP_URL),
    userInfoEndpoint: new URL("/dev/oauth/userinfo", env.APP_URL),
  };
}

export interface StandinIdentity {
  provider: StandinProvider;
  /** Stable per provider and email, as a real provider's user id is. */
  sub: string;
  email: string;
  name: string;
}

export function standinIdentity(provider: StandinProvider, email: string, name: string): StandinIdentity {
  const normalized = email.trim().toLowerCase();
  const digest = createHash("sha256").update(`${provider}:${normalized}`).digest("hex").slice(0, 20);
  return { provider, sub: `standin-${provider}-${digest}`, email: normalized, name: name.trim() };
}

interface CodeClaims extends StandinIdentity {
  kind: "code";
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  exp: number;
}

interface AccessClaims extends StandinIdentity {
  kind: "access";
  exp: number;
}

function key(): Buffer {
  return createHmac("sha256", env.SESSION_SECRET).update("oauth-standin").digest();
}

function sign(claims: CodeClaims | AccessClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString("base64url");
  return `${payload}.${createHmac("sha256", key()).update(payload).digest("base64url")}`;
}

function open(token: string): CodeClaims | AccessClaims | null {
  const [payload, signature] = token.split(".");
  if (!payload || !signature) return null;
  const expected = createHmac("sha256", key()).update(payload).digest();
  const actual = Buffer.from(signature, "base64url");
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as CodeClaims | AccessClaims;
  return claims.exp > Date.now() / 1000 ? claims : null;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The code the authorize page hands back to the app after "signing in". */
export function issueCode(identity: StandinIdentity, request: { clientId: string; redirectUri: string; codeChallenge: string }): string {
  return sign({ kind: "code", ...identity, ...request, exp: nowSeconds() + CODE_TTL_SECONDS });
}

export type TokenResult =
  | { ok: true; body: { access_token: string; token_type: "Bearer"; expires_in: number } }
  | { ok: false; status: 400 | 401; error: string; description: string };

/** The token endpoint (RFC 6749 §4.1.3 with PKCE, RFC 7636): checks client, code, redirect URI and verifier. */
export function exchangeCode(form: URLSearchParams, authorization: string | null): TokenResult {
  const fail = (status: 400 | 401, error: string, description: string): TokenResult => ({ ok: false, status, error, description });
  const [scheme, encoded] = (authorization ?? "").split(" ");
  const [clientId, secret] = scheme === "Basic" && encoded ? Buffer.from(encoded, "base64").toString().split(":") : [];
  if (!clientId || secret !== STANDIN_CLIENT_SECRET) return fail(401, "invalid_client", "Unknown client or wrong secret.");
  if (form.get("grant_type") !== "authorization_code") return fail(400, "unsupported_grant_type", "Only authorization_code is supported.");
  const claims = open(form.get("code") ?? "");
  if (!claims || claims.kind !== "code") return fail(400, "invalid_grant", "The code is invalid or expired.");
  if (claims.clientId !== clientId) return fail(400, "invalid_grant", "The code was issued to another client.");
  if (claims.redirectUri !== form.get("redirect_uri")) return fail(400, "invalid_grant", "redirect_uri does not match.");
  const verifier = form.get("code_verifier") ?? "";
  if (createHash("sha256").update(verifier).digest("base64url") !== claims.codeChallenge) {
    return fail(400, "invalid_grant", "code_verifier does not match the code challenge.");
  }
  const { provider, sub, email, name } = claims;
  return {
    ok: true,
    body: {
      access_token: sign({ kind: "access", provider, sub, email, name, exp: nowSeconds() + ACCESS_TTL_SECONDS }),
      token_type: "Bearer",
      expires_in: ACCESS_TTL_SECONDS,
    },
  };
}

/** The userinfo endpoint: the identity behind a bearer access token, or null. */
export function userInfo(authorization: string | null): { sub: string; email: string; email_verified: true; name: string } | null {
  const [scheme, token] = (authorization ?? "").split(" ");
  const claims = scheme === "Bearer" && token ? open(token) : null;
  if (!claims || claims.kind !== "access") return null;
  return { sub: claims.sub, email: claims.email, email_verified: true, name: claims.name };
}
