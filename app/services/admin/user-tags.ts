// Staff tags on users (spec 3 §7 "tags (GET, POST with tag_id, DELETE, bulk POST with tag_id and user_ids)").
// These are a list of their own (user_tags), not the song tags of the library and /tag/{id}.
import { and, asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { userTagAssignments, userTags } from "#drizzle/schema/admin";
import type { Db, Tx } from "~/server/db.server";
import { recordAdminAction } from "./audit";
import { AdminActionError } from "./errors";

export const UserTagNameSchema = z
  .string({ message: "Enter a tag." })
  .trim()
  .toLowerCase()
  .min(1, { message: "Enter a tag." })
  .max(40, { message: "Use at most 40 characters." })
  .regex(/^[a-z0-9][a-z0-9 _-]*$/, { message: "Use letters, digits, spaces, - and _." });

export function listUserTagNames(db: Db | Tx) {
  return db.select({ id: userTags.id, name: userTags.name }).from(userTags).orderBy(asc(userTags.name));
}

/** The tag with this name, created if new. */
export async function ensureUserTag(tx: Db | Tx, name: string): Promise<{ id: string; name: string }> {
  await tx.insert(userTags).values({ name }).onConflictDoNothing({ target: userTags.name });
  const [tag] = await tx.select({ id: userTags.id, name: userTags.name }).from(userTags).where(eq(userTags.name, name));
  return tag;
}

export async function findUserTag(db: Db | Tx, tagId: string) {
  const [tag] = await db.select({ id: userTags.id, name: userTags.name }).from(userTags).where(eq(userTags.id, tagId));
  return tag ?? null;
}

export function tagsOfUser(db: Db | Tx, userId: string) {
  return db
    .select({ id: userTags.id, name: userTags.name, createdAt: userTagAssignments.createdAt })
    .from(userTagAssignments)
    .innerJoin(userTags, eq(userTags.id, userTagAssignments.tagId))
    .where(eq(userTagAssignments.userId, userId))
    .orderBy(asc(userTags.name));
}

/** Tags the users (one or many); already tagged users are left as they are. */
export async function tagUsers(tx: Db | Tx, userIds: string[], tagId: string, actorId: string | null): Promise<void> {
  const tag = await findUserTag(tx, tagId);
  if (!tag) throw new AdminActionError(404, "not_found", "No such tag.");
  const added = await tx
    .insert(userTagAssignments)
    .values(userIds.map((userId) => ({ userId, tagId, createdBy: actorId })))
    .onConflictDoNothing()
    .returning({ userId: userTagAssignments.userId });
  for (const { userId } of added) {
    await recordAdminAction(tx, { actorId, action: "tag_added", targetType: "user", targetId: userId, before: null, after: { tag: tag.name } });
  }
}

export async function untagUser(tx: Db | Tx, userId: string, tagId: string, actorId: string | null): Promise<void> {
  const removed = await tx
    .delete(userTagAssignments)
    .where(and(eq(userTagAssignments.userId, userId), eq(userTagAssignments.tagId, tagId)))
    .returning({ tagId: userTagAssignments.tagId });
  if (removed.length === 0) return;
  const tag = await findUserTag(tx, tagId);
  await recordAdminAction(tx, { actorId, action: "tag_removed", targetType: "user", targetId: userId, before: { tag: tag?.name ?? tagId }, after: null });
}

/** Tag names per user, for lists. */
export async function tagNamesByUser(db: Db | Tx, userIds: string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>();
  if (userIds.length === 0) return map;
  const rows = await db
    .select({ userId: userTagAssignments.userId, name: userTags.name })
    .from(userTagAssignments)
    .innerJoin(userTags, eq(userTags.id, userTagAssignments.tagId))
    .where(inArray(userTagAssignments.userId, userIds))
    .orderBy(asc(userTags.name));
  for (const row of rows) map.set(row.userId, [...(map.get(row.userId) ?? []), row.name]);
  return map;
}
