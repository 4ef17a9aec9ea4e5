// The guards of spec 3 §2, as one-line helpers every loader and action calls first:
//
//   const user = await requireVerifiedUser(request);
//   await requirePermission(request, "distro:viewer");
//
// Pages get redirects (sign-in with redirectFrom, /verify, Home, the admin dashboard); /api/* requests
// get the JSON error shape instead (401 signed out, 403 unverified, forbidden or banned). Banned devices
// and banned accounts are signed out on their next request, whatever the route.
import { redirect } from "@remix-run/node";
import { findSessionUser, type SessionLookup, type SessionUser } from "~/models/user.server";
import { afterSignInPath } from "~/utils/redirect-from";
import { DEVICE_BANNED_MESSAGE } from "./devices.server";
import { ADMIN_SESSION_HOURS } from "~/services/admin/second-factor";
import { isFlagActive } from "./flags.server";
import { isApiRequest, jsonError, type RequestHead } from "./http.server";
import { hasPermission, type Permission } from "./permissions.server";
import { destroyRequestSession, getSessionId, touchSession } from "./session.server";

export type { SessionUser } from "~/models/user.server";

export const ACCOUNT_BANNED_MESSAGE = "This account has been banned and can no longer be used.";

/** Why a user was signed out, as `/sign-in?banned=<reason>`; the sign-in page shows the message. */
export const BAN_MESSAGES = { device: DEVICE_BANNED_MESSAGE, account: ACCOUNT_BANNED_MESSAGE } as const;
export type BanReason = keyof typeof BAN_MESSAGES;

// Root and route loaders of one request each ask for the user; one lookup serves them all.
const perRequest = new WeakMap<RequestHead, Promise<SessionUser | null>>();
// The session behind each request's user, for the staff second factor (requireAdmin).
const sessionOf = new WeakMap<RequestHead, { sessionId: string; secondFactorAt: Date | null }>();

/** The signed-in user, or null. Throws (sign-out) when the device or the account is banned. */
export function getOptionalUser(request: RequestHead): Promise<SessionUser | null> {
  let pending = perRequest.get(request);
  if (!pending) {
    pending = lookUpSession(request, false).then((found) => found?.user ?? null);
    perRequest.set(request, pending);
  }
  return pending;
}

/**
 * getOptionalUser and the version of the user's own pages (user-page-version.server.ts) read in one
 * statement, for the per-user page cache (page-cache.server.ts): a kept page costs one round trip.
 */
export async function getOptionalUserAndPageVersion(request: RequestHead): Promise<{ user: SessionUser; pageVersion: string } | null> {
  const found = await lookUpSession(request, true);
  return found && { user: found.user, pageVersion: found.pageVersion ?? "" };
}

async function lookUpSession(request: RequestHead, withPageVersion: boolean): Promise<SessionLookup | null> {
  const sessionId = await getSessionId(request);
  if (!sessionId) return null;
  const found = await findSessionUser(sessionId, { withPageVersion });
  if (!found) return null;
  if (found.deviceBanned) throw await bannedSignOut(request, "device");
  if (found.user.accountStatus === "BANNED") throw await bannedSignOut(request, "account");
  sessionOf.set(request, { sessionId: found.sessionId, secondFactorAt: found.secondFactorAt });
  await touchSession(sessionId);
  return found;
}

async function bannedSignOut(request: RequestHead, reason: BanReason): Promise<Response> {
  const headers = { "Set-Cookie": await destroyRequestSession(request) };
  if (isApiRequest(request)) {
    const response = jsonError(403, "banned", BAN_MESSAGES[reason]);
    response.headers.set("Set-Cookie", headers["Set-Cookie"]);
    return response;
  }
  return redirect(`/sign-in?banned=${reason}`, { headers });
}

/** The path and query of the request, for `redirectFrom`. */
function requestPath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

export function signInPath(redirectFrom: string): string {
  return `/sign-in?${new URLSearchParams({ redirectFrom })}`;
}

function refuse(request: Request, page: string, status: 401 | 403, code: string, message: string): Response {
  return isApiRequest(request) ? jsonError(status, code, message) : redirect(page);
}

export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getOptionalUser(request);
  if (!user) throw refuse(request, signInPath(requestPath(request)), 401, "unauthorized", "Sign in to continue.");
  return user;
}

/** Verified email, or signed in through Google, Facebook or Apple (spec 3 §2, §5). */
export async function requireVerifiedUser(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!user.verified) throw refuse(request, "/verify", 403, "unverified", "Verify your email address to continue.");
  return user;
}

/** For sign-in and sign-up: someone already signed in goes where signing in would take them. */
export async function requireAnonymous(request: Request): Promise<void> {
  const user = await getOptionalUser(request);
  if (user) throw redirect(afterSignInPath(new URL(request.url).searchParams.get("redirectFrom")));
}

/**
 * Admins whose session passed the staff second factor within ADMIN_SESSION_HOURS; an admin without one
 * goes to /admin/second-factor (enrolment the first time, the code challenge after).
 */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await requireStaff(request);
  const secondFactorAt = sessionOf.get(request)?.secondFactorAt;
  if (!secondFactorAt || Date.now() - secondFactorAt.getTime() > ADMIN_SESSION_HOURS * 3_600_000) {
    throw refuse(request, `/admin/second-factor?${new URLSearchParams({ redirectFrom: requestPath(request) })}`, 403, "second_factor_required", "Confirm your second factor at /admin/second-factor first.");
  }
  return user;
}

/** An admin, before the second factor (the second-factor page itself); also the session's id. */
export async function requireStaff(request: Request): Promise<SessionUser & { sessionId: string }> {
  const user = await requireUser(request);
  if (!user.isAdmin) throw refuse(request, "/", 403, "forbidden", "This is for Songloom staff only.");
  return { ...user, sessionId: sessionOf.get(request)!.sessionId };
}

/** Admin plus any one of the permissions; a missing permission leads to the admin dashboard. */
export async function requirePermission(
  request: Request,
  required: Permission | readonly Permission[],
): Promise<SessionUser> {
  const user = await requireAdmin(request);
  if (!hasPermission(user, required)) {
    throw refuse(request, "/admin", 403, "forbidden", "You do not have permission to do this.");
  }
  return user;
}

/** A page behind a feature flag; when it is off the page does not exist for anyone, so: Home. */
export async function requireFeatureFlag(request: Request, key: string): Promise<void> {
  if (!(await isFlagActive(key))) {
    throw refuse(request, "/", 403, "feature_disabled", "This feature is not available.");
  }
}
