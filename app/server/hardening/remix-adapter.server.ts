// server.mjs runs Remix itself instead of through @remix-run/express's handler, to give it the counted
// request body and an abort signal the express-level checks share. These two functions are that
// handler's request and response halves (@remix-run/express 2.17), with those two changes.
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@remix-run/node";
import type { Request, Response } from "express";

/**
 * The Fetch API Request Remix handles, as @remix-run/express builds it, but with the counted body and an
 * abort signal that also fires when a check here has answered already (deadline, body limit).
 */
export function remixRequest(req: Request, res: Response): globalThis.Request {
  const forwardedPort = req.get("X-Forwarded-Host")?.split(":")[1];
  const hostPort = req.get("host")?.split(":")[1];
  const port = Number.parseInt(forwardedPort ?? "", 10) || Number.parseInt(hostPort ?? "", 10) || "";
  const url = new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
  const aborter: AbortController = res.locals.requestAborter ?? new AbortController();
  // The client went away before the answer was complete: let loaders and actions stop.
  res.once("close", () => {
    if (!res.writableFinished) aborter.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: aborter.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(res.locals.requestBody ?? req);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

/** Writes Remix's answer to the express response. */
export async function sendRemixResponse(res: Response, response: globalThis.Response): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (response.headers.get("Content-Type")?.match(/text\/event-stream/i)) res.flushHeaders();
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}
