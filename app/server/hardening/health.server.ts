// /healthz and /readyz, answered before anything else in server.mjs (no session, no Remix, no page caches).
//   GET /healthz  200 while the process runs and serves HTTP (a liveness probe).
//   GET /readyz   200 when the database answers `select 1` within READY_TIMEOUT_MS, else 503: an orchestrator
//                 stops sending traffic to (or restarts) a process whose database no longer answers, such as
//                 a PGlite stuck behind a transaction (issue 16, finding 1).
// Probes that arrive while a check is still running share it, so a stuck database does not collect one
// pending query per probe.
import { sql } from "drizzle-orm";
import type { NextFunction, Request, Response } from "express";
import { db, rawRows } from "../db.server";

export const READY_TIMEOUT_MS = 2_000;

let pendingCheck: Promise<void> | undefined;

function databaseAnswers(): Promise<void> {
  pendingCheck ??= rawRows(db, sql`select 1 as ready`)
    .then(() => undefined)
    .finally(() => {
      pendingCheck = undefined;
    });
  return pendingCheck;
}

/** Resolves with null when the database answered in time, else with the reason it is not ready. */
export async function readiness(timeoutMs = READY_TIMEOUT_MS): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`the database did not answer within ${timeoutMs} ms`), timeoutMs);
  });
  try {
    return await Promise.race([databaseAnswers().then(() => null), late]);
  } catch (error) {
    return `the database refused the check: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    clearTimeout(timer);
  }
}

export function healthChecks(req: Request, res: Response, next: NextFunction): void {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  if (req.path === "/healthz") {
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok" });
    return;
  }
  if (req.path !== "/readyz") return next();
  readiness().then((problem) => {
    res.setHeader("Cache-Control", "no-store");
    if (problem) {
      console.error(`/readyz: not ready: ${problem}`);
      res.status(503).json({ status: "unavailable", reason: problem });
    } else {
      res.json({ status: "ready" });
    }
  }, next);
}
