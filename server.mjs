// The production web server: Remix on express, plus the lifecycle remix-serve lacks
// (boot the database and job worker first; on SIGTERM stop pg-boss and close the database).
import path from "node:path";
import { fileURLToPath } from "node:url";
import express from "express";
import compression from "compression";
import { createRequestHandler } from "@remix-run/express";
import { createRequestHandler as createFetchHandler } from "@remix-run/node";

const here = path.dirname(fileURLToPath(import.meta.url));
// The bundled engine starts its worker threads from the TypeScript sources (see app/engine/threads).
process.env.SONGLOOM_ENGINE_DIR ??= path.join(here, "app/engine");
process.env.SONGLOOM_MIGRATIONS_DIR ??= path.join(here, "drizzle/migrations");
// SONGLOOM_BUILD_DIR (default: the project folder) lets two builds live side by side, e.g. parallel e2e runs.
const buildRoot = path.resolve(here, process.env.SONGLOOM_BUILD_DIR ?? ".");
const build = await import(path.join(buildRoot, "build/index.js"));
const CLIENT_BUILD = "2.67.2";

await build.entry.module.boot();

const app = express();
app.disable("x-powered-by");
app.use((_req, res, next) => {
  res.setHeader("Client-Build", CLIENT_BUILD);
  next();
});
app.get(["/s/:songId", "/song/:songId", "/share/:songId"], servePageFrom(build.entry.module.sharePageCache));
app.get("/style", servePageFrom(build.entry.module.userPageCache));
app.use(compression());
app.use("/api", answerWrongMethod);
app.use("/build", express.static(path.join(buildRoot, "public/build"), { immutable: true, maxAge: "1y" }));
app.use(express.static(path.join(here, "public"), { maxAge: "1h" }));
app.all("*", createRequestHandler({ build, mode: process.env.NODE_ENV }));
const renderPage = createFetchHandler(build, process.env.NODE_ENV);

/**
 * Pages served from an HTML cache kept gzipped (app/server/page-cache.server.ts, ADR 012): visitors' share
 * pages, and /style per signed-in user. A miss is rendered by Remix and kept; anything a cache does not
 * take goes on to the handlers below.
 */
function servePageFrom(cache) {
  return (req, res, next) => {
    const headers = new Headers();
    for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
    const request = new Request(`${req.protocol}://${req.get("host")}${req.originalUrl}`, { method: req.method, headers });
    cache.serve(request, renderPage).then((page) => {
      if (!page) return next();
      res.status(page.status);
      if (page.headers) {
        // An answer that was not cached (it sets a cookie, or redirects) goes out as Remix made it.
        for (const [name, value] of page.headers) if (!/^(content-length|content-encoding|transfer-encoding)$/i.test(name)) res.append(name, value);
        return res.end(page.body);
      }
      res.setHeader("Content-Type", page.contentType);
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
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: shutting down`);
  server.close();
  try {
    await build.entry.module.shutdown();
  } catch (error) {
    console.error(error);
  }
  process.exit(0);
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
