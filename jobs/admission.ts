// The global admission limit (issue 24): new render work is refused with 429 and Retry-After once the
// render queues hold RENDER_QUEUE_LIMIT waiting jobs, so a crowd arriving faster than the workers render
// gets a clear "try again shortly" instead of a queue that grows without bound and songs that take an
// hour. Running jobs do not count: they are being worked. Checked before the work is written, by the
// services that queue renders users wait for (creating songs, submitting an edit).
import { sql } from "drizzle-orm";
import { db, rawRows, type Db, type Tx } from "../app/server/db.server";
import { env } from "../app/server/env.server";
import { ApiError } from "../app/server/http.server";
import { admissionRefusals } from "../app/server/observability/metrics.server";
import type { QueueName } from "./queues";

/** The queues whose waiting jobs count: everything a song being created or edited still needs rendered. */
export const ADMISSION_QUEUES: QueueName[] = ["song.compose", "song.render", "song.rerender"];

/**
 * What Retry-After says: about how long the workers take to make room for one more song. A guess, not a
 * promise; clients retry with it and the check runs again.
 */
export const ADMISSION_RETRY_AFTER_SECONDS = 30;

export const QUEUE_FULL_MESSAGE = "Songloom is very busy right now and cannot start more songs. Please try again in a minute.";

export async function waitingRenderJobs(database: Db | Tx = db): Promise<number> {
  const names = sql.join(ADMISSION_QUEUES.map((name) => sql`${name}`), sql`, `);
  const [row] = await rawRows<{ waiting: number }>(database, sql`select count(*)::int as waiting from pgboss.job where name in (${names}) and state in ('created', 'retry')`);
  return row?.waiting ?? 0;
}

/** Throws 429 with Retry-After when the render queues are full; `adding` is the jobs this request would add. */
export async function admitRenderWork(adding = 1, database: Db | Tx = db): Promise<void> {
  const waiting = await waitingRenderJobs(database);
  if (waiting + adding <= env.RENDER_QUEUE_LIMIT) return;
  admissionRefusals.inc({ queue: "render" });
  throw new ApiError(429, "queue_full", QUEUE_FULL_MESSAGE, undefined, { "Retry-After": String(ADMISSION_RETRY_AFTER_SECONDS) });
}
