// Roles, permissions and their grants (spec 3 §6), feature flags and the first terms. Idempotent.
// Grants are synced to ROLE_PERMISSIONS exactly on every run: the code is the source of the matrix, and
// the rows exist so the running app (and SQL reports) read grants from the database. Flags keep whatever
// state admins switched them to; only missing flags are created, with their default state.
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../app/server/db.server";
import { FEATURE_FLAGS, FLAG_KEYS } from "../../app/server/flags.server";
import {
  PERMISSION_DESCRIPTIONS,
  PERMISSIONS,
  ROLE_NAMES,
  ROLE_PERMISSIONS,
  ROLES,
} from "../../app/server/permissions.server";
import { publishTerms, getCurrentTerms, TERMS_TYPES, type TermsType } from "../../app/server/terms.server";
import { featureFlags, permissions, rolePermissions, roles } from "../schema/access";

const FIRST_TERMS: Record<TermsType, string> = {
  terms_of_use: [
    "Songloom Terms of Use",
    "You may use the songs you create with Songloom for personal and commercial purposes as your membership allows.",
    "You must not upload, release or claim music you do not have the rights to, impersonate other artists, or manipulate streams.",
    "We may suspend accounts and devices used for abuse. Royalties earned through abuse are withheld.",
  ].join("\n\n"),
  privacy_policy: [
    "Songloom Privacy Policy",
    "We keep your email address, your songs and releases, and the devices you sign in from, to run the service and prevent abuse.",
    "We never sell your personal data.",
  ].join("\n\n"),
};

export async function seed(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(permissions)
      .values(PERMISSIONS.map((id) => ({ id, description: PERMISSION_DESCRIPTIONS[id] })))
      .onConflictDoUpdate({ target: permissions.id, set: { description: sql`excluded.description` } });
    await tx
      .insert(roles)
      .values(ROLES.map((id) => ({ id, name: ROLE_NAMES[id] })))
      .onConflictDoUpdate({ target: roles.id, set: { name: sql`excluded.name` } });
    await tx.delete(rolePermissions).where(inArray(rolePermissions.roleId, [...ROLES]));
    const grants = ROLES.flatMap((roleId) => ROLE_PERMISSIONS[roleId].map((permissionId) => ({ roleId, permissionId })));
    await tx.insert(rolePermissions).values(grants);

    await tx
      .insert(featureFlags)
      .values(FLAG_KEYS.map((key) => ({ key, description: FEATURE_FLAGS[key].description, active: FEATURE_FLAGS[key].defaultActive })))
      .onConflictDoUpdate({ target: featureFlags.key, set: { description: sql`excluded.description` } });

    for (const type of TERMS_TYPES) {
      if (!(await getCurrentTerms(type, tx))) await publishTerms(tx, type, FIRST_TERMS[type]);
    }
  });
}
