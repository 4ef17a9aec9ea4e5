// The review lock (spec 3 §2 "another admin reviewing a release blocks actions by others"; §7 POST and
// DELETE /admin/user/{id}/releases/review). One lock per user whose releases are under review. Taking it
// is one INSERT … ON CONFLICT that only overwrites a lapsed lock or the same admin's own, so two admins
// racing for it cannot both get it: the second waits for the first's row and then finds it held. Every
// review action takes (or renews) the lock inside its own transaction, so the check and the action
// commit together; an abandoned lock lapses after REVIEW_LOCK_MINUTES.
import { and, eq, sql } from "drizzle-orm";
import { users } from "#drizzle/schema/auth";
import { releaseReviewLocks } from "#drizzle/schema/review";
import type { Db, Tx } from "~/server/db.server";
import { ApiError } from "~/server/http.server";

import { REVIEW_LOCK_MINUTES } from "./labels";

export { REVIEW_LOCK_MINUTES, REVIEW_LOCK_RENEW_SECONDS } from "./labels";

export interface LockView {
  userId: string;
  adminId: string;
  adminEmail: string;
  expiresAt: string;
}

export class ReviewLockedError extends ApiError {
  constructor(public readonly holder: LockView) {
    super(423, "review_locked", `${holder.adminEmail} is reviewing this user's releases. Try again when they are done (their lock lapses at ${holder.expiresAt.slice(11, 16)} UTC).`);
  }
}

/** The live lock on `userId`'s releases, or null when none (or it lapsed). */
export async function currentLock(database: Db | Tx, userId: string): Promise<LockView | null> {
  const [row] = await database
    .select({ userId: releaseReviewLocks.userId, adminId: releaseReviewLocks.adminId, adminEmail: users.email, expiresAt: releaseReviewLocks.expiresAt })
    .from(releaseReviewLocks)
    .innerJoin(users, eq(users.id, releaseReviewLocks.adminId))
    .where(and(eq(releaseReviewLocks.userId, userId), sql`${releaseReviewLocks.expiresAt} > now()`));
  return row ? { ...row, expiresAt: row.expiresAt.toISOString() } : null;
}

/**
 * Takes or renews the lock for `adminId`. Throws ReviewLockedError (423) naming the holder when another
 * admin has it. Use inside the action's transaction so nobody can take it between check and action.
 */
export async function takeReviewLock(database: Db | Tx, userId: string, adminId: string): Promise<LockView> {
  const taken = await database
    .insert(releaseReviewLocks)
    .values({ userId, adminId, expiresAt: sql`now() + make_interval(mins => ${REVIEW_LOCK_MINUTES})`, createdAt: sql`now()` })
    .onConflictDoUpdate({
      target: releaseReviewLocks.userId,
      set: {
        adminId,
        expiresAt: sql`now() + make_interval(mins => ${REVIEW_LOCK_MINUTES})`,
        // A renewal keeps when the review began; a lapsed lock taken over starts anew.
        createdAt: sql`case when ${releaseReviewLocks.adminId} = ${adminId} then ${releaseReviewLocks.createdAt} else now() end`,
      },
      setWhere: sql`${releaseReviewLocks.adminId} = ${adminId} or ${releaseReviewLocks.expiresAt} <= now()`,
    })
    .returning({ userId: releaseReviewLocks.userId });
  if (taken.length === 0) {
    const holder = await currentLock(database, userId);
    // The holder's lock lapsed between the two statements: try once more.
    if (!holder) return takeReviewLock(database, userId, adminId);
    throw new ReviewLockedError(holder);
  }
  const lock = await currentLock(database, userId);
  return lock!;
}

/** Lets go of the lock if `adminId` holds it; true when there was one to release. */
export async function releaseReviewLock(database: Db | Tx, userId: string, adminId: string): Promise<boolean> {
  const gone = await database
    .delete(releaseReviewLocks)
    .where(and(eq(releaseReviewLocks.userId, userId), eq(releaseReviewLocks.adminId, adminId)))
    .returning({ userId: releaseReviewLocks.userId });
  return gone.length > 0;
}

/** Every live lock, newest first (GET /api/admin/releases/review/user: who reviews whom). */
export async function listReviewLocks(database: Db | Tx): Promise<LockView[]> {
  const rows = await database
    .select({ userId: releaseReviewLocks.userId, adminId: releaseReviewLocks.adminId, adminEmail: users.email, expiresAt: releaseReviewLocks.expiresAt })
    .from(releaseReviewLocks)
    .innerJoin(users, eq(users.id, releaseReviewLocks.adminId))
    .where(sql`${releaseReviewLocks.expiresAt} > now()`)
    .orderBy(sql`${releaseReviewLocks.createdAt} desc`)
    .limit(200);
  return rows.map((row) => ({ ...row, expiresAt: row.expiresAt.toISOString() }));
}
