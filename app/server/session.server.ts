// Sessions: the browser holds a signed cookie with the session id; the data lives in the `sessions`
// table (drizzle/schema/auth.ts), so any web process can read it and a session can be ended server-side
// (sign-out, banned device, banned user) with immediate effect.
import { createCookie, createSessionStorage, redirect, type Session } from "@remix-run/node";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import { sessions } from "../../drizzle/schema/auth";
import { db } from "./db.server";
import { env } from "./env.server";
import type { RequestHead } from "./http.server";

export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** The cookie only carries the session id; signing it stops anyone guessing or forging one. */
export const sessionCookie = createCookie("__session", {
  httpOnly: true,
  sameSite: "lax",
  secure: env.NODE_ENV === "production",
  path: "/",
  maxAge: SESSION_MAX_AGE_SECONDS,
  secrets: [env.SESSION_SECRET],
});

/** userId and deviceId are columns of the row; anything else (flash messages) goes to its `data`. */
export interface SessionData {
  userId: string;
  deviceId: string | null;
}

const defaultExpiry = () => new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000);

export const sessionStorage = createSessionStorage<SessionData>({
  cookie: sessionCookie,
  async createData(data, expires) {
    const { userId, deviceId, ...rest } = data;
    // Sessions exist only for signed-in users; visitors never get a row.
    if (!userId) throw new Error("A session needs a userId before it is committed");
    const [row] = await db
      .insert(sessions)
      .values({ userId, deviceId: deviceId ?? null, data: rest, expiresAt: expires ?? defaultExpiry() })
      .returning({ id: sessions.id });
    return row.id;
  },
  async readData(id) {
    const [row] = await db
      .select()
      .from(sessions)
      .where(and(eq(sessions.id, id), gt(sessions.expiresAt, sql`now()`)));
    if (!row) return null;
    return { ...row.data, userId: row.userId, deviceId: row.deviceId };
  },
  async updateData(id, data, expires) {
    const { userId: _userId, deviceId: _deviceId, ...rest } = data;
    await db
      .update(sessions)
      .set({ data: rest, ...(expires ? { expiresAt: expires } : {}) })
      .where(eq(sessions.id, id));
  },
  async deleteData(id) {
    if (id) await db.delete(sessions).where(eq(sessions.id, id));
  },
});

export type AppSession = Session<SessionData, SessionData>;

export function getSession(request: RequestHead): Promise<AppSession> {
  return sessionStorage.getSession(request.headers.get("Cookie"));
}

/** The session id from the cookie, without touching the database (null when absent or tampered with). */
export async function getSessionId(request: RequestHead): Promise<string | null> {
  const value: unknown = await sessionCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value !== "" ? value : null;
}

/**
 * Starts a fresh session (never reusing an id from the request, so a planted cookie cannot be adopted)
 * and returns its Set-Cookie header.
 */
export async function createUserSession(userId: string, deviceId: string | null): Promise<string> {
  const session = await sessionStorage.getSession();
  session.set("userId", userId);
  session.set("deviceId", deviceId);
  return sessionStorage.commitSession(session);
}

/** Deletes the request's session row (if any) and returns the Set-Cookie header that clears the cookie. */
export async function destroyRequestSession(request: RequestHead): Promise<string> {
  return sessionStorage.destroySession(await getSession(request));
}

/** Signs out and redirects, e.g. `throw await signOutAndRedirect(request, "/")`. */
export async function signOutAndRedirect(request: Request, to: string, headers?: HeadersInit): Promise<Response> {
  const responseHeaders = new Headers(headers);
  responseHeaders.append("Set-Cookie", await destroyRequestSession(request));
  return redirect(to, { headers: responseHeaders });
}

/** Ends every session of a user (password reset, ban). */
export async function deleteUserSessions(userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

// When this process last recorded each session's activity: within a minute the update below would
// change nothing, so it is not even sent (every signed-in page view would otherwise cost a round trip).
const touchedAt = new Map<string, number>();
const TOUCH_INTERVAL_MS = 60_000;

/** Records activity at most once a minute per session, so reads do not each cost a write. */
export async function touchSession(id: string): Promise<void> {
  const now = Date.now();
  if (now - (touchedAt.get(id) ?? 0) < TOUCH_INTERVAL_MS) return;
  if (touchedAt.size >= 10_000) touchedAt.clear();
  touchedAt.set(id, now);
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(sessions.id, id), lt(sessions.lastSeenAt, sql`now() - interval '1 minute'`)));
}
