// Sign-in (spec 3 §1, §4): remix-auth 4 with a FormStrategy for email and password, and one
// OAuth2Strategy each for Google, Facebook and Apple (docs/decisions/004-auth-remix-auth-4-oauth2.md).
// A social provider is offered only when its keys are configured, or, in development and tests with
// OAUTH_STANDIN=1, when the local stand-in (oauth-standin.server.ts) plays it.
//
// remix-auth 4 only identifies the user; sessions, devices and bans are ours (signInUser below).
import { redirect } from "@remix-run/node";
import { OAuth2Tokens } from "arctic";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { OAuth2Strategy } from "remix-auth-oauth2";
import { z } from "zod";
import type { User } from "../../drizzle/schema/auth";
import { findOrCreateSocialUser, recordUserEvent, type SocialProfile, type SocialProvider } from "~/models/user.server";
import { checkPassword } from "~/services/account/workflows.server";
import { db } from "./db.server";
import { clientIp, isAddressBanned, recordDeviceSignIn } from "./devices.server";
import { env } from "./env.server";
import type { BanReason } from "./guards.server";
import {
  isStandinEnabled,
  STANDIN_CLIENT_SECRET,
  standinClientId,
  standinEndpoints,
} from "./oauth-standin.server";
import { createUserSession } from "./session.server";

export const SOCIAL_PROVIDERS = ["google", "facebook", "apple"] as const satisfies readonly SocialProvider[];

export const PROVIDER_LABELS: Record<SocialProvider, string> = { google: "Google", facebook: "Facebook", apple: "Apple" };

export function isSocialProvider(value: string | undefined): value is SocialProvider {
  return (SOCIAL_PROVIDERS as readonly string[]).includes(value ?? "");
}

export class InvalidCredentialsError extends Error {
  constructor() {
    super("The email or password is incorrect.");
  }
}

function formStrategy() {
  // The route has already checked the fields' shape (and shows its messages); this only checks them.
  return new FormStrategy<User>(async ({ form }) => {
    const email = form.get("email");
    const password = form.get("password");
    const user = typeof email === "string" && typeof password === "string" ? await checkPassword(email, password) : null;
    if (!user) throw new InvalidCredentialsError();
    return user;
  });
}

// --- Social providers ---------------------------------------------------------------------------------

interface ProviderConfig {
  clientId: string;
  clientSecret: string;
  authorizationEndpoint: URL;
  tokenEndpoint: URL;
  scopes: string[];
  /** Facebook and Apple take the client secret in the form body instead of HTTP Basic auth. */
  clientSecretPost: boolean;
  /** Extra authorization parameters (Apple's form_post). */
  extraParams?: Record<string, string>;
  /** Apple posts the callback cross-site, which a SameSite=Lax state cookie would not survive. */
  crossSiteCallback?: boolean;
  profile(tokens: OAuth2Tokens): Promise<SocialProfile>;
}

export function oauthCallbackUrl(provider: SocialProvider): URL {
  return new URL(`/auth/${provider}/callback`, env.APP_URL);
}

/**
 * The claims of an ID token received straight from the provider's token endpoint over TLS. OpenID
 * Connect Core §3.1.3.7 allows trusting the TLS channel instead of checking the signature in this case.
 */
function idTokenClaims(tokens: OAuth2Tokens): Record<string, unknown> {
  const payload = tokens.idToken().split(".")[1] ?? "";
  return JSON.parse(Buffer.from(payload, "base64url").toString()) as Record<string, unknown>;
}

const ProfileClaims = z.object({
  sub: z.string().min(1),
  email: z.email(),
  // Apple sends "true"/"false" strings; Google booleans. Facebook only hands out confirmed addresses.
  email_verified: z.union([z.boolean(), z.enum(["true", "false"]).transform((value) => value === "true")]).default(true),
  name: z.string().optional(),
});

export class ProviderProfileError extends Error {
  constructor(provider: SocialProvider) {
    super(`${PROVIDER_LABELS[provider]} did not share an email address with Songloom.`);
  }
}

function toProfile(provider: SocialProvider, claims: unknown, fallbackName?: string): SocialProfile {
  const parsed = ProfileClaims.safeParse(claims);
  if (!parsed.success) throw new ProviderProfileError(provider);
  const { sub, email, email_verified, name } = parsed.data;
  return { provider, providerUserId: sub, email, displayName: name ?? fallbackName ?? "", emailVerified: email_verified };
}

async function fetchJson(url: URL, accessToken: string): Promise<unknown> {
  const response = await fetch(url, { headers: { Authorization: `Bearer ${accessToken}`, Accept: "application/json" } });
  if (!response.ok) throw new Error(`${url.origin}${url.pathname} answered ${response.status}`);
  return response.json();
}

function liveConfig(provider: SocialProvider): ProviderConfig | null {
  switch (provider) {
    case "google":
      return env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            authorizationEndpoint: new URL("https://accounts.google.com/o/oauth2/v2/auth"),
            tokenEndpoint: new URL("https://oauth2.googleapis.com/token"),
            scopes: ["openid", "email", "profile"],
            clientSecretPost: false,
            profile: async (tokens) => toProfile("google", idTokenClaims(tokens)),
          }
        : null;
    case "facebook":
      return env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET
        ? {
            clientId: env.FACEBOOK_CLIENT_ID,
            clientSecret: env.FACEBOOK_CLIENT_SECRET,
            authorizationEndpoint: new URL("https://www.facebook.com/v19.0/dialog/oauth"),
            tokenEndpoint: new URL("https://graph.facebook.com/v19.0/oauth/access_token"),
            scopes: ["email", "public_profile"],
            clientSecretPost: true,
            profile: async (tokens) => {
              const me = (await fetchJson(new URL("https://graph.facebook.com/me?fields=id,name,email"), tokens.accessToken())) as {
                id?: string;
                name?: string;
                email?: string;
              };
              return toProfile("facebook", { sub: me.id, email: me.email, name: me.name });
            },
          }
        : null;
    case "apple":
      // APPLE_CLIENT_SECRET is the ES256 client-secret JWT generated from the Apple key (valid ≤ 6 months).
      return env.APPLE_CLIENT_ID && env.APPLE_CLIENT_SECRET
        ? {
            clientId: env.APPLE_CLIENT_ID,
            clientSecret: env.APPLE_CLIENT_SECRET,
            authorizationEndpoint: new URL("https://appleid.apple.com/auth/authorize"),
            tokenEndpoint: new URL("https://appleid.apple.com/auth/token"),
            scopes: ["name", "email"],
            clientSecretPost: true,
            // Apple requires form_post whenever name or email is requested.
            extraParams: { response_mode: "form_post" },
            crossSiteCallback: true,
            profile: async (tokens) => toProfile("apple", idTokenClaims(tokens)),
          }
        : null;
  }
}

function standinConfig(provider: SocialProvider): ProviderConfig {
  const { authorizationEndpoint, tokenEndpoint, userInfoEndpoint } = standinEndpoints();
  authorizationEndpoint.searchParams.set("provider", provider);
  return {
    clientId: standinClientId(provider),
    clientSecret: STANDIN_CLIENT_SECRET,
    authorizationEndpoint,
    tokenEndpoint,
    scopes: ["openid", "email", "profile"],
    clientSecretPost: false,
    profile: async (tokens) => toProfile(provider, await fetchJson(userInfoEndpoint, tokens.accessToken())),
  };
}

export type ProviderMode = "live" | "standin";

/** How each provider is served right now; providers missing from the result are not offered. */
export function socialProviderModes(): Partial<Record<SocialProvider, ProviderMode>> {
  const modes: Partial<Record<SocialProvider, ProviderMode>> = {};
  for (const provider of SOCIAL_PROVIDERS) {
    if (liveConfig(provider)) modes[provider] = "live";
    else if (isStandinEnabled()) modes[provider] = "standin";
  }
  return modes;
}

export function enabledSocialProviders(): SocialProvider[] {
  return SOCIAL_PROVIDERS.filter((provider) => socialProviderModes()[provider] !== undefined);
}

export interface SocialButton {
  provider: SocialProvider;
  label: string;
  /** Served by the local stand-in, which the button says so nobody mistakes it for the real provider. */
  standin: boolean;
}

/** The social sign-in buttons to show, for the sign-in and sign-up pages. */
export function socialButtons(): SocialButton[] {
  const modes = socialProviderModes();
  return enabledSocialProviders().map((provider) => ({ provider, label: PROVIDER_LABELS[provider], standin: modes[provider] === "standin" }));
}

/** OAuth2Strategy plus the two provider quirks the base class does not cover. */
class SocialStrategy extends OAuth2Strategy<User> {
  constructor(
    private readonly config: ProviderConfig,
    provider: SocialProvider,
  ) {
    super(
      {
        clientId: config.clientId,
        clientSecret: config.clientSecret,
        authorizationEndpoint: config.authorizationEndpoint,
        tokenEndpoint: config.tokenEndpoint,
        redirectURI: oauthCallbackUrl(provider),
        scopes: config.scopes,
        cookie: {
          name: `oauth2-${provider}`,
          ...(config.crossSiteCallback ? { sameSite: "None", secure: true } : {}),
        },
      },
      async ({ tokens }) => findOrCreateSocialUser(await config.profile(tokens)),
    );
    this.name = provider;
  }

  protected override authorizationParams(params: URLSearchParams, request: Request): URLSearchParams {
    const result = super.authorizationParams(params, request);
    for (const [key, value] of Object.entries(this.config.extraParams ?? {})) result.set(key, value);
    return result;
  }

  protected override async validateAuthorizationCode(code: string, codeVerifier: string): Promise<OAuth2Tokens> {
    if (!this.config.clientSecretPost) return super.validateAuthorizationCode(code, codeVerifier);
    const body = new URLSearchParams({
      grant_type: "authorization_code",
      code,
      code_verifier: codeVerifier,
      redirect_uri: this.options.redirectURI?.toString() ?? "",
      client_id: this.config.clientId,
      client_secret: this.config.clientSecret,
    });
    const response = await fetch(this.config.tokenEndpoint, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body,
    });
    if (!response.ok) throw new Error(`Token endpoint answered ${response.status}`);
    return new OAuth2Tokens((await response.json()) as object);
  }
}

function buildAuthenticator(): Authenticator<User> {
  const authenticator = new Authenticator<User>();
  authenticator.use(formStrategy(), "form");
  for (const provider of SOCIAL_PROVIDERS) {
    const config = liveConfig(provider) ?? (isStandinEnabled() ? standinConfig(provider) : null);
    if (config) authenticator.use(new SocialStrategy(config, provider), provider);
  }
  return authenticator;
}

export const authenticator = buildAuthenticator();

// --- Completing a sign-in -----------------------------------------------------------------------------

export type SignInResult = { ok: true; response: Response } | { ok: false; reason: BanReason };

/**
 * Everything after the user is known, for every way in (form, social, sign-up): refuse banned accounts,
 * banned devices and the addresses banned devices last signed in from, record the device, start a
 * session and redirect with both cookies.
 */
export async function signInUser(request: Request, user: User, redirectTo: string): Promise<SignInResult> {
  if (user.accountStatus === "BANNED") return { ok: false, reason: "account" };
  // A banned device that cleared its cookies comes back as a new device, but from the same address.
  if (await isAddressBanned(clientIp(request))) return { ok: false, reason: "device" };
  const device = await recordDeviceSignIn(request, user.id);
  if (device.banned) return { ok: false, reason: "device" };
  await recordUserEvent(db, user.id, "signed_in", { deviceId: device.deviceId });
  const headers = new Headers();
  headers.append("Set-Cookie", device.setCookie);
  headers.append("Set-Cookie", await createUserSession(user.id, device.deviceId));
  return { ok: true, response: redirect(redirectTo, { headers }) };
}
