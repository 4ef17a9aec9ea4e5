// Keeping several processes' in-memory caches honest (issue 24, docs/deploy.md "Caches across processes").
// A change that a cache depends on is announced with a PostgreSQL NOTIFY on one channel; every process
// LISTENs on it and drops its copy at once. The caches' own bounds stay as the backstop when a notification
// is lost (a listening connection that dropped and reconnected): see the staleness table in docs/deploy.md.
//
// What each cache does across processes:
//   feature flags      NOTIFY "flags" drops every process's copy; without it, at most FLAG_CACHE_MS (5 s) old
//   share-page HTML    checks the song's row and the flags on every request (page-cache.server.ts)
//   /style user page   checks the session and user on every request, flags as above, 60 s at most
//   sessions           read from PostgreSQL on every request; nothing kept but a write throttle
// PGlite is one process only: the announcing process clears its own copy and nobody else exists.
import { sql } from "drizzle-orm";
import { getConnection, type Db } from "./db.server";

export const CACHE_CHANNEL = "songloom_cache";

export type CacheTopic = "flags";

const handlers = new Map<CacheTopic, Set<() => void>>();

/** Runs `handler` whenever any process (this one included) announces `topic`, and when listening (re)starts. */
export function onCacheChange(topic: CacheTopic, handler: () => void): void {
  let set = handlers.get(topic);
  if (!set) handlers.set(topic, (set = new Set()));
  set.add(handler);
}

function dispatch(topic: string): void {
  for (const handler of handlers.get(topic as CacheTopic) ?? []) handler();
}

/**
 * Tells every process that `topic` changed: this one at once, the others through NOTIFY. Call it after
 * the change has committed, so no process re-reads (and keeps) the old state.
 */
export async function announceCacheChange(topic: CacheTopic, database: Db): Promise<void> {
  dispatch(topic);
  if (getConnection().kind === "postgres") await database.execute(sql`select pg_notify(${CACHE_CHANNEL}, ${topic})`);
}

let listening: Promise<void> | undefined;

/**
 * Starts this process's LISTEN (boot and the worker call it). postgres.js keeps one connection for it and
 * listens again after a reconnect; each (re)start drops every cache, since notifications sent while the
 * connection was down are lost.
 */
export function listenForCacheChanges(): Promise<void> {
  const connection = getConnection();
  if (connection.kind !== "postgres") return Promise.resolve();
  listening ??= connection.sql
    .listen(CACHE_CHANNEL, (payload) => dispatch(payload), () => {
      for (const topic of handlers.keys()) dispatch(topic);
    })
    .then(() => undefined);
  return listening;
}
