// "A song's edit changed state" (its render started, finished or failed), announced so that the edit pages'
// version request (GET /api/song/{id}/version?wait=N) answers the moment it happens instead of at the
// page's next poll (docs/edit-flow.md, ADR 028).
//
// In this process an event is delivered at once. The job worker may be another process (`npm run worker`
// on the same PostgreSQL): there it is also sent with NOTIFY on VERSION_CHANNEL, which every web process
// LISTENs on from its first waiting request. PGlite is one process, so in-process delivery is all it needs.
// A lost notification costs only time: a waiting request answers after its own time limit anyway, with the
// state read from the database, and the page asks again.
import { EventEmitter } from "node:events";
import { sql } from "drizzle-orm";
import { db, getConnection } from "~/server/db.server";
import { env } from "~/server/env.server";

export const VERSION_CHANNEL = "songloom_song_versions";

/** How long a waiting version request waits at most: 20 s, well inside the request's own time limit. */
export function versionWaitMs(): number {
  return Math.min(20_000, env.REQUEST_TIMEOUT_MS / 2);
}

const events = new EventEmitter();
// One listener per waiting request: any number of pages may wait at once.
events.setMaxListeners(0);

/** Tells every waiting request about the song, in this process and (PostgreSQL) every other. Call after commit. */
export async function announceVersionChange(songId: string): Promise<void> {
  events.emit(songId);
  if (getConnection().kind !== "postgres") return;
  // Delivered to this process's own LISTEN too: a second wake-up only makes a waiting request read again.
  await db.execute(sql`select pg_notify(${VERSION_CHANNEL}, ${songId})`).catch((error: unknown) => {
    console.error("Could not announce a song version change; waiting pages answer at their time limit", error);
  });
}

let listening: Promise<void> | undefined;

/** LISTENs for other processes' announcements (PostgreSQL); started by the first waiting request. */
function listenForOtherProcesses(): Promise<void> {
  const connection = getConnection();
  if (connection.kind !== "postgres") return Promise.resolve();
  listening ??= connection.sql
    .listen(VERSION_CHANNEL, (songId) => events.emit(songId))
    .then(
      () => undefined,
      (error: unknown) => {
        // Polling still works: a waiting request answers at its time limit.
        listening = undefined;
        console.error("Could not LISTEN for song version changes", error);
      },
    );
  return listening;
}

/**
 * Reads the song's state with `read` until `done` says so, reading again after each announcement about the
 * song, and gives up after `ms` or when `signal` aborts (the page went away): resolves with the last state
 * read. Each read happens while listening, so a change between a read and the wait is never missed.
 */
export async function readUntil<T>(songId: string, read: () => Promise<T>, done: (state: T) => boolean, { ms, signal }: { ms: number; signal?: AbortSignal }): Promise<T> {
  await listenForOtherProcesses();
  let wake: () => void = () => undefined;
  let announced = false;
  const onEvent = () => {
    announced = true;
    wake();
  };
  events.on(songId, onEvent);
  let expired = false;
  const expire = () => {
    expired = true;
    wake();
  };
  const timer = setTimeout(expire, ms);
  signal?.addEventListener("abort", expire, { once: true });
  try {
    for (;;) {
      announced = false;
      const state = await read();
      if (done(state) || expired || signal?.aborted) return state;
      // An announcement that came during the read: read again at once.
      if (!announced) await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    clearTimeout(timer);
    events.off(songId, onEvent);
    signal?.removeEventListener("abort", expire);
  }
}
