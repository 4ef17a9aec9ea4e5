// Every request has a server-side time limit (issue 16, finding 1, defence in depth): a request that has
// not started its answer in time gets 503 and a log line, instead of holding the connection (and whatever
// it waits on) for ever. The Remix request is aborted with it (loaders can stop; nothing is logged twice).
// Uploads, media and downloads get the longer limit: a 50 MB upload on a slow line, or a WAV export,
// legitimately takes longer than a page. Once an answer has started (a streaming file), the limit no
// longer applies: Node's own socket timeouts cover a client that stops reading.
import type { NextFunction, Request, Response } from "express";
import { refuse, requestPath } from "./refuse.server";

export interface DeadlineOptions {
  /** Pages, forms and JSON. */
  defaultMs: number;
  /** Uploads, media and downloads (LONG_REQUEST_PATHS). */
  longMs: number;
}

/** Requests that may take the longer limit; extend by URL pattern. */
export const LONG_REQUEST_PATHS: RegExp[] = [
  /^\/media\//,
  /^\/api\/vocal_files\/?$/,
  /^\/edit\/[^/]+\/vocals\/?$/,
  /^\/api\/song\/[^/]+\/(download\/[^/]+|wav)\/?$/,
  /^\/api\/cover_art\/?$/,
  /^\/api\/release\/[^/]+\/download\/?$/,
  /^\/release\//,
];

export const TIMEOUT_MESSAGE = "The server took too long to answer this request. Please try again in a moment.";

export function requestDeadline(options: DeadlineOptions) {
  return (req: Request, res: Response, next: NextFunction) => {
    const path = requestPath(req);
    const ms = LONG_REQUEST_PATHS.some((pattern) => pattern.test(path)) ? options.longMs : options.defaultMs;
    const aborter = new AbortController();
    res.locals.requestAborter = aborter;
    const timer = setTimeout(() => {
      if (res.headersSent) return;
      console.error(`503: ${req.method} ${path} had no answer after ${ms} ms (REQUEST_TIMEOUT_MS); refused`);
      aborter.abort(new Error("request deadline"));
      refuse(req, res, 503, "timeout", TIMEOUT_MESSAGE, { "Retry-After": "5", Connection: "close" });
    }, ms);
    timer.unref();
    res.once("close", () => clearTimeout(timer));
    res.once("finish", () => clearTimeout(timer));
    next();
  };
}
