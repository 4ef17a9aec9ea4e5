// Cross-site requests are refused (issue 16, finding 3). SameSite=Lax cookies alone let another site's
// page post to us in some cases (Remix `?_data=` fetches, top-level form posts to /sign-out, /terms/accept,
// /api/*). Every request that can change something (any method but GET, HEAD and OPTIONS) must come from
// the app's own origin: APP_URL's, or the one the request was addressed to (scheme + Host, which honours
// X-Forwarded-* only when TRUST_PROXY is on). The browser says where a request comes from:
//   Origin          sent by every current browser on a POST, also by plain HTML forms without JavaScript;
//                   "null" (sandboxed frames, file: pages, some redirects) is refused like any other.
//   Sec-Fetch-Site  when there is no Origin: same-origin and none (the user typed or bookmarked it) pass.
//   Referer         when neither is there: its origin must match.
// A request with none of the three is not a browser acting for a signed-in user (curl, server-to-server
// calls such as the OAuth stand-in's token endpoint) and passes: cross-site forgery needs a browser.
import type { NextFunction, Request, Response } from "express";
import { refuse, requestPath } from "./refuse.server";

/** The only URLs that take state-changing requests from other origins; each authenticates otherwise. */
export const CROSS_ORIGIN_EXEMPT: { pattern: RegExp; why: string }[] = [
  { pattern: /^\/api\/webhooks\/stripe\/?$/, why: "Stripe's webhook, verified by its signature (STRIPE_WEBHOOK_SECRET)" },
  { pattern: /^\/api\/v1\//, why: "The public API (docs/api.md): a bearer token proves the caller and cookies are never read, so another site's page gains nothing" },
  { pattern: /^\/auth\/apple\/callback\/?$/, why: "Sign in with Apple posts the code back (form_post); the OAuth state and code exchange check it" },
];

export const CROSS_SITE_MESSAGE = "This request came from another website, so it was refused. Open Songloom and try again there.";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.origin : null;
  } catch {
    return null;
  }
}

export interface RequestSource {
  method: string;
  path: string;
  origin?: string;
  secFetchSite?: string;
  referer?: string;
  /** The origin the request was addressed to: scheme://host[:port]. */
  addressedTo: string;
}

/** Null when the request may go on, else why it is refused. */
export function crossSiteProblem(source: RequestSource, appUrl: string): string | null {
  if (SAFE_METHODS.has(source.method)) return null;
  if (CROSS_ORIGIN_EXEMPT.some((rule) => rule.pattern.test(source.path))) return null;
  const own = new Set([originOf(appUrl), originOf(source.addressedTo)].filter((origin): origin is string => origin !== null));
  if (source.origin !== undefined) {
    const origin = source.origin === "null" ? null : originOf(source.origin);
    return origin && own.has(origin) ? null : `Origin ${source.origin}`;
  }
  if (source.secFetchSite !== undefined) {
    return source.secFetchSite === "same-origin" || source.secFetchSite === "none" ? null : `Sec-Fetch-Site ${source.secFetchSite}`;
  }
  if (source.referer !== undefined) {
    const origin = originOf(source.referer);
    return origin && own.has(origin) ? null : "Referer from another origin";
  }
  return null;
}

export function refuseCrossSite(appUrl: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    const problem = crossSiteProblem(
      {
        method: req.method,
        path: requestPath(req),
        origin: req.get("Origin"),
        secFetchSite: req.get("Sec-Fetch-Site"),
        referer: req.get("Referer"),
        addressedTo: `${req.protocol}://${req.get("host") ?? ""}`,
      },
      appUrl,
    );
    if (!problem) return next();
    console.warn(`403: cross-site ${req.method} ${requestPath(req)} refused (${problem.slice(0, 200)})`);
    refuse(req, res, 403, "cross_site_request", CROSS_SITE_MESSAGE, { Connection: "close" });
  };
}
