// Request bodies are bounded (issue 16, finding 2). Each request body gets the limit of the first rule its
// path matches, else DEFAULT_BODY_LIMIT. A declared Content-Length over the limit is refused with 413
// before a byte is read; a body without one (chunked) is counted while it streams to Remix and cut at the
// limit with 413. Nothing here buffers: the counter passes chunks on as they come.
import { Transform, type TransformCallback } from "node:stream";
import type { NextFunction, Request, Response } from "express";
import { refuse, requestPath } from "./refuse.server";

const MB = 1024 * 1024;
/** Room for the multipart framing and the small fields sent with a file. */
const MULTIPART_SLACK = 64 * 1024;

/** Forms and JSON: far more than any form or edit needs (a whole song's notes are well under it). */
export const DEFAULT_BODY_LIMIT = 1 * MB;

export interface BodyLimitRule {
  pattern: RegExp;
  bytes: number;
  /** What is uploaded there and where the figure comes from. */
  why: string;
}

/** Extend by URL pattern; the first match wins. */
export const BODY_LIMIT_RULES: BodyLimitRule[] = [
  { pattern: /^\/api\/vocal_files\/?$/, bytes: 50 * MB + MULTIPART_SLACK, why: "a recorded or uploaded vocal take (MAX_VOCAL_FILE_BYTES, 50 MB)" },
  { pattern: /^\/edit\/[^/]+\/vocals\/?$/, bytes: 50 * MB + MULTIPART_SLACK, why: "the vocals page's upload form without JavaScript (50 MB)" },
  // Cover art: the spec allows images up to 50 MB (a 3000×3000 TIFF or PNG from a designer).
  { pattern: /^\/api\/cover_art\/?$/, bytes: 50 * MB + MULTIPART_SLACK, why: "a cover art upload (spec: under 50 MB)" },
  { pattern: /^\/release\//, bytes: 50 * MB + MULTIPART_SLACK, why: "cover art on the release pages (spec: under 50 MB)" },
];

export function bodyLimitFor(path: string): number {
  return BODY_LIMIT_RULES.find((rule) => rule.pattern.test(path))?.bytes ?? DEFAULT_BODY_LIMIT;
}

export function tooLargeMessage(limit: number): string {
  return `The request body is larger than this address accepts (${Math.floor(limit / MB)} MB at most).`;
}

class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`request body over ${limit} bytes`);
  }
}

/** Passes chunks through while counting; errors (without passing the chunk) once the count passes `limit`. */
class ByteLimit extends Transform {
  private seen = 0;
  constructor(
    private readonly limit: number,
    private readonly onExceeded: () => void,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.limit) {
      this.onExceeded();
      callback(new BodyTooLargeError(this.limit));
      return;
    }
    callback(null, chunk);
  }
}

function refuseTooLarge(req: Request, res: Response, limit: number): void {
  (res.locals.requestAborter as AbortController | undefined)?.abort(new BodyTooLargeError(limit));
  // Stop taking the body: the answer goes out and the connection closes behind it.
  refuse(req, res, 413, "payload_too_large", tooLargeMessage(limit), { Connection: "close" });
}

/**
 * Express middleware: 413 for a declared length over the route's limit; otherwise, for a request with a
 * body, `res.locals.requestBody` is the counted stream Remix reads instead of `req` (see remixRequest).
 */
export function limitRequestBody(req: Request, res: Response, next: NextFunction): void {
  if (req.method === "GET" || req.method === "HEAD") return next();
  const limit = bodyLimitFor(requestPath(req));
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > limit) return refuseTooLarge(req, res, limit);
  const counted = new ByteLimit(limit, () => {
    req.unpipe(counted);
    refuseTooLarge(req, res, limit);
  });
  // The over-limit error is answered by refuseTooLarge (413). A reader that already stopped (an upload
  // parser cancels its stream when the request aborts) leaves no listener behind, and an 'error' event
  // with no listener would end the whole process: this one keeps it a refused request.
  counted.on("error", () => {});
  req.pipe(counted);
  res.locals.requestBody = counted;
  // Answered without reading the whole body (refused before it was read, e.g. a stranger's upload): drop
  // the rest as it arrives, and hang up once it passes the limit, so an endless upload ends.
  res.once("finish", () => {
    if (req.complete) return;
    req.unpipe(counted);
    let dropped = 0;
    req.on("data", (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > limit) req.destroy();
    });
    req.resume();
  });
  next();
}
