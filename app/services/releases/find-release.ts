// Looking a release up for its owner. Another user's release, and an id that cannot be one, are "not
// found" (404), never "forbidden": whether a release exists is itself the owner's business.
import { and, eq } from "drizzle-orm";
import { releases, type Release } from "../../../drizzle/schema/releases";
import { db, type Db, type Tx } from "~/server/db.server";
import { ApiError } from "~/server/http.server";
import { isPossibleId } from "~/utils/input-schemas";

export const RELEASE_NOT_FOUND = "This release does not exist.";

export async function findOwnedRelease(userId: string, releaseId: string | undefined, database: Db | Tx = db): Promise<Release | null> {
  if (!releaseId || !isPossibleId(releaseId)) return null;
  const [release] = await database
    .select()
    .from(releases)
    .where(and(eq(releases.id, releaseId), eq(releases.userId, userId)));
  return release ?? null;
}

/** The user's release, or ApiError 404. */
export async function requireOwnedRelease(userId: string, releaseId: string | undefined, database: Db | Tx = db): Promise<Release> {
  const release = await findOwnedRelease(userId, releaseId, database);
  if (!release) throw new ApiError(404, "not_found", RELEASE_NOT_FOUND);
  return release;
}
