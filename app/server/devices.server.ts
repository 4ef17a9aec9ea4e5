// Devices (spec 3 §3, §4): every browser gets a long-lived signed `device` cookie. Each sign-in records
// the device (parsed user agent, IP) and links it to the user; a banned device is signed out on its next
// request and cannot sign in again.
import { randomUUID } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { eq, sql } from "drizzle-orm";
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
 * The client address as our reverse proxy saw it: the last X-Forwarded-For entry is the one the proxy
 * appended, earlier entries are whatever the client claimed. Null when there is no proxy in front.
 */
export function clientIp(request: Request): string | null {
  const forwarded = request.headers.get("X-Forwarded-For");
  const last = forwarded?.split(",").at(-1)?.trim();
  return last || null;
}

export function describeUserAgent(userAgent: string): { browser: string | null; os: string | null } {
  const result = UAParser(userAgent);
  const join = (name?: string, version?: string) => (name ? [name, version].filter(Boolean).join(" ") : null);
  return { browser: join(result.browser.name, result.browser.major), os: join(result.os.name, result.os.version) };
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
