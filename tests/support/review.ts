// Factories for the staff review tests: a user's release already submitted (saved songs, a cover-art row),
// and a signed-in admin with given roles.
import { releases, releaseSongs } from "#drizzle/schema/releases";
import type { Db } from "~/server/db.server";
import type { Role } from "~/server/permissions.server";
import { createSession, createUser } from "./auth";
import { insertCoverArt, insertSavedSong } from "./releases";

export async function submittedRelease(db: Db, options: { title?: string; userId?: string; status?: number; submittedAt?: Date } = {}) {
  const userId = options.userId ?? (await createUser(db, { termsAccepted: true })).id;
  const songId = await insertSavedSong(db, userId, { name: `${options.title ?? "Harbor"} song` });
  const coverArtId = await insertCoverArt(db, userId);
  const [release] = await db
    .insert(releases)
    .values({ userId, title: options.title ?? "Harbor Sessions", artistName: "Harbor Loomer", genre: "alt", language: "en", explicit: 0, coverArtId, status: options.status ?? 0, submittedAt: options.submittedAt ?? new Date() })
    .returning();
  await db.insert(releaseSongs).values({ releaseId: release.id, songId, position: 1 });
  return { release, userId, songId };
}

export async function staff(db: Db, roles: Role[] = ["distro_ops_coordinator"]) {
  const user = await createUser(db, { isAdmin: true, roles });
  const { cookie } = await createSession(db, user.id);
  return { user, cookie };
}
