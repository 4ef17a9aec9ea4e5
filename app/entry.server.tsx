import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { contentSecurityPolicy } from "~/server/hardening/security-headers.server";
import { NonceContext } from "~/utils/nonce";

export { boot, shutdown } from "~/server/lifecycle.server";
export { handleError } from "~/server/error-log.server";
export { methodNotAllowed } from "~/server/api-methods.server";
// server.mjs serves visitors' share pages from this cache before Remix renders (ADR 012).
export { sharePageCache, userPageCache, visitorPageCache } from "~/server/page-cache.server";
// Health checks, time limits, body limits, cross-site checks and security headers (ADR 017).
export * as hardening from "~/server/hardening";
export * as observability from "~/server/observability";

const ABORT_DELAY = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // The CSP nonce server.mjs made for this request (ADR 017). The document carries the policy that names
  // it, so a page cache that keeps the HTML keeps the matching policy with it. A route's own policy wins.
  const nonce = typeof loadContext.cspNonce === "string" ? loadContext.cspNonce : undefined;
  if (nonce && !responseHeaders.has("Content-Security-Policy")) {
    responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce, { https: loadContext.https === true }));
  }
  // The whole document is rendered before it is sent: no page defers data, so streaming would only cut
  // the HTML into a dozen small writes, each compressed and written to the socket on its own (about a
  // tenth of a page's server time). Crawlers and browsers get the same complete document.
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceContext.Provider>,
      {
        onAllReady() {
          shellRendered = true;
          const chunks: Buffer[] = [];
          const body = new PassThrough();
          body.on("data", (chunk: Buffer) => chunks.push(chunk));
          body.on("error", reject);
          body.on("end", () => {
            clearTimeout(timer);
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    const timer = setTimeout(abort, ABORT_DELAY);
  });
}
