// Structured logs: one JSON object per line on stdout (pino), each with the time, level, process id and
// process role, and for a request its id (X-Request-Id), so a log collector can follow one request across
// the load balancer, the web process and the job it queued.
import { format } from "node:util";
import pino from "pino";
import { env } from "../env.server";

export const log = pino({
  level: env.LOG_LEVEL,
  base: { pid: process.pid, role: env.WORKER_IN_PROCESS ? "web+worker" : "web" },
  timestamp: pino.stdTimeFunctions.isoTime,
  // "level":"info" rather than "level":30: readable without pino's own tools.
  formatters: { level: (label) => ({ level: label }) },
});

/** The role this process logs as ("worker" for `npm run worker`). */
export function setLogRole(role: string): void {
  log.setBindings({ role });
}

/**
 * Sends the app's console output through the JSON logger, so existing `console.error(...)` calls become
 * structured lines too (an Error keeps its stack as the `err` field). Called by server.mjs and the worker,
 * not by tests, which keep their readable console.
 */
export function logConsoleAsJson(): void {
  const forward = (level: "info" | "warn" | "error") => (...args: unknown[]) => {
    const error = args.find((arg): arg is Error => arg instanceof Error);
    const message = format(...args.filter((arg) => arg !== error));
    if (error) log[level]({ err: error }, message);
    else log[level](message);
  };
  console.log = forward("info");
  console.info = forward("info");
  console.warn = forward("warn");
  console.error = forward("error");
}
