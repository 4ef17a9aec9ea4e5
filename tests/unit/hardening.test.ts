// The pure halves of the request hardening (ADR 017): which requests count as cross-site, each URL's body
// limit, and the Content-Security-Policy. The express middleware is tested over HTTP in
// tests/integration/hardening-http.test.ts and in the browser in tests/e2e/security.spec.ts.
import { MAX_VOCAL_FILE_BYTES } from "~/services/vocals/vocal-take.server";
import { bodyLimitFor, DEFAULT_BODY_LIMIT } from "~/server/hardening/body-limits.server";
import { crossSiteProblem, type RequestSource } from "~/server/hardening/same-origin.server";
import { contentSecurityPolicy } from "~/server/hardening/security-headers.server";

const APP = "https://songloom.example";
const post = (source: Partial<RequestSource>): RequestSource => ({ method: "POST", path: "/sign-out", addressedTo: "http://10.0.0.5:3000", ...source });

describe("crossSiteProblem", () => {
  test("our origin (APP_URL's or the one the request was addressed to) passes; any other, and null, do not", () => {
    expect(crossSiteProblem(post({ origin: APP }), APP)).toBeNull();
    expect(crossSiteProblem(post({ origin: "http://10.0.0.5:3000" }), APP)).toBeNull();
    expect(crossSiteProblem(post({ origin: "https://evil.example" }), APP)).toBe("Origin https://evil.example");
    expect(crossSiteProblem(post({ origin: "https://songloom.example:8443" }), APP)).not.toBeNull();
    expect(crossSiteProblem(post({ origin: "null" }), APP)).toBe("Origin null");
    expect(crossSiteProblem(post({ origin: "not a url" }), APP)).not.toBeNull();
    // Origin decides when present, whatever the other headers say.
    expect(crossSiteProblem(post({ origin: "https://evil.example", secFetchSite: "same-origin", referer: `${APP}/` }), APP)).not.toBeNull();
  });

  test("without Origin: Sec-Fetch-Site, then Referer; a request with none of them is not a browser's and passes", () => {
    expect(crossSiteProblem(post({ secFetchSite: "same-origin" }), APP)).toBeNull();
    expect(crossSiteProblem(post({ secFetchSite: "none" }), APP)).toBeNull();
    expect(crossSiteProblem(post({ secFetchSite: "same-site" }), APP)).not.toBeNull();
    expect(crossSiteProblem(post({ secFetchSite: "cross-site" }), APP)).not.toBeNull();
    expect(crossSiteProblem(post({ referer: `${APP}/library` }), APP)).toBeNull();
    expect(crossSiteProblem(post({ referer: "https://evil.example/" }), APP)).not.toBeNull();
    expect(crossSiteProblem(post({}), APP)).toBeNull();
  });

  test("GET, HEAD and OPTIONS are never refused; the exempt URLs take other origins", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) expect(crossSiteProblem(post({ method, origin: "https://evil.example" }), APP)).toBeNull();
    for (const method of ["PUT", "PATCH", "DELETE"]) expect(crossSiteProblem(post({ method, origin: "https://evil.example" }), APP)).not.toBeNull();
    expect(crossSiteProblem(post({ path: "/api/webhooks/stripe", origin: "https://stripe.example" }), APP)).toBeNull();
    expect(crossSiteProblem(post({ path: "/auth/apple/callback", origin: "https://appleid.apple.com" }), APP)).toBeNull();
    expect(crossSiteProblem(post({ path: "/auth/google/callback", origin: "https://evil.example" }), APP)).not.toBeNull();
  });
});

describe("bodyLimitFor", () => {
  test("1 MB for forms and JSON; the audio uploads take a 50 MB file plus its multipart framing; cover art 50 MB", () => {
    expect(DEFAULT_BODY_LIMIT).toBe(1024 * 1024);
    expect(bodyLimitFor("/sign-in")).toBe(DEFAULT_BODY_LIMIT);
    expect(bodyLimitFor("/api/song/abc")).toBe(DEFAULT_BODY_LIMIT);
    for (const path of ["/api/vocal_files", "/edit/abc/vocals", "/edit/abc/vocals/"]) {
      expect(bodyLimitFor(path)).toBeGreaterThan(MAX_VOCAL_FILE_BYTES);
      expect(bodyLimitFor(path)).toBeLessThan(MAX_VOCAL_FILE_BYTES + 1024 * 1024);
    }
    expect(bodyLimitFor("/edit/abc/vocals/modes")).toBe(DEFAULT_BODY_LIMIT);
    expect(bodyLimitFor("/api/cover_art")).toBeGreaterThanOrEqual(50 * 1024 * 1024);
    expect(bodyLimitFor("/release/abc/cover")).toBeGreaterThanOrEqual(50 * 1024 * 1024);
  });
});

describe("contentSecurityPolicy", () => {
  test("scripts from our origin or with the nonce, never 'unsafe-inline'; no framing; media from blob: and data:", () => {
    const policy = contentSecurityPolicy("abc123");
    const directives = Object.fromEntries(policy.split("; ").map((part) => [part.split(" ")[0], part.split(" ").slice(1)]));
    expect(directives["script-src"]).toEqual(["'self'", "'nonce-abc123'"]);
    expect(directives["frame-ancestors"]).toEqual(["'none'"]);
    expect(directives["object-src"]).toEqual(["'none'"]);
    expect(directives["media-src"]).toEqual(["'self'", "data:", "blob:"]);
    expect(directives["upgrade-insecure-requests"]).toBeUndefined();
    expect(contentSecurityPolicy("abc123", { https: true })).toContain("upgrade-insecure-requests");
  });
});

describe("securityHeaders", () => {
  async function headersFrom(appUrl: string, trustProxy: boolean, requestHeaders: Record<string, string> = {}, routeCsp?: string) {
    const express = (await import("express")).default;
    const { securityHeaders } = await import("~/server/hardening/security-headers.server");
    const app = express();
    if (trustProxy) app.set("trust proxy", 1);
    app.use(securityHeaders({ appUrl }));
    app.get("/", (_req, res) => {
      if (routeCsp) res.append("Content-Security-Policy", routeCsp);
      res.send("ok");
    });
    const server = app.listen(0);
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as { port: number };
    try {
      return (await fetch(`http://127.0.0.1:${port}/`, { headers: requestHeaders })).headers;
    } finally {
      server.close();
    }
  }

  test("HSTS only over HTTPS: an https APP_URL, or X-Forwarded-Proto from a trusted proxy", async () => {
    expect((await headersFrom("http://localhost:3000", false)).get("strict-transport-security")).toBeNull();
    expect((await headersFrom("http://localhost:3000", false, { "X-Forwarded-Proto": "https" })).get("strict-transport-security")).toBeNull();
    expect((await headersFrom("http://localhost:3000", true, { "X-Forwarded-Proto": "https" })).get("strict-transport-security")).toContain("max-age=");
    expect((await headersFrom("https://songloom.example", false)).get("strict-transport-security")).toContain("max-age=");
  });

  test("a route's own Content-Security-Policy is kept (an embeddable page that allows framing)", async () => {
    const headers = await headersFrom("http://localhost:3000", false, {}, "frame-ancestors *");
    expect(headers.get("content-security-policy")).toBe("frame-ancestors *");
    expect(headers.get("x-content-type-options")).toBe("nosniff");
  });
});
