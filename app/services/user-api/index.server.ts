// What GET /api/user and GET /api/user/statuses answer (spec 3 §3 User, §7): the signed-in user's own
// fields, gathered from accounts, billing, releases, the library and identity verification.
import { and, count, eq, isNull } from "drizzle-orm";
import { users } from "../../../drizzle/schema/auth";
import { releases } from "../../../drizzle/schema/releases";
import type { SessionUser } from "~/models/user.server";
import { db } from "~/server/db.server";
import { getUserPlan } from "~/server/plans.server";
import { findCustomer } from "~/services/billing/customers.server";
import { membershipLevel } from "~/services/billing/membership-level";
import { verificationOf } from "~/services/identity";
import { hasAccessToLabs } from "~/services/labs/index.server";
import { getReleaseLimits } from "~/services/releases/index.server";
import { numOwnershipCredits } from "~/services/song-ownership";

/** Spec 3 §3 Statuses: the account's, the withdrawal account's, sign-in's and distribution's (the release label). */
export interface UserStatuses {
  account: "ACTIVE" | "BANNED" | "FROZEN" | "INACTIVE";
  withdrawal: "ACTIVE" | "INACTIVE" | "FROZEN";
  /** Sign-in: BANNED while the account is banned. */
  auth: "ACTIVE" | "BANNED";
  /** The distribution tier; SHADOWBAN rejects every submission. */
  distribution: string;
}

export async function userStatuses(userId: string): Promise<UserStatuses> {
  const [row] = await db
    .select({ account: users.accountStatus, withdrawal: users.withdrawalStatus, distribution: users.releaseLabel })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new Error(`No user ${userId}`);
  return { ...row, auth: row.account === "BANNED" ? "BANNED" : "ACTIVE" };
}

export async function userJson(user: SessionUser) {
  const [plan, customer, credits, verification, statuses, releaseLimits, labs, [albums]] = await Promise.all([
    getUserPlan(user),
    findCustomer(user.id),
    numOwnershipCredits(user.id),
    verificationOf(user.id),
    userStatuses(user.id),
    getReleaseLimits(user),
    hasAccessToLabs(user.id),
    db
      .select({ n: count() })
      .from(releases)
      .where(and(eq(releases.userId, user.id), isNull(releases.archivedAt))),
  ]);
  return {
    id: user.id,
    email: user.email,
    displayName: user.displayName,
    admin: user.isAdmin,
    emailVerified: user.emailVerified,
    verified: user.verified,
    statuses,
    subscriptionProductId: plan.productId,
    membershipLevel: membershipLevel(plan.limits.features),
    features: plan.limits.features,
    customer: customer !== null,
    numOwnershipCredits: credits,
    numAlbums: albums?.n ?? 0,
    allowedReleases: releaseLimits.releaseLimit,
    allowedSongs: plan.limits.songLimit,
    limitEnforced: plan.limits.limitEnforced,
    termsOfUseStatus: user.termsOfUseStatus,
    verificationStatus: verification?.status ?? null,
    // Labs generations: staff grant access per user (app/services/labs).
    hasAccessToLabs: labs,
  };
}
