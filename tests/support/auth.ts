// Factories and helpers for auth tests: users and sessions inserted directly (no sign-up round trip),
// route functions called with real Requests, and the email outbox read back.
import { readdir, readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { sql } from "drizzle-orm";
import { userRoles } from "#drizzle/schema/access";
import { devices, identities, sessions, userDevices, users, type User } from "#drizzle/schema/auth";
import type { Db } from "~/server/db.server";
import { deviceCookie } from "~/server/devices.server";
import { outboxDir } from "~/server/email.server";
import { hashPassword } from "~/server/password.server";
import type { Role } from "~/server/permissions.server";
import { sessionCookie } from "~/server/session.server";

export const TEST_PASSWORD = "test-password-123";

let counter = 0;
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}-${process.pid}-${Date.now().toString(36)}-${counter}@example.com`;
}

export interface UserOptions {
  email?: string;
  verified?: boolean;
  isAdmin?: boolean;
  roles?: Role[];
  password?: string | null;
  social?: "google" | "facebook" | "apple";
  /** Has accepted the current terms of use (default: not yet, like a new account). */
  termsAccepted?: boolean;
}

export async function createUser(db: Db, options: UserOptions = {}): Promise<User> {
  const email = (options.email ?? uniqueEmail()).toLowerCase();
  const [user] = await db
    .insert(users)
    .values({
      email,
      displayName: email.split("@")[0],
      isAdmin: options.isAdmin ?? false,
      emailVerifiedAt: options.verified === false ? null : new Date(),
      termsOfUseStatus: options.termsAccepted ? "ACCEPTED" : "PENDING",
    })
    .returning();
  const password = options.password === undefined ? TEST_PASSWORD : options.password;
  if (password !== null) {
    await db.insert(identities).values({ userId: user.id, provider: "email", providerUserId: email, passwordHash: await hashPassword(password) });
  }
  if (options.social) {
    await db.insert(identities).values({ userId: user.id, provider: options.social, providerUserId: `${options.social}-${user.id}` });
  }
  for (const role of options.roles ?? []) await db.insert(userRoles).values({ userId: user.id, roleId: role });
  return user;
}

/**
 * A signed-in browser: a device row, a session row and the Cookie header that carries both. The session
 * has passed the staff second factor (which only admins' pages check) unless `secondFactor: false`.
 */
export async function createSession(db: Db, userId: string, options: { secondFactor?: boolean } = {}): Promise<{ cookie: string; sessionId: string; deviceId: string }> {
  const deviceId = `test-device-${userId}-${(counter += 1)}`;
  await db.insert(devices).values({ id: deviceId, userAgent: "vitest" });
  await db.insert(userDevices).values({ userId, deviceId });
  const [session] = await db
    .insert(sessions)
    .values({ userId, deviceId, expiresAt: sql`now() + interval '1 day'`, secondFactorAt: options.secondFactor === false ? null : sql`now()` })
    .returning({ id: sessions.id });
  const cookie = [await sessionCookie.serialize(session.id), await deviceCookie.serialize(deviceId)].map(cookiePair).join("; ");
  return { cookie, sessionId: session.id, deviceId };
}

/** "name=value" from a Set-Cookie header. */
export function cookiePair(setCookie: string): string {
  return setCookie.split(";")[0];
}

/** The Cookie header a browser would send after receiving these Set-Cookie headers (deletions dropped). */
export function cookiesFrom(response: Response, previous = ""): string {
  const jar = new Map(previous.split("; ").filter(Boolean).map((pair) => [pair.split("=")[0], pair] as const));
  for (const header of response.headers.getSetCookie()) {
    const pair = cookiePair(header);
    const name = pair.split("=")[0];
    if (/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(header) || pair === `${name}=`) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

type RouteFunction = (args: { request: Request; params: Record<string, string>; context: Record<string, never> }) => Promise<unknown>;

/** Calls a loader or action the way Remix does; a thrown Response is the answer too. */
export async function callRoute(fn: RouteFunction, request: Request, params: Record<string, string> = {}): Promise<Response> {
  try {
    const result = await fn({ request, params, context: {} });
    if (result instanceof Response) return result;
    throw new Error(`Route returned ${typeof result}, not a Response`);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

export const APP = () => process.env.APP_URL ?? "http://localhost:3000";

export function get(path: string, cookie?: string, headers: Record<string, string> = {}): Request {
  return new Request(new URL(path, APP()), { headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers } });
}

export function post(path: string, fields: Record<string, string>, cookie?: string, headers: Record<string, string> = {}): Request {
  return new Request(new URL(path, APP()), {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}), ...headers },
  });
}

export interface OutboxMessage {
  file: string;
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/** Decodes the quoted-printable text part of an .eml as nodemailer writes it. */
function decodeQuotedPrintable(value: string): string {
  return value.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export async function readOutbox(to?: string): Promise<OutboxMessage[]> {
  let files: string[];
  try {
    files = (await readdir(outboxDir())).filter((file) => file.endsWith(".eml")).sort();
  } catch {
    return [];
  }
  const messages = await Promise.all(
    files.map(async (file) => {
      const raw = await readFile(path.join(outboxDir(), file), "utf8");
      const header = (name: string) => raw.match(new RegExp(`^${name}: (.*)$`, "m"))?.[1] ?? "";
      const textPart = raw.split(/Content-Type: text\/plain[^\n]*\n(?:[^\r\n]+\r?\n)*\r?\n/)[1]?.split(/\n--/)[0] ?? "";
      const text = decodeQuotedPrintable(textPart);
      return { file, to: header("To"), subject: header("Subject"), text, links: text.match(/https?:\/\/\S+/g) ?? [] };
    }),
  );
  return to ? messages.filter((message) => message.to === to) : messages;
}

/**
 * Serves route functions over real HTTP at APP_URL, so code that fetches the app's own URLs (the
 * OAuth2Strategy calling the stand-in's token and userinfo endpoints) talks to them as in production.
 */
export async function serveRoutes(port: number, routes: Record<string, { loader?: RouteFunction; action?: RouteFunction }>): Promise<Server> {
  const server = createServer(async (incoming, outgoing) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const url = new URL(incoming.url ?? "/", APP());
    const request = new Request(url, {
      method: incoming.method,
      headers: incoming.headers as Record<string, string>,
      body: incoming.method === "GET" || incoming.method === "HEAD" ? undefined : Buffer.concat(chunks),
    });
    const route = routes[url.pathname];
    const fn = request.method === "GET" ? route?.loader : route?.action;
    const response = fn ? await callRoute(fn, request) : new Response("Not found", { status: 404 });
    outgoing.writeHead(response.status, Object.fromEntries(response.headers));
    outgoing.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return server;
}
