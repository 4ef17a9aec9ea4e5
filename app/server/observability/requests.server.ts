// Per request: an id (the client's or load balancer's X-Request-Id when it looks like one, else a new
// UUID) sent back in X-Request-Id and seen by Remix as the same header; when the answer is done, one JSON
// log line and one latency observation labelled by the Remix route that matched (its id, such as
// "routes/s.$songId"), never by the raw path, so the number of label values stays the number of routes.
import { randomUUID } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { log } from "./log.server";
import { httpDuration } from "./metrics.server";
import { compileRouteMatcher, type BuildRoute } from "./route-match.server";

const REQUEST_ID = /^[\w.:-]{1,100}$/;
/** Answered before Remix; their own label, logged only at debug (probes and assets are most requests). */
const QUIET = /^\/(healthz|readyz|metrics)$|^\/build\//;

/** A function from a URL path to the id of the Remix route that serves it (the build's route table). */
export function routeLabeller(routes: Record<string, BuildRoute>): (pathname: string) => string {
  const match = compileRouteMatcher(routes);
  // A path is matched against the ranked patterns once; the answers for the paths seen most are kept
  // (a share link is asked for again and again), bounded so that odd paths cannot fill memory.
  const labels = new Map<string, string>();
  return (pathname) => {
    if (pathname.startsWith("/build/")) return "static";
    if (QUIET.test(pathname)) return pathname;
    let label = labels.get(pathname);
    if (label === undefined) {
      if (labels.size >= 2048) labels.clear();
      label = match(pathname) ?? "unmatched";
      labels.set(pathname, label);
    }
    return label;
  };
}

export function requestLog(label: (pathname: string) => string) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    const given = req.get("x-request-id");
    const id = given && REQUEST_ID.test(given) ? given : randomUUID();
    req.headers["x-request-id"] = id;
    res.setHeader("X-Request-Id", id);
    res.once("close", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = label(req.path);
      // A client that left before the answer was complete: counted apart from real statuses.
      const status = res.writableFinished ? String(res.statusCode) : "aborted";
      httpDuration.observe({ method: req.method, route, status: status === "aborted" ? status : `${status[0]}xx` }, seconds);
      const line = { reqId: id, method: req.method, path: req.path, route, status, ms: Math.round(seconds * 10_000) / 10 };
      if (QUIET.test(req.path) && res.statusCode < 500) log.debug(line, "request");
      else if (res.statusCode >= 500) log.error(line, "request");
      else log.info(line, "request");
    });
    next();
  };
}
