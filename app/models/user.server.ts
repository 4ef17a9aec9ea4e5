// Users, their identities and their event log: small typed queries. Workflows that combine these with
// tokens, email and sessions live in app/services/account/workflows.server.ts.
import { and, eq, sql } from "drizzle-orm";
import { rolePermissions, userRoles } from "../../drizzle/schema/access";
import { devices, identities, sessions, userEvents, users, type User } from "../../drizzle/schema/auth";
import { assertNoOpenTransaction, db, getConnection, type Db, type DbConnection, type Tx } from "~/server/db.server";
import type { Role } from "~/server/permissions.server";

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
}

/**
 * The session lookup runs on every request, so it is built and prepared once per database connection
 * rather than assembled again each time (it was a tenth of a cached page's CPU).
 */
const sessionUserQueries = new WeakMap<DbConnection, ReturnType<typeof prepareSessionUserQuery>>();

function sessionUserQuery() {
  // The prepared query runs on the connection itself, past `db`'s guard: check here too.
  assertNoOpenTransaction("The session lookup");
  const connection = getConnection();
  let query = sessionUserQueries.get(connection);
  if (!query) {
    query = prepareSessionUserQuery(connection.db);
    sessionUserQueries.set(connection, query);
  }
  return query;
}

function prepareSessionUserQuery(database: Db) {
  return database
    .select({
      sessionId: sessions.id,
      deviceId: sessions.deviceId,
      deviceBanned: sql<boolean>`coalesce(${devices.banned}, false)`,
      secondFactorAt: sessions.secondFactorAt,
      id: users.id,
      email: users.email,
      displayName: users.displayName,
      emailVerifiedAt: users.emailVerifiedAt,
      isAdmin: users.isAdmin,
      accountStatus: users.accountStatus,
      termsOfUseStatus: users.termsOfUseStatus,
      hasSocialIdentity: sql<boolean>`exists (select 1 from ${identities} where ${identities.userId} = ${users.id} and ${identities.provider} <> 'email')`,
      roles: sql<string[]>`array(select ${userRoles.roleId} from ${userRoles} where ${userRoles.userId} = ${users.id} order by 1)`,
      // Grants come from the role_permissions rows (seeded from ROLE_PERMISSIONS), so a later roles
      // admin page can change them without a deploy.
      permissions: sql<string[]>`array(select distinct ${rolePermissions.permissionId} from ${rolePermissions} join ${userRoles} on ${userRoles.roleId} = ${rolePermissions.roleId} where ${userRoles.userId} = ${users.id} order by 1)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(devices, eq(devices.id, sessions.deviceId))
    .where(and(eq(sessions.id, sql.placeholder("sessionId")), sql`${sessions.expiresAt} > now()`))
    .prepare("find_session_user");
}

/** The live (unexpired) session with its user and device, in one query. */
export async function findSessionUser(sessionId: string): Promise<SessionLookup | null> {
  const [row] = await sessionUserQuery().execute({ sessionId });
  if (!row) return null;
  const emailVerified = row.emailVerifiedAt !== null;
  return {
    sessionId: row.sessionId,
    deviceId: row.deviceId,
    deviceBanned: row.deviceBanned,
    secondFactorAt: row.secondFactorAt,
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
