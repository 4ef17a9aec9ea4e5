// Throttles kept in PostgreSQL, so a limit holds across every web process and restart (issue 16,
// finding 4; docs/decisions/018-throttles-owner-lock-and-shutdown.md).
//
// Each limit is a fixed-window counter per subject (an email, an IP address, a user id): one upsert per
// hit increments it, or starts a new window when the last one has ended, and returns the count and the
// window's end in the same statement, so concurrent hits from several processes are counted exactly.
// A fixed window lets a burst of up to twice the limit straddle a window boundary; that is fine for
// slowing guessing down, and it costs one row and one statement per subject.
//
// Usage, from any action:
//
//   const throttled = await hitRateLimits(db, [
//     [RATE_LIMITS.signInPerAccount, email],
//     [RATE_LIMITS.signInPerIp, clientIp(request)],
//   ]);
//   if (throttled) return json({ errors: formError(throttled.message) }, { status: 429, headers: throttled.headers });
//
// Add new limits to RATE_LIMITS below, so every limit is in one place.
import { createHmac } from "node:crypto";
import { lt, sql } from "drizzle-orm";
import { rateLimitCounters } from "../../drizzle/schema/security";
import { db as defaultDb, rawRows, type Db, type Tx } from "./db.server";
import { env } from "./env.server";
import { jsonError } from "./http.server";

export interface RateLimit {
  /** Stable name, part of the counter's key: renaming a limit starts its counters afresh. */
  name: string;
  /** Hits allowed per window; the next one is refused. */
  max: number;
  windowSeconds: number;
  /** What the person is told, before "Try again in …". */
  message: string;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * Every throttle of the app. Per account (the email typed, or the signed-in user) slows down guessing one
 * person's password and stops mail-bombing one address; per IP address slows down one client trying many
 * accounts. A per-account limit also lets anyone hold that account's sign-in for the rest of a window by
 * failing on purpose: the per-account numbers are high enough that a real person never meets them.
 */
export const RATE_LIMITS = {
  signInPerAccount: { name: "sign-in:account", max: 10, windowSeconds: 15 * MINUTE, message: "Too many sign-in attempts for this account." },
  signInPerIp: { name: "sign-in:ip", max: 50, windowSeconds: 15 * MINUTE, message: "Too many sign-in attempts from your network." },
  // Per address signed up with: an existing account's owner is emailed about each attempt.
  signUpPerAccount: { name: "sign-up:account", max: 3, windowSeconds: HOUR, message: "Too many sign-ups with this email address." },
  signUpPerIp: { name: "sign-up:ip", max: 20, windowSeconds: HOUR, message: "Too many sign-ups from your network." },
  forgotPasswordPerAccount: { name: "forgot-password:account", max: 5, windowSeconds: HOUR, message: "Too many reset emails asked for this address." },
  forgotPasswordPerIp: { name: "forgot-password:ip", max: 20, windowSeconds: HOUR, message: "Too many reset emails asked for from your network." },
  // A reset link is unguessable; this stops a client from trying many of them.
  resetPasswordPerIp: { name: "reset-password:ip", max: 20, windowSeconds: 15 * MINUTE, message: "Too many password resets from your network." },
  verifyResendPerAccount: { name: "verify-resend:account", max: 5, windowSeconds: HOUR, message: "Too many verification emails sent to this account." },
  verifyResendPerIp: { name: "verify-resend:ip", max: 20, windowSeconds: HOUR, message: "Too many verification emails asked for from your network." },
  // Every /api/v1 call with a personal access token (docs/api.md): its count goes out in the RateLimit
  // headers of each answer, so a script can pace itself before it meets the 429.
  apiPerToken: { name: "api:token", max: 120, windowSeconds: MINUTE, message: "Too many API requests with this token." },
  // Replaying a webhook delivery sends a request to the user's server: a slip of the button should not be a flood.
  webhookReplayPerUser: { name: "webhook-replay:user", max: 30, windowSeconds: HOUR, message: "Too many webhook replays." },
} as const satisfies Record<string, RateLimit>;

/** A refused hit: the limit that was reached, when to come back, and the answer's pieces. */
export interface Throttled {
  limit: RateLimit;
  retryAfterSeconds: number;
  /** The limit's message with when to try again, for a page or an API error. */
  message: string;
  /** `Retry-After` for the 429 answer. */
  headers: Record<string, string>;
}

/**
 * Subjects are normalised (emails are compared lower-cased, an IPv6 address counts as its /64 network) and
 * keyed by HMAC, never stored in clear.
 */
function counterKey(limit: RateLimit, subject: string): string {
  const digest = createHmac("sha256", env.SESSION_SECRET).update(`${limit.name}\n${normaliseSubject(subject)}`).digest("base64url");
  return `${limit.name}:${digest}`;
}

/**
 * One household or server gets a whole IPv6 /64 and can use a new address from it for every request, so a
 * per-address limit counts the /64. Emails and IPv4 addresses are only trimmed and lower-cased.
 */
export function normaliseSubject(subject: string): string {
  const value = subject.trim().toLowerCase();
  if (!value.includes(":") || value.includes("@") || value.includes(".")) return value;
  const [head, tail] = value.split("::");
  if (value.split("::").length > 2) return value;
  const left = head ? head.split(":") : [];
  const right = tail === undefined ? [] : tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  if (groups.length !== 8 || !groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return value;
  return `${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}

/** RATE_LIMIT_FACTOR scales every limit (tests and load tests raise them; never below one hit). */
function effectiveMax(limit: RateLimit): number {
  return Math.max(1, Math.floor(limit.max * env.RATE_LIMIT_FACTOR));
}

/**
 * Counts one hit on one limit and reports the whole state, for answers that advertise their quota (the
 * RateLimit header fields of /api/v1): the limit in force, the hits left in this window (0 once over it),
 * the seconds until the window ends, and the refusal when this hit was over the limit.
 */
export async function countRateLimitHit(
  database: Db | Tx,
  limit: RateLimit,
  subject: string,
): Promise<{ max: number; remaining: number; resetSeconds: number; windowSeconds: number; throttled: Throttled | null }> {
  const { hits, secondsLeft } = await hit(database, limit, subject);
  const max = effectiveMax(limit);
  const resetSeconds = Math.max(1, Math.ceil(secondsLeft));
  const throttled =
    hits > max
      ? { limit, retryAfterSeconds: resetSeconds, message: `${limit.message} Try again in ${describeWait(resetSeconds)}.`, headers: { "Retry-After": String(resetSeconds) } }
      : null;
  return { max, remaining: Math.max(0, max - hits), resetSeconds, windowSeconds: limit.windowSeconds, throttled };
}

/** Counts one hit on the counter and returns the count in the current window and the seconds it has left. */
async function hit(database: Db | Tx, limit: RateLimit, subject: string): Promise<{ hits: number; secondsLeft: number }> {
  const key = counterKey(limit, subject);
  const windowEnd = sql`now() + make_interval(secs => ${limit.windowSeconds})`;
  const [row] = await rawRows<{ hits: number; seconds_left: number | string }>(
    database,
    sql`insert into ${rateLimitCounters} as c (key, hits, window_ends_at) values (${key}, 1, ${windowEnd})
        on conflict (key) do update set
          hits = case when c.window_ends_at <= now() then 1 else c.hits + 1 end,
          window_ends_at = case when c.window_ends_at <= now() then ${windowEnd} else c.window_ends_at end
        returning c.hits, extract(epoch from (c.window_ends_at - now())) as seconds_left`,
  );
  return { hits: Number(row.hits), secondsLeft: Number(row.seconds_left) };
}

/**
 * Counts a hit on each [limit, subject] pair (pairs with no subject, e.g. an unknown client address, are
 * skipped) and returns null when all are within their limits, or the refusal that ends last. Every pair is
 * counted even when an earlier one is over, so a client cannot save one counter by tripping another.
 */
export async function hitRateLimits(
  database: Db | Tx,
  checks: ReadonlyArray<readonly [RateLimit, string | null | undefined]>,
): Promise<Throttled | null> {
  let refused: Throttled | null = null;
  for (const [limit, subject] of checks) {
    if (!subject) continue;
    const { hits, secondsLeft } = await hit(database, limit, subject);
    if (hits <= effectiveMax(limit)) continue;
    const retryAfterSeconds = Math.max(1, Math.ceil(secondsLeft));
    if (refused && refused.retryAfterSeconds >= retryAfterSeconds) continue;
    refused = {
      limit,
      retryAfterSeconds,
      message: `${limit.message} Try again in ${describeWait(retryAfterSeconds)}.`,
      headers: { "Retry-After": String(retryAfterSeconds) },
    };
  }
  return refused;
}

/**
 * For API routes: throws the 429 in the API's error shape, with Retry-After (the api wrapper passes a
 * thrown JSON answer through as it is).
 */
export async function enforceRateLimits(
  database: Db | Tx,
  checks: ReadonlyArray<readonly [RateLimit, string | null | undefined]>,
): Promise<void> {
  const throttled = await hitRateLimits(database, checks);
  if (!throttled) return;
  const response = jsonError(429, "rate_limited", throttled.message);
  for (const [name, value] of Object.entries(throttled.headers)) response.headers.set(name, value);
  throw response;
}

/** "1 minute", "12 minutes", "2 hours": a person's reading of Retry-After. */
export function describeWait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? "1 second" : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return minutes === 1 ? "1 minute" : `${minutes} minutes`;
  const hours = Math.round(minutes / 60);
  return hours === 1 ? "1 hour" : `${hours} hours`;
}

/** Deletes counters whose window has ended (the housekeeping job); returns how many. */
export async function deleteExpiredRateLimitCounters(database: Db | Tx = defaultDb): Promise<number> {
  const deleted = await database
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.windowEndsAt, sql`now()`))
    .returning({ key: rateLimitCounters.key });
  return deleted.length;
}
