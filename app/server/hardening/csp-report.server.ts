// POST /csp-report: where browsers report what the Content-Security-Policy blocked (`report-uri`), so a
// policy that breaks a page shows in the server log (and in every e2e run's server output) instead of only
// in some visitor's console. At most REPORTS_PER_MINUTE lines a minute: anyone can post reports.
import type { NextFunction, Request, Response } from "express";

export const CSP_REPORT_PATH = "/csp-report";
const REPORTS_PER_MINUTE = 60;
const MAX_REPORT_BYTES = 16 * 1024;

let windowStart = 0;
let logged = 0;

function field(report: Record<string, unknown>, ...names: string[]): string {
  for (const name of names) if (typeof report[name] === "string") return (report[name] as string).slice(0, 200);
  return "?";
}

/** The page's path only: queries may hold tokens. */
function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url.split("?")[0].slice(0, 200);
  }
}

export function cspReports(req: Request, res: Response, next: NextFunction): void {
  if (req.path !== CSP_REPORT_PATH) return next();
  if (req.method !== "POST") return next();
  let body = "";
  let tooLarge = false;
  req.setEncoding("utf8");
  req.on("data", (chunk: string) => {
    body += chunk;
    if (body.length > MAX_REPORT_BYTES) {
      tooLarge = true;
      req.destroy();
    }
  });
  req.on("end", () => {
    res.status(204).end();
    if (tooLarge) return;
    let report: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(body);
      const inner = (parsed as { "csp-report"?: unknown })?.["csp-report"];
      if (inner && typeof inner === "object") report = inner as Record<string, unknown>;
    } catch {
      return;
    }
    const now = Date.now();
    if (now - windowStart > 60_000) {
      windowStart = now;
      logged = 0;
    }
    if ((logged += 1) > REPORTS_PER_MINUTE) return;
    console.warn(
      `CSP violation: ${field(report, "effective-directive", "violated-directive")} blocked ${field(report, "blocked-uri")} ` +
        `on ${pathOf(field(report, "document-uri"))}`,
    );
  });
}
