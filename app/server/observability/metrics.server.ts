// Prometheus metrics (prom-client) at GET /metrics, for a scraper that presents METRICS_TOKEN:
//   http_request_duration_seconds{method,route,status}  latency by Remix route id (bounded labels)
//   songloom_queue_jobs{queue,state}                    queue depth, counted in PostgreSQL at scrape time
//   songloom_job_duration_seconds{queue,outcome}        job durations, in the process that ran them
//   songloom_render_stage_seconds{stage}                the engine's stage times of each song render
//   process_resident_memory_bytes and Node's defaults   RSS, heap, event-loop lag, GC
// Without METRICS_TOKEN the endpoint answers 404: metrics name routes and queues, not for the public.
import { timingSafeEqual } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { sql } from "drizzle-orm";
import { db, rawRows } from "../db.server";
import { env } from "../env.server";
import { songThreadsMemory } from "~/engine/threads";

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

export const httpDuration = new Histogram({
  name: "http_request_duration_seconds",
  help: "Time from a request's arrival to its answer's last byte, by Remix route",
  labelNames: ["method", "route", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.5, 1, 2.5, 5, 10, 30],
  registers: [registry],
});

export const jobDuration = new Histogram({
  name: "songloom_job_duration_seconds",
  help: "Time a job's handler ran, by queue and outcome",
  labelNames: ["queue", "outcome"] as const,
  buckets: [0.05, 0.1, 0.5, 1, 2.5, 5, 10, 20, 40, 80, 160, 320],
  registers: [registry],
});

export const renderStage = new Histogram({
  name: "songloom_render_stage_seconds",
  help: "The engine's time per stage of a song render (compose, produce, render, mix, master, encode, total)",
  labelNames: ["stage"] as const,
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 40, 80],
  registers: [registry],
});

export const admissionRefusals = new Counter({
  name: "songloom_admission_refused_total",
  help: "Requests for work answered 429 because the queues were full",
  labelNames: ["queue"] as const,
  registers: [registry],
});

/** Depth counted when scraped: exact, and nothing runs between scrapes. */
new Gauge({
  name: "songloom_queue_jobs",
  help: "Jobs waiting (created, retry) or running (active), by queue",
  labelNames: ["queue", "state"] as const,
  registers: [registry],
  async collect() {
    this.reset();
    const rows = await rawRows<{ name: string; state: string; jobs: number }>(
      db,
      sql`select name, state::text as state, count(*)::int as jobs from pgboss.job where state in ('created', 'retry', 'active') group by name, state`,
    );
    for (const row of rows) this.set({ queue: row.name, state: row.state }, row.jobs);
  },
});

/**
 * What each engine song thread of this process holds (its V8 heap, and its ArrayBuffers: sample buffers),
 * asked when scraped; none when this process runs no renders (WORKER_IN_PROCESS=false). RSS is the process's
 * whole; this says which thread it is in.
 */
new Gauge({
  name: "songloom_engine_thread_bytes",
  help: "Memory an engine thread holds, by thread (song, background, preview, and each one's stem worker) and kind (heap, arrayBuffers)",
  labelNames: ["thread", "kind"] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const [thread, memory] of Object.entries(await songThreadsMemory())) {
      this.set({ thread, kind: "heap" }, memory.heap);
      this.set({ thread, kind: "arrayBuffers" }, memory.arrayBuffers);
    }
  },
});

/** Records the engine's stage times (milliseconds, as the engine reports them). */
export function observeRenderStages(timings: Record<string, number>): void {
  for (const [stage, ms] of Object.entries(timings)) if (Number.isFinite(ms)) renderStage.observe({ stage }, ms / 1000);
}

function tokenMatches(header: string | undefined): boolean {
  if (!env.METRICS_TOKEN || !header?.startsWith("Bearer ")) return false;
  const given = Buffer.from(header.slice("Bearer ".length));
  const expected = Buffer.from(env.METRICS_TOKEN);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** GET /metrics: 404 when off, 401 without the token, else the text exposition format. */
export function metricsEndpoint(req: Request, res: Response, next: NextFunction): void {
  if (req.path !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) return next();
  res.setHeader("Cache-Control", "no-store");
  if (!env.METRICS_TOKEN) {
    res.status(404).type("text/plain").send("Not Found");
    return;
  }
  if (!tokenMatches(req.get("authorization"))) {
    res.status(401).setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
    res.type("text/plain").send("Unauthorized: send Authorization: Bearer <METRICS_TOKEN>");
    return;
  }
  registry.metrics().then((text) => {
    res.type(registry.contentType).send(text);
  }, next);
}
