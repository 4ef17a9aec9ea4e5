// What the admin pages and /api/admin routes share: refused admin actions (AdminActionError) become the
// API's error shape, or a message the page shows.
import { AdminActionError } from "~/services/admin";
import { ApiError } from "./http.server";
import { adminRoutePermissions, hasPermission, type AccessSubject } from "./permissions.server";

/** Runs an admin workflow for an /api route: its refusals become ApiErrors with their status and code. */
export async function asApi<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AdminActionError) throw new ApiError(error.status, error.code, error.message);
    throw error;
  }
}

/** Runs an admin workflow for a page: a refusal is returned as its message (and status) instead. */
export async function asPage<T>(work: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; status: number; message: string }> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    if (error instanceof AdminActionError) return { ok: false, status: error.status, message: error.message };
    throw error;
  }
}

const USER_PAGES = ["view", "transactions", "events", "annotations", "devices", "distro", "releases"] as const;

/** The user pages (tabs) this admin may open, from ADMIN_ROUTE_PERMISSIONS. */
export function allowedUserPages(user: AccessSubject): string[] {
  return USER_PAGES.filter((page) => hasPermission(user, adminRoutePermissions(`/admin/users/x/${page}`) ?? []));
}

/** Where to go back to after an action: only admin pages of this site. */
export function safeAdminReturn(value: FormDataEntryValue | string | null | undefined, fallback = "/admin"): string {
  const text = typeof value === "string" ? value : "";
  return /^\/admin(\/|$|\?)/.test(text) && !text.startsWith("//") ? text : fallback;
}
