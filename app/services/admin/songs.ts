// Songs for staff (/admin/songs, GET /api/admin/search/songs): search saved and created songs by name,
// artist name or id; make one private (it leaves the share page and Home for everyone but its owner); feature
// one on Home (songs.featured_at, newest first; Home's list reads it); short-lived URLs to songs' files,
// private ones included (POST /api/admin/song/urls). All audited.
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, asc, count, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { z } from "zod";
import { users } from "#drizzle/schema/auth";
import { songs } from "#drizzle/schema/songs";
import type { Db, Tx } from "~/server/db.server";
import { env } from "~/server/env.server";
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

/** File types staff can ask URLs for (POST /api/admin/song/urls), and the media key each reads. */
export const STAFF_SONG_URL_TYPES = { mp3: "mp3", wav: "wav", midi: "midi", peaks: "peaks" } as const;
export type StaffSongUrlType = keyof typeof STAFF_SONG_URL_TYPES;
/** How long a staff song URL works. */
export const STAFF_SONG_URL_MINUTES = 15;

function staffUrlSignature(staffId: string, songId: string, type: string, expires: number): string {
  return createHmac("sha256", env.SESSION_SECRET).update(`staff-song-url\n${staffId}\n${songId}\n${type}\n${expires}`).digest("base64url");
}

/**
 * Short-lived URLs to songs' files, private songs included, for one staff member (the link works only in
 * their signed-in session, which must still hold the permission): /media/staff/songs/{id}/{type}. Songs
 * without that file (not rendered, no WAV made yet) come back with url null. The request is audited.
 */
export async function staffSongUrls(db: Db, staffId: string, songIds: string[], type: StaffSongUrlType, now = Date.now()) {
  const rows = await db.select({ id: songs.id, media: songs.media }).from(songs).where(inArray(songs.id, songIds));
  const expires = Math.floor(now / 1000) + STAFF_SONG_URL_MINUTES * 60;
  const urls = songIds.map((songId) => {
    const row = rows.find((candidate) => candidate.id === songId);
    const key = row?.media?.[STAFF_SONG_URL_TYPES[type]];
    if (!row) return { songId, url: null, reason: "no such song" };
    if (!key) return { songId, url: null, reason: `the song has no ${type} file yet` };
    return { songId, url: `/media/staff/songs/${songId}/${type}?expires=${expires}&signature=${staffUrlSignature(staffId, songId, type, expires)}`, reason: null };
  });
  await recordAdminAction(db, { actorId: staffId, action: "song_urls_issued", targetType: "songs", targetId: songIds.join(",").slice(0, 500), after: { type, songs: songIds.length, expires } });
  return { type, expiresAt: new Date(expires * 1000).toISOString(), urls };
}

/** The media key a staff URL grants, or null when it is forged, expired or not this staff member's. */
export async function verifyStaffSongUrl(db: Db, staffId: string, songId: string, type: string, expires: string | null, signature: string | null, now = Date.now()): Promise<string | null> {
  if (!(type in STAFF_SONG_URL_TYPES) || !expires || !signature || !/^\d{1,12}$/.test(expires)) return null;
  if (Number(expires) * 1000 < now) return null;
  const expected = Buffer.from(staffUrlSignature(staffId, songId, type, Number(expires)));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const [row] = await db.select({ media: songs.media }).from(songs).where(eq(songs.id, songId));
  return row?.media?.[STAFF_SONG_URL_TYPES[type as StaffSongUrlType]] ?? null;
}
