// Shutdown with a deadline per step (issue 16, finding 6). Docker sends SIGTERM and kills the process 10 s
// later (its default --stop-timeout); a shutdown that waits on a database that no longer answers, or on
// a render that takes another minute, must not run into that kill with the database half-closed. So:
//
//   1. HTTP: stop accepting, close idle keep-alive connections, give requests in flight a moment, then
//      close every connection;
//   2. jobs (at the same time as 1): stop taking jobs, let active ones finish for a while, then pg-boss
//      fails what is still running, which puts it back in its queue to be retried (on this process's next
//      start or another worker), and closes its pool;
//   3. the database: close it (PGlite writes its files; postgres.js ends its connections).
//
// A step that overruns its deadline is logged and left behind; the whole stays within SHUTDOWN_TIMEOUT_MS.
import { stopBoss } from "../../jobs/boss";
import { closeDb } from "./db.server";
import { env } from "./env.server";

export interface ShutdownOptions {
  /** Closes the HTTP server: stop accepting now, and drop every connection once `graceMs` has passed. */
  closeHttp?: (graceMs: number) => Promise<void>;
  /** The whole shutdown's budget (default SHUTDOWN_TIMEOUT_MS). */
  budgetMs?: number;
}

/** How the budget is shared: HTTP and jobs run side by side, then the database closes. */
export function shutdownPlan(budgetMs: number) {
  const jobsMs = Math.round(budgetMs * 0.6);
  return {
    httpGraceMs: Math.round(budgetMs * 0.25),
    httpMs: jobsMs,
    // Active jobs may finish for this long; the rest of jobsMs is for failing the unfinished ones.
    jobsDrainMs: Math.max(1000, jobsMs - Math.round(budgetMs * 0.2)),
    jobsMs,
    databaseMs: Math.round(budgetMs * 0.25),
  };
}

/** True when `work` settled within `ms`; a failure or an overrun is logged, never thrown. */
async function withDeadline(step: string, work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const overrun = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const finished = work.then(
    () => true,
    (error: unknown) => {
      console.error(`shutdown: ${step} failed:`, error);
      return true;
    },
  );
  const result = await Promise.race([finished, overrun]);
  clearTimeout(timer);
  if (!result) console.error(`shutdown: ${step} did not finish within ${ms} ms; going on without it`);
  return result;
}

/**
 * Runs the shutdown steps, each within its deadline. Resolves true when every step finished in time,
 * false when one was abandoned; it never takes longer than the budget (plus a timer's granularity).
 */
export async function shutdownWithDeadlines(options: ShutdownOptions = {}): Promise<boolean> {
  const started = Date.now();
  const plan = shutdownPlan(options.budgetMs ?? env.SHUTDOWN_TIMEOUT_MS);
  const [http, jobs] = await Promise.all([
    options.closeHttp ? withDeadline("closing HTTP connections", options.closeHttp(plan.httpGraceMs), plan.httpMs) : true,
    withDeadline("stopping the job queue", stopBoss(plan.jobsDrainMs), plan.jobsMs),
  ]);
  const database = await withDeadline("closing the database", closeDb(), plan.databaseMs);
  console.log(`shutdown: done in ${Date.now() - started} ms`);
  return http && jobs && database;
}
