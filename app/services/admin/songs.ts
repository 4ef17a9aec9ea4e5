// Songs for staff (/admin/songs, GET /api/admin/search/songs): search saved and created songs by name,
// artist name or id; make one private (it leaves the share page and Home for everyone but its owner); feature
// one on Home (songs.featured_at, newest first; Home's list reads it). Both audited.
import { and, asc, count, desc, eq, ilike, or, sql } from "drizzle-orm";
import { z } from "zod";
import { users } from "#drizzle/schema/auth";
import { songs } from "#drizzle/schema/songs";
import type { Db, Tx } from "~/server/db.server";
import { recordAdminAction } from "./audit";
import { AdminActionError } from "./errors";
import { PAGE_SIZES, DEFAULT_PAGE_SIZE } from "./user-lookup";

export const SongSearchSchema = z.object({
  q: z.string().trim().max(200, { message: "Use at most 200 characters." }).regex(/^[^\u0000]*$/, { message: "Contains a character that is not allowed." }).default(""),
  page: z.coerce.number({ message: "The page is a whole number from 1." }).int({ message: "The page is a whole number from 1." }).min(1, { message: "The page is a whole number from 1." }).default(1),
  itemsPerPage: z.coerce
    .number()
    .refine((value): value is (typeof PAGE_SIZES)[number] => (PAGE_SIZES as readonly number[]).includes(value), { message: "Show 10, 25 or 50 per page." })
    .default(DEFAULT_PAGE_SIZE),
});

export async function searchSongs(db: Db, query: z.output<typeof SongSearchSchema>) {
  const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = and(
    sql`${songs.userId} is not null`,
    query.q === "" ? undefined : or(ilike(songs.songName, pattern), ilike(songs.artistName, pattern), eq(songs.id, query.q)),
  );
  const [{ total }] = await db.select({ total: count() }).from(songs).where(where);
  const rows = await db
    .select({
      id: songs.id,
      songName: songs.songName,
      artistName: songs.artistName,
      status: songs.status,
      private: songs.private,
      saved: songs.saved,
      featuredAt: songs.featuredAt,
      createdAt: songs.createdAt,
      ownerId: songs.userId,
      ownerEmail: users.email,
    })
    .from(songs)
    .leftJoin(users, eq(users.id, songs.userId))
    .where(where)
    .orderBy(desc(songs.createdAt), asc(songs.id))
    .limit(query.itemsPerPage)
    .offset((query.page - 1) * query.itemsPerPage);
  return { total, page: query.page, itemsPerPage: query.itemsPerPage, songs: rows };
}

async function findSong(tx: Db | Tx, songId: string) {
  const [song] = await tx.select({ id: songs.id, private: songs.private, featuredAt: songs.featuredAt, saved: songs.saved, status: songs.status }).from(songs).where(eq(songs.id, songId));
  if (!song) throw new AdminActionError(404, "not_found", "No such song.");
  return song;
}

/** Private also takes the song off Home: a private song is not shown to anyone but its owner. */
export async function setSongPrivate(db: Db, songId: string, isPrivate: boolean, actorId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const song = await findSong(tx, songId);
    const after = { private: isPrivate, featured: isPrivate ? false : song.featuredAt !== null };
    await tx.update(songs).set({ private: isPrivate, ...(isPrivate ? { featuredAt: null } : {}) }).where(eq(songs.id, songId));
    await recordAdminAction(tx, { actorId, action: isPrivate ? "song_made_private" : "song_made_public", targetType: "song", targetId: songId, before: { private: song.private, featured: song.featuredAt !== null }, after });
  });
}

export async function setSongFeatured(db: Db, songId: string, featured: boolean, actorId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const song = await findSong(tx, songId);
    if (featured && (song.private || !song.saved || song.status !== "complete")) {
      throw new AdminActionError(409, "not_featurable", "Only a finished, saved, public song can be featured on Home.");
    }
    await tx.update(songs).set({ featuredAt: featured ? sql`now()` : null }).where(eq(songs.id, songId));
    await recordAdminAction(tx, { actorId, action: featured ? "song_featured" : "song_unfeatured", targetType: "song", targetId: songId, before: { featured: song.featuredAt !== null }, after: { featured } });
  });
}
