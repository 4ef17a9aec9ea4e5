// What every release page's loader starts with: the signed-in user and their release, or a 404 page
// (another user's release does not exist for them).
import { requireUser, type SessionUser } from "~/server/guards.server";
import type { Release } from "../../../drizzle/schema/releases";
import { findOwnedRelease } from "./find-release";

export async function loadOwnedRelease(request: Request, releaseId: string | undefined): Promise<{ user: SessionUser; release: Release }> {
  const user = await requireUser(request);
  const release = await findOwnedRelease(user.id, releaseId);
  if (!release) throw new Response("This release does not exist.", { status: 404, statusText: "Not Found" });
  return { user, release };
}
