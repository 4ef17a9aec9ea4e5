// Song tags for staff (/admin/tags, /api/admin/tags; spec 3 §7 "Tags CRUD with paging, default page 1,
// perPage 50"): the same `tags` rows the library and /tag/{id} use. Songs keep their tags as text and a
// trigger (migration 0007, songloom_song_tags_sync) keeps the rows and their usage in step with songs.tags,
// so a rename or delete here rewrites the songs' tags and lets the trigger move the counts. Audited.
import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { songs } from "#drizzle/schema/songs";
import { tags } from "#drizzle/schema/releases";
import type { Db, Tx } from "~/server/db.server";
import { recordAdminAction } from "./audit";
import { AdminActionError } from "./errors";

export const TAG_PAGE_SIZE = 50;

const whole = (label: string) => z.coerce.number({ message: `${label} is a whole number from 1.` }).int({ message: `${label} is a whole number from 1.` }).min(1, { message: `${label} is a whole number from 1.` });

/** page and perPage (the page also accepts itemsPerPage, as spec 3 §2's tables name it). */
export const TagPageSchema = z.object({
  page: whole("The page").default(1),
  perPage: whole("The page size").max(100, { message: "Show at most 100 per page." }).default(TAG_PAGE_SIZE),
});

/** The trigger's normal form: trimmed, runs of spaces as one. Its key is this, lower-cased. */
const tidy = (name: string) => name.replace(/\s+/g, " ").trim();
export const tagKey = (name: string) => tidy(name).toLowerCase();
/** The same key in SQL, for one element of songs.tags. */
const sqlKey = (element: ReturnType<typeof sql>) => sql`lower(regexp_replace(btrim(${element}), '\\s+', ' ', 'g'))`;

export const TagNameSchema = z.object({
  name: z
    .string({ message: "Enter the tag's name." })
    .transform(tidy)
    .pipe(
      z
        .string()
        .min(1, { message: "Enter the tag's name." })
        .max(60, { message: "Use at most 60 characters." })
        .regex(/^[^\u0000-\u001f,]*$/, { message: "A tag cannot contain commas or control characters." }),
    ),
});

export interface TagRow {
  id: string;
  name: string;
  usage: number;
  createdAt: Date;
}

export async function listTags(db: Db | Tx, query: z.output<typeof TagPageSchema>): Promise<{ tags: TagRow[]; page: number; perPage: number; total: number }> {
  const [{ total }] = await db.select({ total: count() }).from(tags);
  const rows = await db
    .select({ id: tags.id, name: tags.name, usage: tags.usage, createdAt: tags.createdAt })
    .from(tags)
    .orderBy(asc(tags.key))
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage);
  return { tags: rows, page: query.page, perPage: query.perPage, total };
}

async function refuseTaken(tx: Tx, key: string, exceptId?: string) {
  const [taken] = await tx
    .select({ id: tags.id })
    .from(tags)
    .where(exceptId ? and(eq(tags.key, key), ne(tags.id, exceptId)) : eq(tags.key, key));
  if (taken) throw new AdminActionError(409, "tag_exists", "A tag with this name already exists.");
}

async function findTag(tx: Tx, id: string) {
  const [tag] = await tx.select().from(tags).where(eq(tags.id, id)).for("update");
  if (!tag) throw new AdminActionError(404, "not_found", "No such tag.");
  return tag;
}

export async function createTag(db: Db, name: string, actorId: string): Promise<TagRow> {
  return db.transaction(async (tx) => {
    await refuseTaken(tx, tagKey(name));
    const [tag] = await tx.insert(tags).values({ name, key: tagKey(name), usage: 0 }).returning({ id: tags.id, name: tags.name, usage: tags.usage, createdAt: tags.createdAt });
    await recordAdminAction(tx, { actorId, action: "tag_created", targetType: "tag", targetId: tag.id, after: { name } });
    return tag;
  });
}

/**
 * Renames the tag and every song's copy of it. The row keeps its id (so /tag/{id} links still work): its
 * key changes first and usage restarts at 0, then the songs are rewritten and the trigger, seeing the new
 * key on each of them, counts them back onto this row.
 */
export async function renameTag(db: Db, id: string, name: string, actorId: string): Promise<TagRow> {
  return db.transaction(async (tx) => {
    const tag = await findTag(tx, id);
    const key = tagKey(name);
    await refuseTaken(tx, key, id);
    const sameKey = key === tag.key;
    await tx.update(tags).set(sameKey ? { name } : { name, key, usage: 0 }).where(eq(tags.id, id));
    const songsChanged = await rewriteSongTags(tx, tag.key, name);
    await recordAdminAction(tx, { actorId, action: "tag_renamed", targetType: "tag", targetId: id, before: { name: tag.name }, after: { name, songsChanged } });
    const [renamed] = await tx.select({ id: tags.id, name: tags.name, usage: tags.usage, createdAt: tags.createdAt }).from(tags).where(eq(tags.id, id));
    return renamed;
  });
}

/** Deletes the tag and takes it off every song that carries it. */
export async function deleteTag(db: Db, id: string, actorId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const tag = await findTag(tx, id);
    const songsChanged = await rewriteSongTags(tx, tag.key, null);
    await tx.delete(tags).where(eq(tags.id, id));
    await recordAdminAction(tx, { actorId, action: "tag_deleted", targetType: "tag", targetId: id, before: { name: tag.name, usage: tag.usage }, after: { songsChanged } });
  });
}

/**
 * Replaces (or, with null, removes) the tag `key` in songs.tags, keeping the order. A song carrying it in
 * two spellings ("Lo Fi", "lo  fi") keeps one copy, where the first was.
 */
async function rewriteSongTags(tx: Tx, key: string, replacement: string | null): Promise<number> {
  const element = sql`t.tag`;
  const kept = replacement === null ? sql`${element}` : sql`case when ${sqlKey(element)} = ${key} then ${replacement}::text else ${element} end`;
  const firstCopy = sql`(select min(u.n) from unnest(${songs.tags}) with ordinality as u(tag, n) where ${sqlKey(sql`u.tag`)} = ${key})`;
  const filter = replacement === null ? sql`where ${sqlKey(element)} <> ${key}` : sql`where ${sqlKey(element)} <> ${key} or t.n = ${firstCopy}`;
  const changed = await tx
    .update(songs)
    .set({ tags: sql`array(select ${kept} from unnest(${songs.tags}) with ordinality as t(tag, n) ${filter} order by t.n)` })
    .where(sql`exists (select 1 from unnest(${songs.tags}) as t(tag) where ${sqlKey(element)} = ${key})`)
    .returning({ id: songs.id });
  return changed.length;
}
