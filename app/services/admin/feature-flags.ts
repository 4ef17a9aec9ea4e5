// Feature flags for staff (spec 3 §3, §6): the list, and switching one (feature flag admin), audited.
// Every process drops its copy of the flags when the change commits (a NOTIFY, app/server/cache-bus.server.ts);
// FLAG_CACHE_MS bounds the staleness if a notification is lost.
import { asc, eq } from "drizzle-orm";
import { featureFlags } from "#drizzle/schema/access";
import type { Db } from "~/server/db.server";
import { announceFlagChange } from "~/server/flags.server";
import { recordAdminAction } from "./audit";
import { AdminActionError } from "./errors";

export function listFeatureFlags(db: Db) {
  return db
    .select({ id: featureFlags.id, key: featureFlags.key, description: featureFlags.description, active: featureFlags.active, updatedAt: featureFlags.updatedAt })
    .from(featureFlags)
    .orderBy(asc(featureFlags.key));
}

export async function switchFeatureFlag(db: Db, key: string, active: boolean, actorId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [flag] = await tx.select().from(featureFlags).where(eq(featureFlags.key, key));
    if (!flag) throw new AdminActionError(404, "not_found", "No such feature flag.");
    if (flag.active === active) return;
    await tx.update(featureFlags).set({ active }).where(eq(featureFlags.key, key));
    await recordAdminAction(tx, { actorId, action: active ? "feature_flag_enabled" : "feature_flag_disabled", targetType: "feature_flag", targetId: key, before: { active: flag.active }, after: { active } });
  });
  // After the commit: a process that re-read the flags before it would keep the old state.
  await announceFlagChange(db);
}
