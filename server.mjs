// The production web server: Remix on express, plus the lifecycle remix-serve lacks
// (boot the database and job worker first; on SIGTERM stop HTTP, pg-boss and the database, each within a deadline).
import path from "node:path";
import { fileURLToPath } from "node:url";
import express from "express";
import compression from "compression";
import { createRequestHandler as createFetchHandler } from "@remix-run/node";

const here = path.dirname(fileURLToPath(import.meta.url));
// The bundled engine starts its worker threads from the TypeScript sources (see app/engine/threads).
process.env.SONGLOOM_ENGINE_DIR ??= path.join(here, "app/engine");
process.env.SONGLOOM_MIGRATIONS_DIR ??= path.join(here, "drizzle/migrations");
// SONGLOOM_BUILD_DIR (default: the project folder) lets two builds live side by side, e.g. parallel e2e runs.
const buildRoot = path.resolve(here, process.env.SONGLOOM_BUILD_DIR ?? ".");
const build = await import(path.join(buildRoot, "build/index.js")).catch((error) => {
  // The environment is checked when the build loads (app/server/env.server.ts): say what is missing.
  console.error(String(error?.message).startsWith("Invalid environment") ? error.message : error);
  process.exit(1);
});
const CLIENT_BUILD = "2.67.2";
// Every line this process logs is JSON with its level, time and pid (app/server/observability).
const { observability } = build.entry.module;
observability.logConsoleAsJson();

try {
  await build.entry.module.boot();
} catch (error) {
  // A refusal to start (the data directory is in use, the environment is incomplete) is one clear line,
  // not a stack trace; anything else keeps its stack.
  console.error(error?.name === "DataDirLockedError" ? error.message : error);
  process.exit(1);
}

const app = express();
app.disable("x-powered-by");
// The client's address for device records, device bans and throttles (clientIp in
// app/server/devices.server.ts): the socket's peer, or the X-Forwarded-For entry the trusted proxies
// recorded. Set on every request, replacing anything a client sent under that name.
app.set("trust proxy", trustedProxies(process.env.TRUST_PROXY));
// express asks this for req.ip, req.protocol and req.secure, several times a request, and each ask parses
// the address again (some 7 % of a cached page's CPU): answers are kept per address and hop.
app.set("trust proxy fn", rememberAnswers(app.get("trust proxy fn")));
app.use((req, _res, next) => {
  req.headers["x-songloom-client-address"] = req.ip ?? "";
  next();
});
// A request id and, once answered, a JSON log line and a latency sample by Remix route; then /metrics
// for a scraper with METRICS_TOKEN (app/server/observability, docs/deploy.md).
app.use(observability.requestLog(observability.routeLabeller(build.routes)));
app.use(observability.metricsEndpoint);
// Request hardening, before anything else answers (app/server/hardening, ADR 017).
const { hardening } = build.entry.module;
const { settings } = hardening;
app.use(hardening.securityHeaders({ appUrl: settings.appUrl }));
app.use(hardening.healthChecks);
app.use(hardening.cspReports);
app.use(hardening.requestDeadline({ defaultMs: settings.requestTimeoutMs, longMs: settings.longRequestTimeoutMs }));
app.use(hardening.refuseCrossSite(settings.appUrl));
app.use(hardening.limitRequestBody);
app.use((_req, res, next) => {
  res.setHeader("Client-Build", CLIENT_BUILD);
  next();
});
app.get(["/s/:songId", "/song/:songId", "/share/:songId"], servePageFrom(build.entry.module.sharePageCache));
app.get(["/style", "/library", "/release/:releaseId"], servePageFrom(build.entry.module.userPageCache));
app.get("/", servePageFrom(build.entry.module.visitorPageCache));
app.use(compression());
app.use("/api", answerWrongMethod);
app.use("/build", express.static(path.join(buildRoot, "public/build"), { immutable: true, maxAge: "1y" }));
app.use(express.static(path.join(here, "public"), { maxAge: "1h" }));
const renderPage = createFetchHandler(build, process.env.NODE_ENV);
// Remix, as @remix-run/express's handler runs it, but reading the size-limited body and given the CSP nonce.
app.all("*", async (req, res, next) => {
  try {
    const response = await renderPage(hardening.remixRequest(req, res), loadContext(req, res));
    // A check answered first (the time limit, the body limit): that answer stands.
    if (res.headersSent) return;
    await hardening.sendRemixResponse(res, response);
  } catch (error) {
    if (res.headersSent) return void res.destroy();
    next(error);
  }
});

/** What entry.server.tsx renders with: the response's CSP nonce, and whether the app is served over HTTPS. */
function loadContext(req, res) {
  return { cspNonce: res.locals.cspNonce, https: req.secure || settings.appUrl.startsWith("https:") };
}

/**
 * Pages served from an HTML cache kept gzipped (app/server/page-cache.server.ts, ADR 012): visitors' share
 * pages and Home, and /style, /library and /release/{id} per signed-in user. A miss is rendered by Remix and kept; anything a cache does not
 * take goes on to the handlers below.
 */
function servePageFrom(cache) {
  return (req, res, next) => {
    const url = `${req.protocol}://${req.get("host")}${req.originalUrl}`;
    // The caches read only the method, URL and a few headers (PageRequest): a fetch Request is built only
    // when Remix must render.
    const view = { method: req.method, url, headers: { get: (name) => req.headers[name.toLowerCase()] ?? null } };
    const render = () => renderPage(fetchRequest(req, url), loadContext(req, res));
    cache.serve(view, render).then((page) => {
      if (!page) return next();
      if (res.headersSent) return; // answered 503 by the time limit meanwhile
      res.status(page.status);
      if (page.headers) {
        // An answer that was not cached (it sets a cookie, or redirects) goes out as Remix made it.
        for (const [name, value] of page.headers) if (!/^(content-length|content-encoding|transfer-encoding)$/i.test(name)) res.append(name, value);
        return res.end(page.body);
      }
      res.setHeader("Content-Type", page.contentType);
      // The policy naming the nonce the cached HTML's inline scripts carry (ADR 017).
      if (page.csp) res.setHeader("Content-Security-Policy", page.csp);
      res.setHeader("Vary", "Accept-Encoding");
      // A kept page's cache headers (ETag, Cache-Control; docs/share.md); a 304 goes without a body.
      for (const [name, value] of Object.entries(page.cacheHeaders ?? {})) res.setHeader(name, value);
      if (page.status === 304) return res.end();
      if (req.acceptsEncodings("gzip", "identity") === "gzip") {
        res.setHeader("Content-Encoding", "gzip");
        res.end(page.gzip);
      } else {
        res.end(page.body);
      }
    }, next);
  };
}

/** The fetch Request Remix renders from: the client's headers, with the client address ours to set (see above). */
function fetchRequest(req, url) {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  headers.set("x-songloom-client-address", req.headers["x-songloom-client-address"] ?? "");
  return new Request(url, { method: req.method, headers });
}

/**
 * TRUST_PROXY, in express's terms: unset means proxies on this host or a private network (a reverse proxy
 * or a container network in front of the app); "false" trusts none; a number trusts that many hops; else
 * a comma-separated list of addresses, subnets or express's names (loopback, linklocal, uniquelocal).
 */
function trustedProxies(setting) {
  const value = setting?.trim();
  if (!value) return "loopback, linklocal, uniquelocal";
  if (/^(false|0|no|off)$/i.test(value)) return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** `trust(address, hop)` with its answers kept (a few thousand addresses at most, then started afresh). */
function rememberAnswers(trust) {
  const answers = new Map();
  return (address, hop) => {
    const key = `${hop} ${address}`;
    let answer = answers.get(key);
    if (answer === undefined) {
      if (answers.size >= 4096) answers.clear();
      answer = trust(address, hop);
      answers.set(key, answer);
    }
    return answer;
  };
}

/** A method an /api URL does not take: 405 in the API's error shape (app/server/api-methods.server.ts). */
function answerWrongMethod(req, res, next) {
  const answer = build.entry.module.methodNotAllowed(req.method, new URL(req.originalUrl, "http://localhost").pathname);
  if (!answer) return next();
  res.status(answer.status);
  for (const [name, value] of answer.headers) res.setHeader(name, value);
  answer.text().then((body) => res.end(body), next);
}

const port = Number(process.env.PORT ?? 3000);
const server = app.listen(port, () => {
  console.log(`Songloom listening on http://localhost:${port}`);
});

let stopping = false;
// SIGTERM (docker stop) or Ctrl-C: every step has a deadline (app/server/shutdown.server.ts), so the
// process exits within SHUTDOWN_TIMEOUT_MS even when the database or a job does not answer.
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: shutting down`);
  const clean = await build.entry.module.shutdown({ closeHttp });
  process.exit(clean ? 0 : 1);
}

/** Stops accepting connections and closes idle ones; after `graceMs` drops those still busy. */
function closeHttp(graceMs) {
  return new Promise((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
