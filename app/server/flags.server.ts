// Feature flags (spec 3 §3, §6): rows in `feature_flags`, switched by admins at run time. FEATURE_FLAGS
// lists the flags the code knows, with the state a fresh install starts in; drizzle/seed/access.ts
// inserts them without touching the state of flags that already exist.
import { asc, eq } from "drizzle-orm";
import { featureFlags, type FeatureFlag } from "../../drizzle/schema/access";
import { announceCacheChange, onCacheChange } from "./cache-bus.server";
import { db, getConnection, type Db, type Tx } from "./db.server";

export const FEATURE_FLAGS = {
  enable_monthly_release_limit: {
    description: "Limits how many releases a user may submit each month (by membership).",
    // On: the limit is part of the plans people pay for.
    defaultActive: true,
  },
  enable_kyc_verification_service: {
    description: "Offers identity verification (/verification) before withdrawals.",
    // Off until an identity verification provider is configured.
    defaultActive: false,
  },
  terms_of_use_enforce_for_all_users: {
    description: "Asks every signed-in user to accept the current terms of use before continuing.",
    // Off: turned on when a new version of the terms is published and must be accepted.
    defaultActive: false,
  },
  enable_song_fetch: {
    description: "Lets pages fetch songs (library, editor, share pages).",
    defaultActive: true,
  },
  enable_syllable_count_ui: {
    description: "Shows syllable counts next to lyric lines in the lyrics editor.",
    defaultActive: true,
  },
  show_advert_banner: {
    description: "Shows the promotional banner: on Home after the first scroll, elsewhere at most 5 times.",
    defaultActive: true,
  },
} as const satisfies Record<string, { description: string; defaultActive: boolean }>;

export type FlagKey = keyof typeof FEATURE_FLAGS;

export const FLAG_KEYS = Object.keys(FEATURE_FLAGS) as FlagKey[];

/**
 * Every page asks for the flags, and they change a few times a year: the active keys are kept in memory
 * for FLAG_CACHE_MS. A change is announced to every process (cache-bus.server.ts, PostgreSQL NOTIFY), which
 * drops its copy at once; FLAG_CACHE_MS bounds the staleness if a notification is lost.
 */
export const FLAG_CACHE_MS = 5_000;

// Per connection, because tests point `db` at fresh databases within one process.
const activeFlagCache = new WeakMap<object, { readAt: number; keys: Promise<string[]> }>();

/**
 * False for unknown keys, so a page gated on a flag nobody created stays closed. Inside a transaction pass
 * its `tx`: a cache miss then reads through it.
 */
export async function isFlagActive(key: string, database: Db | Tx = db): Promise<boolean> {
  return (await getActiveFlags(database)).includes(key);
}

/** Keys of the flags that are on (GET /feature_flags), sorted. */
export function getActiveFlags(database: Db | Tx = db): Promise<string[]> {
  const connection = getConnection();
  const cached = activeFlagCache.get(connection);
  if (cached && Date.now() - cached.readAt < FLAG_CACHE_MS) return cached.keys;
  const keys = database
    .select({ key: featureFlags.key })
    .from(featureFlags)
    .where(eq(featureFlags.active, true))
    .orderBy(asc(featureFlags.key))
    .then((rows) => rows.map((row) => row.key));
  const entry = { readAt: Date.now(), keys };
  activeFlagCache.set(connection, entry);
  // A failed read is not remembered.
  keys.catch(() => {
    if (activeFlagCache.get(connection) === entry) activeFlagCache.delete(connection);
  });
  return keys;
}

export async function listFlags(): Promise<FeatureFlag[]> {
  return db.select().from(featureFlags).orderBy(asc(featureFlags.key));
}

/** Drops this process's copy of the active flags. */
export function clearFlagCache(): void {
  activeFlagCache.delete(getConnection());
}
onCacheChange("flags", clearFlagCache);

/** After a flag change has committed: every process drops its copy. */
export function announceFlagChange(database: Db = db): Promise<void> {
  return announceCacheChange("flags", database);
}

/** Switches a flag; returns false when no flag has that key. */
export async function setFlag(key: string, active: boolean): Promise<boolean> {
  const updated = await db
    .update(featureFlags)
    .set({ active })
    .where(eq(featureFlags.key, key))
    .returning({ id: featureFlags.id });
  await announceFlagChange();
  return updated.length > 0;
}
