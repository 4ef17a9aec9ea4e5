// /healthz and /readyz, answered before anything else in server.mjs (no session, no Remix, no page caches).
//   GET /healthz  200 while the process runs and serves HTTP (a liveness probe).
//   GET /readyz   200 when the database answers `select 1`, the job queues' tables answer, and media storage
//                 is reachable (a disk folder we can write, or the bucket answering a HEAD), each within
//                 READY_TIMEOUT_MS; else 503 naming the first check that failed. An orchestrator stops
//                 sending traffic to (or restarts) a process that cannot do its work, such as a PGlite
//                 stuck behind a transaction (issue 16, finding 1) or a bucket it cannot reach (issue 24).
// Probes that arrive while a check is still running share it, so a stuck dependency does not collect one
// pending check per probe.
import { sql } from "drizzle-orm";
import type { NextFunction, Request, Response } from "express";
import { bossStarted } from "../../../jobs/boss";
import { db, rawRows } from "../db.server";
import { getStorage } from "../storage.server";

export const READY_TIMEOUT_MS = 2_000;

interface Check {
  what: string;
  run: () => Promise<unknown>;
  pending?: Promise<unknown>;
}

const checks: Check[] = [
  { what: "the database", run: () => rawRows(db, sql`select 1 as ready`) },
  // pg-boss's tables: the queues a create or an edit puts its work on (in a process that uses them;
  // every web process and worker starts pg-boss at boot).
  { what: "the job queues", run: async () => (bossStarted() ? rawRows(db, sql`select count(*) as queues from pgboss.queue`) : null) },
  { what: "media storage", run: () => getStorage().reachable() },
];

function shared(check: Check): Promise<unknown> {
  check.pending ??= check.run().finally(() => {
    check.pending = undefined;
  });
  return check.pending;
}

async function checkInTime(check: Check, timeoutMs: number): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`${check.what} did not answer within ${timeoutMs} ms`), timeoutMs);
  });
  try {
    return await Promise.race([shared(check).then(() => null), late]);
  } catch (error) {
    return `${check.what} refused the check: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    clearTimeout(timer);
  }
}

/** Resolves with null when every dependency answered in time, else with the first reason it is not ready. */
export async function readiness(timeoutMs = READY_TIMEOUT_MS): Promise<string | null> {
  const problems = await Promise.all(checks.map((check) => checkInTime(check, timeoutMs)));
  return problems.find((problem) => problem !== null) ?? null;
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
