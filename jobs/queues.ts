// Every pg-boss queue, its payload and its policy, in one place (docs/decisions/002-jobs-pg-boss.md).
// A queue exists only if it is declared here: boot creates them all, `enqueue` accepts only these names,
// and the worker works those that have a handler in jobs/handlers/index.ts.
//
// Payloads carry ids, never rows: a job loads its row when it runs, so a retried job sees the current
// state and can skip work already done (jobs are idempotent; statuses only move forward).
import type { Job, QueuePolicy } from "pg-boss";

export interface JobPayloads {
  "song.compose": { songId: string };
  "song.render": { songId: string };
  "song.render-pool": { songId: string };
  "song.pool-refill": { filter: string };
  "song.rerender": { songId: string; version: number };
  "song.prepare-edit": { songId: string };
  "vocal.generate": { songId: string; vocalId: string };
  "lyrics.generate": { lyricsId: string };
  "song.wav": { songId: string };
  "master.preview": { songId: string };
  "master.full": { songId: string };
  "release.deliver": { deliveryId: string };
  "release.ack": { deliveryId: string };
  "release.ack-sweep": Record<string, never>;
  "release.cover-art": { generatedArtId: string };
  "royalties.import": { importId: string };
  "royalties.process": { scheduleId: string };
  /** The day of use (YYYY-MM-DD); the daily run leaves it out and reports yesterday. */
  "royalties.local-reports": { day?: string };
  "catalogue.previews": { version: string };
  "webhook.deliver": { deliveryId: string };
  "housekeeping.expire-verification-tokens": Record<string, never>;
  "housekeeping.expire-rate-limits": Record<string, never>;
  "housekeeping.media-retention": Record<string, never>;
}

export type QueueName = keyof JobPayloads;

/** A queue's policy in pg-boss terms, plus how this app runs it. */
export interface QueueSettings {
  policy: QueuePolicy;
  /** Attempts after the first; then the job moves to the dead-letter queue. */
  retryLimit: number;
  /** Seconds before the first retry; doubled (with jitter) per attempt when `retryBackoff`. */
  retryDelay: number;
  retryBackoff: boolean;
  retryDelayMax?: number;
  /** How long one attempt may run before pg-boss fails it (and retries it). */
  expireInSeconds: number;
  /**
   * Lets pg-boss notice a dead worker before `expireInSeconds` runs out. Only for jobs that await I/O:
   * a CPU-bound render blocks the event loop and would miss its own heartbeats.
   */
  heartbeatSeconds?: number;
  /** Jobs of this queue one process runs at once. The host has few cores and renders are CPU-bound. */
  concurrency: number;
  /**
   * Jobs of one user this queue runs at once across every worker (pg-boss groupConcurrency; the job's
   * group is the user who waits for it, `enqueue(..., { group })`). One user's burst then takes one render
   * slot while other users' songs take the rest, instead of filling every worker (docs/deploy.md).
   */
  perUserConcurrency?: number;
  /** Cron (UTC) for queues that run on a timetable instead of on demand. */
  cron?: string;
  /** How often an idle worker polls this queue, when it must start sooner than the worker's default. */
  pollingIntervalSeconds?: number;
  /**
   * A user waits for this queue's jobs: creating one sends a Postgres NOTIFY that wakes the workers at
   * once (jobs/boss.ts useListenNotify). Polling goes on as before, for retries and delayed starts.
   */
  notify?: boolean;
}

export interface QueueDeclaration<Q extends QueueName> extends QueueSettings {
  /**
   * With policy `stately`, one job per key may wait and one may run: a second "render song X" while one
   * is queued is dropped instead of rendering twice.
   */
  singletonKey?: (data: JobPayloads[Q]) => string;
}

export type QueueDeclarations = { [Q in QueueName]: QueueDeclaration<Q> };

const MINUTE = 60;
const HOUR = 60 * MINUTE;

const perSong = (data: { songId: string }) => data.songId;

/** Renders of one user's songs (creates, edits) that run at once across all workers. */
export const USER_RENDERS_AT_ONCE = 1;

export const queues: QueueDeclarations = {
  // Composing takes well under a second; a short expiry and retry delay keep a lost attempt from holding
  // up the song the user is waiting for.
  "song.compose": {
    notify: true,
    policy: "stately",
    // The user is waiting from the moment they click Create: a job that waits for the next poll adds
    // that wait to the time to their first note. Polled every half second (pg-boss's minimum).
    pollingIntervalSeconds: 0.5,
    singletonKey: perSong,
    retryLimit: 3,
    retryDelay: 1,
    retryBackoff: true,
    expireInSeconds: MINUTE,
    concurrency: 1,
  },
  // A full song renders in about half a minute. The stems and the MP3 render on worker threads, so the
  // event loop stays free for heartbeats: a killed worker's render is noticed within about a minute and
  // retried (docs/decisions/006-song-generation-jobs.md). One render at a time per process, so the first
  // song of a batch (highest priority) finishes first instead of sharing the cores with its siblings.
  "song.render": {
    notify: true,
    policy: "stately",
    singletonKey: perSong,
    perUserConcurrency: USER_RENDERS_AT_ONCE,
    retryLimit: 3,
    retryDelay: 2,
    retryBackoff: true,
    expireInSeconds: 5 * MINUTE,
    heartbeatSeconds: 30,
    concurrency: 1,
  },
  // A pool song's render (song.render's work): it gives way on the song thread to renders users wait for
  // and pauses while they run (app/engine/threads/songWorker.ts), so it has a queue of its own, whose one
  // slot it may hold for a while, and a long expiry; its heartbeats show the worker is alive meanwhile.
  "song.render-pool": {
    policy: "stately",
    singletonKey: perSong,
    retryLimit: 3,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 30 * MINUTE,
    heartbeatSeconds: 30,
    concurrency: 1,
  },
  // An edit's render (docs/edit-flow.md): cached stems make it a few seconds. One key per song and
  // version, so a second edit while one renders queues behind it instead of being dropped.
  "song.rerender": {
    notify: true,
    policy: "stately",
    perUserConcurrency: USER_RENDERS_AT_ONCE,
    singletonKey: (data) => `${data.songId}:${data.version}`,
    retryLimit: 3,
    retryDelay: 2,
    retryBackoff: true,
    expireInSeconds: 5 * MINUTE,
    heartbeatSeconds: 30,
    concurrency: 1,
  },
  // Gets a song ready for its first edit when its owner opens the edit pages (docs/edit-flow.md, "Re-render
  // speed"): background work on the song thread, which gives way to every render someone waits for and
  // skips what the stem cache already holds. Woken at once: the owner may edit within seconds.
  "song.prepare-edit": {
    notify: true,
    policy: "stately",
    singletonKey: perSong,
    retryLimit: 1,
    retryDelay: 10,
    retryBackoff: false,
    expireInSeconds: 10 * MINUTE,
    heartbeatSeconds: 30,
    concurrency: 1,
  },
  // Keeps a few finished songs per filter ready for POST /song/fetch and plain creates.
  "song.pool-refill": {
    policy: "stately",
    singletonKey: (data) => data.filter,
    retryLimit: 2,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: MINUTE,
    concurrency: 1,
  },
  "vocal.generate": {
    notify: true,
    policy: "stately",
    singletonKey: (data) => data.vocalId,
    retryLimit: 3,
    retryDelay: 3,
    retryBackoff: true,
    expireInSeconds: 15 * MINUTE,
    concurrency: 1,
  },
  "lyrics.generate": {
    notify: true,
    policy: "standard",
    retryLimit: 2,
    retryDelay: 2,
    retryBackoff: true,
    expireInSeconds: 2 * MINUTE,
    concurrency: 2,
  },
  "song.wav": {
    notify: true,
    policy: "stately",
    singletonKey: perSong,
    retryLimit: 3,
    retryDelay: 10,
    retryBackoff: true,
    expireInSeconds: 10 * MINUTE,
    concurrency: 1,
  },
  // Generated cover art (docs/releases.md): a fraction of a second of CPU; the user watches for it.
  "release.cover-art": {
    notify: true,
    policy: "stately",
    singletonKey: (data) => data.generatedArtId,
    retryLimit: 2,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 2 * MINUTE,
    concurrency: 1,
  },
  // The style and filter previews (app/services/catalogue-previews), enqueued at every start: one job per
  // catalogue version, which renders only the previews missing from storage. It renders in the background
  // on the song thread (giving way to users' renders), a few seconds a preview.
  "catalogue.previews": {
    policy: "stately",
    singletonKey: (data) => data.version,
    retryLimit: 2,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 30 * MINUTE,
    heartbeatSeconds: 30,
    concurrency: 1,
  },
  "master.preview": {
    notify: true,
    policy: "stately",
    singletonKey: perSong,
    retryLimit: 3,
    retryDelay: 10,
    retryBackoff: true,
    expireInSeconds: 5 * MINUTE,
    concurrency: 1,
  },
  "master.full": {
    notify: true,
    policy: "stately",
    singletonKey: perSong,
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
    retryDelayMax: 30 * MINUTE,
    expireInSeconds: 15 * MINUTE,
    concurrency: 1,
  },
  // One batch to one store (app/services/distribution/deliver.server.ts): network-bound, so a hung upload
  // is noticed by its missing heartbeat; retried with back-off (a store's server may be down for hours).
  // Four at once per worker (issue 18: at most 4 uploads at once; the uploader enforces it too).
  "release.deliver": {
    notify: true,
    policy: "stately",
    singletonKey: (data) => data.deliveryId,
    retryLimit: 8,
    retryDelay: 60,
    retryBackoff: true,
    retryDelayMax: 6 * HOUR,
    expireInSeconds: 30 * MINUTE,
    heartbeatSeconds: 60,
    concurrency: 4,
  },
  // Looks for a store's acknowledgement of one batch; the job queues its next look itself (soon at
  // first, then less often) until the store answers.
  "release.ack": {
    notify: true,
    policy: "stately",
    singletonKey: (data) => data.deliveryId,
    pollingIntervalSeconds: 1,
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 2 * MINUTE,
    concurrency: 4,
  },
  // Safety net: a batch whose acknowledgement checks stopped (the store's server was down through every
  // retry) gets a new check. One per delivery waits at a time, so this never doubles a running chain.
  "release.ack-sweep": {
    policy: "singleton",
    retryLimit: 2,
    retryDelay: 60,
    retryBackoff: false,
    expireInSeconds: 5 * MINUTE,
    concurrency: 1,
    cron: "*/10 * * * *",
  },
  "royalties.import": {
    policy: "stately",
    singletonKey: (data) => data.importId,
    retryLimit: 3,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: HOUR,
    heartbeatSeconds: 60,
    concurrency: 1,
  },
  // The local stores' made-up usage reports (app/services/distribution/local-reports.server.ts): daily for
  // yesterday, and for today when a release goes live; a no-op with real stores. One per day waits at a
  // time; a report already written for a release and day is not written again.
  "royalties.local-reports": {
    policy: "stately",
    singletonKey: (data) => data.day ?? "daily",
    retryLimit: 2,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: 10 * MINUTE,
    concurrency: 1,
    cron: "30 0 * * *",
  },
  "royalties.process": {
    policy: "stately",
    singletonKey: (data) => data.scheduleId,
    retryLimit: 3,
    retryDelay: 60,
    retryBackoff: true,
    expireInSeconds: HOUR,
    heartbeatSeconds: 60,
    concurrency: 1,
  },
  // One signed POST to a user's endpoint (app/services/webhooks/deliver.server.ts). A failed try (error
  // status, redirect, timeout) throws and comes back after 30-60 s, then after waits that double (with
  // jitter): 9 tries over about 2 to 4 hours, then the delivery shows as failed (the user can replay it).
  // Network-bound and short (10 s timeout), so several at once.
  "webhook.deliver": {
    notify: true,
    policy: "stately",
    singletonKey: (data) => data.deliveryId,
    retryLimit: 8,
    retryDelay: 30,
    retryBackoff: true,
    retryDelayMax: 6 * HOUR,
    expireInSeconds: MINUTE,
    concurrency: 4,
  },
  "housekeeping.expire-verification-tokens": {
    // `singleton`: with several workers, one sweep runs at a time.
    policy: "singleton",
    retryLimit: 2,
    retryDelay: 60,
    retryBackoff: false,
    expireInSeconds: 5 * MINUTE,
    concurrency: 1,
    cron: "17 * * * *",
  },
  // Throttle counters whose window has ended (app/server/rate-limit.server.ts).
  "housekeeping.expire-rate-limits": {
    policy: "singleton",
    retryLimit: 2,
    retryDelay: 60,
    retryBackoff: false,
    expireInSeconds: 5 * MINUTE,
    concurrency: 1,
    cron: "23 * * * *",
  },
  // Daily: media of rejected, never-saved and superseded songs (app/services/media/retention.ts).
  "housekeeping.media-retention": {
    policy: "singleton",
    retryLimit: 2,
    retryDelay: 600,
    retryBackoff: false,
    expireInSeconds: 30 * MINUTE,
    concurrency: 1,
    cron: "41 3 * * *",
  },
};

export const queueNames = Object.keys(queues) as QueueName[];

/** Where a job goes when its retries run out; staff inspect and redrive them from there. */
export function deadLetterQueue(queue: string): string {
  return `${queue}.dead`;
}

/** Dead letters are kept long enough for someone to look at them, and never retried on their own. */
export const DEAD_LETTER_RETENTION_SECONDS = 30 * 24 * HOUR;

/** A job handler receives a batch (one job unless the worker asks for more); throwing fails the batch. */
export type JobHandler<Q extends QueueName> = (jobs: Job<JobPayloads[Q]>[]) => Promise<void>;

export type HandlerRegistry = { [Q in QueueName]?: JobHandler<Q> };
