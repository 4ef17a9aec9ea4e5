// The one way app code starts background work.
import { sql, type SQL } from "drizzle-orm";
import { fromDrizzle, type DrizzleTransactionLike, type JobOptions } from "pg-boss";
import type { Tx } from "../app/server/db.server";
import { getBoss } from "./boss";
import { queues, type JobPayloads, type QueueName } from "./queues";

export interface EnqueueOptions extends Pick<JobOptions, "priority" | "startAfter"> {
  /**
   * The transaction that writes the row the job needs. The job is inserted through it, so it exists if
   * and only if the transaction commits: no job for a row that was rolled back, no row without its job.
   * On PGlite the transaction holds the only connection, so inside it use pg-boss only through this.
   */
  tx?: Tx;
  /**
   * The user who waits for this job: on a queue with `perUserConcurrency`, at most that many of one
   * user's jobs run at once across every worker.
   */
  user?: string | null;
}

/**
 * Puts a job on `queue`. Resolves to the job id, or null when the queue's policy dropped it because an
 * identical job (same singleton key, e.g. the same song) is already waiting.
 */
export async function enqueue<Q extends QueueName>(
  queue: Q,
  data: JobPayloads[Q],
  { tx, user, ...options }: EnqueueOptions = {},
): Promise<string | null> {
  const singletonKey = queues[queue].singletonKey?.(data);
  return getBoss().send(queue, data, {
    ...options,
    ...(singletonKey !== undefined && { singletonKey }),
    ...(user && queues[queue].perUserConcurrency !== undefined && { group: { id: user } }),
    ...(tx && { db: fromDrizzle(asDrizzleTransaction(tx), sql) }),
  });
}

// `Tx` is typed for both drivers at once, so its raw results are `unknown`. At runtime they are PGlite's
// `{ rows }` or postgres.js's array of rows: the two shapes pg-boss's drizzle adapter reads.
function asDrizzleTransaction(tx: Tx): DrizzleTransactionLike {
  return { execute: (query) => tx.execute(query as SQL) as Promise<{ rows: unknown[] } | unknown[]> };
}
