// Security headers on every response (issue 16, finding 5).
//
// Content-Security-Policy: scripts only from our origin or inline with this response's nonce (Remix's
// <Scripts>/<ScrollRestoration> and our own inline scripts take it from the load context, see
// app/utils/nonce.tsx): no 'unsafe-inline' for scripts, so injected markup cannot run. What the app
// itself needs: media and images from our origin plus blob:/data: (howler's unlock sound, recorded takes,
// waveform images), Web Audio and the microphone (no CSP directive; Permissions-Policy allows the
// microphone for our origin only), fetches to our origin, forms to our origin and to the sign-in providers
// a sign-in form redirects to (form-action also applies to the redirect). Styles allow 'unsafe-inline':
// React's style attributes need it, and styles cannot run code.
//
// A route that sets its own Content-Security-Policy keeps it (an embeddable player page allows framing);
// every other response gets the policy below. HTML documents carry the policy naming their own nonce
// (entry.server.tsx sets it, and the page caches keep it with the page: ADR 017).
import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { CSP_REPORT_PATH } from "./csp-report.server";

/** Where a sign-in (or a future checkout) form may send the browser on to: the redirect after the POST. */
export const FORM_TARGETS = [
  "https://accounts.google.com",
  "https://www.facebook.com",
  "https://appleid.apple.com",
  "https://checkout.stripe.com",
];

export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

export function contentSecurityPolicy(nonce: string, options: { https?: boolean } = {}): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' data: blob:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' ${FORM_TARGETS.join(" ")}`,
    "frame-ancestors 'none'",
    // What the policy blocks is logged by the server (csp-report.server.ts).
    `report-uri ${CSP_REPORT_PATH}`,
    ...(options.https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** The vocals page records from the microphone; nothing else needs a device. */
export const PERMISSIONS_POLICY = "microphone=(self), camera=(), geolocation=(), usb=(), payment=(self)";

/** HSTS for a year, only over HTTPS: browsers ignore it over HTTP, and a local http:// install must stay reachable. */
const HSTS = "max-age=31536000; includeSubDomains";

export interface SecurityHeaderOptions {
  /** APP_URL: https there means the app is served over HTTPS (behind a proxy that terminates TLS). */
  appUrl: string;
}

/**
 * Express middleware: gives the request its CSP nonce (`res.locals.cspNonce`, passed to Remix as load
 * context) and adds the headers just before the response's head is written, so that headers a route set
 * itself (its own Content-Security-Policy) win over these defaults.
 */
export function securityHeaders(options: SecurityHeaderOptions) {
  const appIsHttps = new URL(options.appUrl).protocol === "https:";
  return (req: Request, res: Response, next: NextFunction) => {
    // Drawn when first needed (a Remix render, or a response without its own policy): a cached page
    // carries the policy naming its own nonce, and drawing one for it anyway was a measurable cost.
    let nonce: string | undefined;
    const nonceOf = () => (nonce ??= newNonce());
    Object.defineProperty(res.locals, "cspNonce", { get: nonceOf, enumerable: true, configurable: true });
    // req.secure honours X-Forwarded-Proto only with TRUST_PROXY on, so a client cannot claim HTTPS.
    const https = appIsHttps || req.secure;
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: Parameters<typeof writeHead>) {
      if (!this.hasHeader("Content-Security-Policy")) this.setHeader("Content-Security-Policy", contentSecurityPolicy(nonceOf(), { https }));
      if (!this.hasHeader("X-Content-Type-Options")) this.setHeader("X-Content-Type-Options", "nosniff");
      if (!this.hasHeader("Referrer-Policy")) this.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
      if (!this.hasHeader("Permissions-Policy")) this.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
      if (https && !this.hasHeader("Strict-Transport-Security")) this.setHeader("Strict-Transport-Security", HSTS);
      return writeHead.apply(this, args);
    } as typeof res.writeHead;
    next();
  };
}
