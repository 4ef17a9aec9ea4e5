// Demo accounts for trying every kind of user (spec 3 §6): a verified and an unverified regular user,
// an admin without a role, and one admin per role. All share DEMO_PASSWORD. Idempotent: existing demo
// users keep their data; missing ones (and missing roles) are added. Never seeded in production, where
// a published password on an admin account would be a way in.
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../app/server/db.server";
import { env } from "../../app/server/env.server";
import { hashPassword } from "../../app/server/password.server";
import { ROLES, type Role } from "../../app/server/permissions.server";
import { userRoles } from "../schema/access";
import { identities, users } from "../schema/auth";

export const DEMO_PASSWORD = "songloom-demo";

export interface DemoUser {
  email: string;
  displayName: string;
  kind: string;
  verified: boolean;
  isAdmin: boolean;
  role: Role | null;
}

export const DEMO_USERS: readonly DemoUser[] = [
  { email: "demo-user@songloom.test", displayName: "Demo User", kind: "verified user", verified: true, isAdmin: false, role: null },
  { email: "demo-unverified@songloom.test", displayName: "Demo Unverified", kind: "unverified user", verified: false, isAdmin: false, role: null },
  { email: "demo-admin@songloom.test", displayName: "Demo Admin", kind: "admin, no role", verified: true, isAdmin: true, role: null },
  ...ROLES.map((role) => ({
    email: `demo-${role.replace(/_/g, "-")}@songloom.test`,
    displayName: `Demo ${role.replace(/_/g, " ")}`,
    kind: `admin: ${role}`,
    verified: true,
    isAdmin: true,
    role,
  })),
];

export async function seed(db: Db): Promise<void> {
  if (env.NODE_ENV === "production") return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    for (const demo of DEMO_USERS) {
      await tx
        .insert(users)
        .values({
          email: demo.email,
          displayName: demo.displayName,
          isAdmin: demo.isAdmin,
          emailVerifiedAt: demo.verified ? sql`now()` : null,
        })
        .onConflictDoNothing({ target: users.email });
      const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, demo.email));
      await tx
        .insert(identities)
        .values({ userId: user.id, provider: "email", providerUserId: demo.email, passwordHash })
        .onConflictDoNothing();
      if (demo.role) await tx.insert(userRoles).values({ userId: user.id, roleId: demo.role }).onConflictDoNothing();
    }
  });
  if (env.NODE_ENV !== "test") printDemoUsers();
}

export function printDemoUsers(): void {
  console.info(`Demo users (password "${DEMO_PASSWORD}"):`);
  console.table(DEMO_USERS.map(({ email, kind }) => ({ email, kind })));
}
