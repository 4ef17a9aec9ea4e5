// How the express-level checks (server.mjs, this folder) say no: /api callers get the API's one JSON error
// shape (app/server/http.server.ts), everyone else a small self-contained HTML page. Used before Remix runs,
// so nothing here touches the database.
import type { Request, Response } from "express";

const TITLES: Record<number, string> = {
  403: "This request was refused",
  413: "That is too large",
  503: "Songloom is busy",
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

export function isApiPath(path: string): boolean {
  return path === "/api" || path.startsWith("/api/");
}

/** The request's path without the query (which may hold tokens, so it stays out of logs too). */
export function requestPath(req: Request): string {
  return (req.originalUrl || req.url).split("?")[0];
}

/**
 * Answers `status` with `message` unless an answer has started already. `Connection: close` for refusals
 * of a body being sent, so the client stops sending it.
 */
export function refuse(req: Request, res: Response, status: number, code: string, message: string, headers: Record<string, string> = {}): void {
  if (res.headersSent) return;
  res.status(status);
  res.setHeader("Cache-Control", "no-store");
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  if (isApiPath(requestPath(req))) {
    res.json({ error: { status, code, message } });
    return;
  }
  const title = TITLES[status] ?? "Something went wrong";
  res.type("html").send(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>${escapeHtml(title)} · Songloom</title></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>` +
      `<p><a href="/">Go to Songloom</a></p></main></body></html>`,
  );
}
