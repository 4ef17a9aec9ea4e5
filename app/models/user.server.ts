// Users, their identities and their event log: small typed queries. Workflows that combine these with
// tokens, email and sessions live in app/services/account/workflows.server.ts.
import { and, eq, sql } from "drizzle-orm";
import { userRoles } from "../../drizzle/schema/access";
import { identities, userEvents, users, type User } from "../../drizzle/schema/auth";
import { db, driverRows, type Db, type Tx } from "~/server/db.server";
import type { Role } from "~/server/permissions.server";
import { pageVersionSql } from "~/server/user-page-version.server";

export type AccountStatus = User["accountStatus"];
export type SocialProvider = "google" | "facebook" | "apple";

/** What every page and guard knows about the signed-in user. Loaded once per request from the session. */
export interface SessionUser {
  id: string;
  email: string;
  displayName: string;
  /** The address was confirmed through the emailed link. */
  emailVerified: boolean;
  /** May open verified-only pages: email verified, or signed in through Google, Facebook or Apple. */
  verified: boolean;
  isAdmin: boolean;
  roles: string[];
  permissions: string[];
  accountStatus: AccountStatus;
  termsOfUseStatus: User["termsOfUseStatus"];
}

export interface SessionLookup {
  user: SessionUser;
  sessionId: string;
  deviceId: string | null;
  deviceBanned: boolean;
  /** When this session passed the staff second factor (null: never). */
  secondFactorAt: Date | null;
  /** With `withPageVersion`: the version of the user's own pages. */
  pageVersion: string | null;
}

/**
 * The session lookup runs on every request: one statement on the driver itself (driverRows), prepared once
 * per connection, since drizzle's query building and mapping cost more CPU than the lookup itself on the
 * path that serves cached pages.
 */
const sessionUserSql = (extraColumns: string) => `select
    s.id as "sessionId", s.device_id as "deviceId", coalesce(d.banned, false) as "deviceBanned",
    s.second_factor_at as "secondFactorAt",
    u.id, u.email, u.display_name as "displayName", u.email_verified_at as "emailVerifiedAt",
    u.is_admin as "isAdmin", u.account_status::text as "accountStatus", u.terms_of_use_status::text as "termsOfUseStatus",
    exists (select 1 from identities i where i.user_id = u.id and i.provider <> 'email') as "hasSocialIdentity",
    array(select r.role_id from user_roles r where r.user_id = u.id order by 1) as roles,
    array(select distinct p.permission_id from role_permissions p join user_roles r on r.role_id = p.role_id where r.user_id = u.id order by 1) as permissions
    ${extraColumns}
  from sessions s
  join users u on u.id = s.user_id
  left join devices d on d.id = s.device_id
  where s.id = $1 and s.expires_at > now()`;
const SESSION_USER = sessionUserSql("");
const SESSION_USER_AND_PAGE_VERSION = sessionUserSql(`, ${pageVersionSql("u.id")} as "pageVersion"`);

interface SessionUserRow extends Record<string, unknown> {
  sessionId: string;
  deviceId: string | null;
  deviceBanned: boolean;
  secondFactorAt: Date | string | null;
  id: string;
  email: string;
  displayName: string;
  emailVerifiedAt: Date | string | null;
  isAdmin: boolean;
  accountStatus: AccountStatus;
  termsOfUseStatus: User["termsOfUseStatus"];
  hasSocialIdentity: boolean;
  roles: string[];
  permissions: string[];
  pageVersion?: string;
}

/**
 * The live (unexpired) session with its user and device, in one query; `withPageVersion` adds the version
 * of the user's own pages (user-page-version.server.ts), for the per-user page cache.
 */
export async function findSessionUser(sessionId: string, { withPageVersion = false } = {}): Promise<SessionLookup | null> {
  const [row] = await driverRows<SessionUserRow>("The session lookup", withPageVersion ? SESSION_USER_AND_PAGE_VERSION : SESSION_USER, [sessionId]);
  if (!row) return null;
  const emailVerified = row.emailVerifiedAt !== null;
  return {
    sessionId: row.sessionId,
    deviceId: row.deviceId,
    deviceBanned: row.deviceBanned,
    secondFactorAt: row.secondFactorAt === null ? null : new Date(row.secondFactorAt),
    pageVersion: row.pageVersion ?? null,
    user: {
      id: row.id,
      email: row.email,
      displayName: row.displayName,
      emailVerified,
      verified: emailVerified || row.hasSocialIdentity,
      isAdmin: row.isAdmin,
      roles: row.roles,
      permissions: row.permissions,
      accountStatus: row.accountStatus,
      termsOfUseStatus: row.termsOfUseStatus,
    },
  };
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(email: string): Promise<User | null> {
  const [user] = await db.select().from(users).where(eq(users.email, normalizeEmail(email)));
  return user ?? null;
}

export async function findUserById(id: string): Promise<User | null> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user ?? null;
}

/** The user and password hash behind an email identity, for sign-in. */
export async function findEmailIdentity(email: string): Promise<{ user: User; passwordHash: string | null } | null> {
  const [row] = await db
    .select({ user: users, passwordHash: identities.passwordHash })
    .from(identities)
    .innerJoin(users, eq(users.id, identities.userId))
    .where(and(eq(identities.provider, "email"), eq(identities.providerUserId, normalizeEmail(email))));
  return row ?? null;
}

export class EmailTakenError extends Error {
  constructor() {
    super("An account with this email already exists.");
  }
}

/** Creates a user with an email identity. Throws EmailTakenError when the address is in use. */
export async function createEmailUser(
  tx: Db | Tx,
  input: { email: string; displayName: string; passwordHash: string },
): Promise<User> {
  const email = normalizeEmail(input.email);
  const [user] = await tx
    .insert(users)
    .values({ email, displayName: input.displayName })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (!user) throw new EmailTakenError();
  await tx.insert(identities).values({ userId: user.id, provider: "email", providerUserId: email, passwordHash: input.passwordHash });
  return user;
}

export interface SocialProfile {
  provider: SocialProvider;
  providerUserId: string;
  email: string;
  displayName: string;
  /** The provider vouches that the person controls this address. */
  emailVerified: boolean;
}

/**
 * The user behind a social sign-in: by provider id first, then by email (linking the identity), else a
 * new user. Linking by email only happens when the provider vouches for the address; when the existing
 * account's address was never verified, its password is dropped, because whoever set it may not own the
 * inbox (the pre-registration takeover).
 */
export async function findOrCreateSocialUser(profile: SocialProfile): Promise<User> {
  return db.transaction(async (tx) => {
    const [linked] = await tx
      .select({ user: users })
      .from(identities)
      .innerJoin(users, eq(users.id, identities.userId))
      .where(and(eq(identities.provider, profile.provider), eq(identities.providerUserId, profile.providerUserId)));
    if (linked) return linked.user;

    const email = normalizeEmail(profile.email);
    const [existing] = await tx.select().from(users).where(eq(users.email, email));
    if (existing && !profile.emailVerified) throw new SocialEmailUnverifiedError();
    const user =
      existing ??
      (await tx.insert(users).values({ email, displayName: profile.displayName || email.split("@")[0] }).returning())[0];
    if (existing && existing.emailVerifiedAt === null) {
      await tx.delete(identities).where(and(eq(identities.userId, existing.id), eq(identities.provider, "email")));
    }
    await tx
      .insert(identities)
      .values({ userId: user.id, provider: profile.provider, providerUserId: profile.providerUserId })
      .onConflictDoUpdate({ target: [identities.userId, identities.provider], set: { providerUserId: profile.providerUserId } });
    if (profile.emailVerified) await markEmailVerified(tx, user.id);
    await recordUserEvent(tx, user.id, existing ? "identity_linked" : "signed_up", { provider: profile.provider });
    return user;
  });
}

export class SocialEmailUnverifiedError extends Error {
  constructor() {
    super("An account with this email already exists. Sign in with your password to continue.");
  }
}

export async function markEmailVerified(tx: Db | Tx, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(eq(users.id, userId));
}

/** Sets the password, creating the email identity for a social-only account. */
export async function setPassword(tx: Db | Tx, user: Pick<User, "id" | "email">, passwordHash: string): Promise<void> {
  await tx
    .insert(identities)
    .values({ userId: user.id, provider: "email", providerUserId: user.email, passwordHash })
    .onConflictDoUpdate({ target: [identities.userId, identities.provider], set: { passwordHash } });
}

export async function recordUserEvent(tx: Db | Tx, userId: string, type: string, data: Record<string, unknown> = {}): Promise<void> {
  await tx.insert(userEvents).values({ userId, type, data });
}

export async function grantRole(tx: Db | Tx, userId: string, role: Role): Promise<void> {
  await tx.insert(userRoles).values({ userId, roleId: role }).onConflictDoNothing();
}

export async function revokeRole(tx: Db | Tx, userId: string, role: Role): Promise<void> {
  await tx.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.roleId, role)));
}
