// Carries "where to go after sign-in" across a social sign-in's round trip through the provider.
import { createCookie } from "@remix-run/node";
import { env } from "./env.server";

export const authRedirectCookie = createCookie("auth-redirect", {
  httpOnly: true,
  // Lax: Apple's form_post callback is a cross-site POST and will not carry it; such sign-ins fall back to
  // the default destination, which is harmless.
  sameSite: "lax",
  secure: env.NODE_ENV === "production",
  path: "/",
  maxAge: 10 * 60,
  secrets: [env.SESSION_SECRET],
});

/** Set-Cookie headers that delete remix-auth-oauth2's state cookies (`<name>:<uuid>`) for a provider. */
export function clearOAuthStateCookies(request: Request, provider: string): string[] {
  const names = (request.headers.get("Cookie") ?? "")
    .split(";")
    .map((part) => part.split("=")[0].trim())
    .filter((name) => name.startsWith(`oauth2-${provider}:`));
  return names.map((name) => `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
}
