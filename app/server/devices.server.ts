// Devices (spec 3 §3, §4): every browser gets a long-lived signed `device` cookie. Each sign-in records
// the device (parsed user agent, IP) and links it to the user; a banned device is signed out on its next
// request and cannot sign in again.
import { randomUUID } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { and, eq, sql } from "drizzle-orm";
import { UAParser } from "ua-parser-js";
import { devices, userDevices } from "../../drizzle/schema/auth";
import { db } from "./db.server";
import { env } from "./env.server";

export const DEVICE_BANNED_MESSAGE = "This device has been banned for abuse and can no longer be used.";

// Browsers cap cookie lifetimes at 400 days; the cookie is re-set on every sign-in, so it never lapses
// for a device that keeps signing in.
const DEVICE_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

export const deviceCookie = createCookie("device", {
  httpOnly: true,
  sameSite: "lax",
  secure: env.NODE_ENV === "production",
  path: "/",
  maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
  // Signed, so nobody can claim another browser's device id (and its history or ban).
  secrets: [env.SESSION_SECRET],
});

export async function getDeviceId(request: Request): Promise<string | null> {
  const value: unknown = await deviceCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value !== "" ? value : null;
}

/**
 * Where server.mjs puts the client's address on every request: the socket's peer, or, when that peer is
 * a trusted proxy (TRUST_PROXY), the address the proxies recorded in X-Forwarded-For. server.mjs replaces
 * whatever a client sends under this name, so it cannot be forged.
 */
export const CLIENT_ADDRESS_HEADER = "X-Songloom-Client-Address";

/**
 * The client's IP address, for device records, device bans and throttles. Without server.mjs in front
 * (route modules called directly, as the integration tests do) it is the last X-Forwarded-For entry, the
 * one a reverse proxy appends. Null when neither is there.
 */
export function clientIp(request: Request): string | null {
  const address = request.headers.get(CLIENT_ADDRESS_HEADER) || request.headers.get("X-Forwarded-For")?.split(",").at(-1);
  const trimmed = address?.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
  return trimmed || null;
}

export function describeUserAgent(userAgent: string): { browser: string | null; os: string | null } {
  const result = UAParser(userAgent);
  const join = (name?: string, version?: string) => (name ? [name, version].filter(Boolean).join(" ") : null);
  return { browser: join(result.browser.name, result.browser.major), os: join(result.os.name, result.os.version) };
}

/**
 * True when a banned device last signed in from this address. Loopback and private addresses are never
 * matched: they are a proxy or a shared network in front of many people, and one ban must not lock all of
 * them out. See docs/configuration.md ("Device bans") for what a device ban can and cannot do.
 */
export async function isAddressBanned(ip: string | null): Promise<boolean> {
  if (!ip || isSharedAddress(ip)) return false;
  const [row] = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.ip, ip), eq(devices.banned, true)))
    .limit(1);
  return row !== undefined;
}

/** Loopback, private (RFC 1918, RFC 4193), link-local and carrier-grade NAT addresses. */
export function isSharedAddress(ip: string): boolean {
  const lower = ip.toLowerCase();
  if (lower === "::1" || lower.startsWith("fe80:") || /^f[cd][0-9a-f]{2}:/.test(lower)) return true;
  const octets = lower.split(".").map(Number);
  if (octets.length !== 4 || octets.some((octet) => !Number.isInteger(octet))) return false;
  const [a, b] = octets;
  return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) || (a === 100 && b >= 64 && b <= 127);
}

export async function isDeviceBanned(deviceId: string): Promise<boolean> {
  const [row] = await db.select({ banned: devices.banned }).from(devices).where(eq(devices.id, deviceId));
  return row?.banned ?? false;
}

/**
 * Records a sign-in on the request's device (creating the device on first sight) and links it to the
 * user. Returns the device id and the Set-Cookie header that (re)issues the device cookie.
 */
export async function recordDeviceSignIn(
  request: Request,
  userId: string,
): Promise<{ deviceId: string; banned: boolean; setCookie: string }> {
  const deviceId = (await getDeviceId(request)) ?? randomUUID();
  const userAgent = request.headers.get("User-Agent") ?? "";
  const details = { userAgent, ...describeUserAgent(userAgent), ip: clientIp(request), lastLoginAt: sql`now()` };
  const banned = await db.transaction(async (tx) => {
    const [device] = await tx
      .insert(devices)
      .values({ id: deviceId, ...details })
      .onConflictDoUpdate({ target: devices.id, set: details })
      .returning({ banned: devices.banned });
    await tx
      .insert(userDevices)
      .values({ userId, deviceId })
      .onConflictDoUpdate({ target: [userDevices.userId, userDevices.deviceId], set: { lastLoginAt: sql`now()` } });
    return device.banned;
  });
  return { deviceId, banned, setCookie: await deviceCookie.serialize(deviceId) };
}
