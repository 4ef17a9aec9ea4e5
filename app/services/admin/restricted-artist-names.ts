// Restricted artist names for staff (/admin/restricted_artist_names, /api/admin/restricted_artist_names;
// spec 3 §7 "get, bulk delete (ids), put (artistNames), settings get and put"). The release form's artist
// check (app/services/releases/artist-names.ts) reads the same rows and the settings row. Bulk delete is a
// confirmed action (spec 3 §2): it runs only with a token issued for exactly these ids. Every change is audited.
import { asc, count, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { restrictedArtistNames, restrictedArtistNameSettings } from "#drizzle/schema/releases";
import { artistNameKey } from "~/content/restricted-artist-names";
import type { Db, Tx } from "~/server/db.server";
import { restrictedNameMaxDistance } from "~/services/releases/artist-names";
import { recordAdminAction } from "./audit";
import { consumeConfirmation, issueConfirmation } from "./confirmations";
import { AdminActionError } from "./errors";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from "./user-lookup";

export const RESTRICTED_NAMES_DELETE = "restricted_artist_names.delete" as const;
export const MAX_NAMES_AT_ONCE = 500;
export const MAX_DISTANCE_LIMIT = 3;

const pageMessage = "The page is a whole number from 1.";
/** Spec 3 §2 paging: page and itemsPerPage in the query string, 10/25/50, default 25. */
export const RestrictedNamesPageSchema = z.object({
  page: z.coerce.number({ message: pageMessage }).int({ message: pageMessage }).min(1, { message: pageMessage }).default(1),
  itemsPerPage: z.coerce
    .number()
    .refine((value) => (PAGE_SIZES as readonly number[]).includes(value), { message: "Show 10, 25 or 50 per page." })
    .default(DEFAULT_PAGE_SIZE),
});

const NameSchema = z
  .string()
  .transform((name) => name.replace(/\s+/g, " ").trim())
  .pipe(z.string().min(1).max(120, { message: "Each name is at most 120 characters." }).regex(/^[^\u0000-\u001f]*$/, { message: "A name contains a character that is not allowed." }));

export const ArtistNamesSchema = z
  .array(NameSchema)
  .min(1, { message: "Enter at least one name." })
  .max(MAX_NAMES_AT_ONCE, { message: `Add at most ${MAX_NAMES_AT_ONCE} names at once.` });

export const RestrictedKindSchema = z.enum(["artist", "generic"], { message: "Choose a well-known artist or a generic word." });

export const RestrictedIdsSchema = z
  .array(z.string().trim().min(1).max(64))
  .min(1, { message: "Choose at least one name." })
  .max(MAX_NAMES_AT_ONCE, { message: `Choose at most ${MAX_NAMES_AT_ONCE} names.` })
  .transform((ids) => [...new Set(ids)].sort());

export const RestrictedSettingsSchema = z.object({
  maxDistance: z.coerce
    .number({ message: `Enter a whole number from 0 to ${MAX_DISTANCE_LIMIT}.` })
    .int({ message: `Enter a whole number from 0 to ${MAX_DISTANCE_LIMIT}.` })
    .min(0, { message: `Enter a whole number from 0 to ${MAX_DISTANCE_LIMIT}.` })
    .max(MAX_DISTANCE_LIMIT, { message: `Enter a whole number from 0 to ${MAX_DISTANCE_LIMIT}.` }),
});

export async function listRestrictedNames(db: Db | Tx, query: z.output<typeof RestrictedNamesPageSchema>) {
  const [{ total }] = await db.select({ total: count() }).from(restrictedArtistNames);
  const names = await db
    .select({ id: restrictedArtistNames.id, name: restrictedArtistNames.name, kind: restrictedArtistNames.kind, createdAt: restrictedArtistNames.createdAt })
    .from(restrictedArtistNames)
    .orderBy(asc(restrictedArtistNames.key))
    .limit(query.itemsPerPage)
    .offset((query.page - 1) * query.itemsPerPage);
  return { names, page: query.page, itemsPerPage: query.itemsPerPage, total };
}

/** Adds the names (one per distinct key); names already on the list are left as they are. */
export async function addRestrictedNames(db: Db, names: string[], kind: "artist" | "generic", actorId: string): Promise<{ added: number; alreadyListed: number }> {
  // The first spelling of a name given twice is the one listed.
  const byKey = new Map<string, string>();
  for (const name of names) if (!byKey.has(artistNameKey(name))) byKey.set(artistNameKey(name), name);
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(restrictedArtistNames)
      .values([...byKey].map(([key, name]) => ({ key, name, kind })))
      .onConflictDoNothing({ target: restrictedArtistNames.key })
      .returning({ id: restrictedArtistNames.id, name: restrictedArtistNames.name });
    if (inserted.length > 0) {
      await recordAdminAction(tx, { actorId, action: "restricted_artist_names_added", targetType: "restricted_artist_names", targetId: inserted.map((row) => row.id).join(",").slice(0, 2000), after: { kind, names: inserted.map((row) => row.name) } });
    }
    return { added: inserted.length, alreadyListed: byKey.size - inserted.length };
  });
}

async function namesFor(database: Db | Tx, ids: string[]) {
  const found = await database.select({ id: restrictedArtistNames.id, name: restrictedArtistNames.name }).from(restrictedArtistNames).where(inArray(restrictedArtistNames.id, ids));
  if (found.length !== ids.length) throw new AdminActionError(404, "not_found", "One or more of these names are no longer on the list.");
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

/** Step one of the bulk delete: what will be deleted, and the token that lets it happen. */
export async function prepareRestrictedNamesDelete(db: Db, actorId: string, ids: string[]) {
  const names = await namesFor(db, ids);
  const { token, expiresAt } = await issueConfirmation(db, { actorId, action: RESTRICTED_NAMES_DELETE, targets: ids, params: {} });
  return { token, expiresAt, ids, names };
}

/** Step two: deletes exactly the confirmed ids with the token from step one (428 without it). */
export async function deleteRestrictedNames(db: Db, actorId: string, ids: string[], token: string | null | undefined): Promise<number> {
  return db.transaction(async (tx) => {
    const names = await namesFor(tx, ids);
    await consumeConfirmation(tx, token, { actorId, action: RESTRICTED_NAMES_DELETE, targets: ids, params: {} });
    await tx.delete(restrictedArtistNames).where(inArray(restrictedArtistNames.id, ids));
    await recordAdminAction(tx, { actorId, action: "restricted_artist_names_deleted", targetType: "restricted_artist_names", targetId: ids.join(",").slice(0, 2000), before: { names: names.map((row) => row.name) } });
    return names.length;
  });
}

export async function getRestrictedNameSettings(db: Db | Tx) {
  return { maxDistance: await restrictedNameMaxDistance(db) };
}

export async function updateRestrictedNameSettings(db: Db, settings: z.output<typeof RestrictedSettingsSchema>, actorId: string) {
  return db.transaction(async (tx) => {
    const before = await getRestrictedNameSettings(tx);
    await tx
      .insert(restrictedArtistNameSettings)
      .values({ id: 1, maxDistance: settings.maxDistance })
      .onConflictDoUpdate({ target: restrictedArtistNameSettings.id, set: { maxDistance: settings.maxDistance, updatedAt: sql`now()` } });
    await recordAdminAction(tx, { actorId, action: "restricted_artist_names_settings", targetType: "restricted_artist_name_settings", targetId: "1", before, after: settings });
    return settings;
  });
}

