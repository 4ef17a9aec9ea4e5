// User lookup (GET /api/admin/user/lookup, /admin/users): one box that finds users by email (part of it),
// id, artist name (the name on their songs) or a device id they signed in on. Paginated per spec 3 §2:
// page and itemsPerPage (10, 25, 50; default 25) in the query string.
import { and, asc, count, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { z } from "zod";
import { userDevices, users } from "#drizzle/schema/auth";
import { songs } from "#drizzle/schema/songs";
import type { Db } from "~/server/db.server";
import { tagNamesByUser } from "./user-tags";

export const PAGE_SIZES = [10, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 25;

export const LookupQuerySchema = z.object({
  q: z.string().trim().max(254, { message: "Use at most 254 characters." }).regex(/^[^\u0000]*$/, { message: "Contains a character that is not allowed." }).default(""),
  by: z.enum(["any", "email", "id", "artist", "device"], { message: "Search by any, email, id, artist or device." }).default("any"),
  page: z.coerce.number({ message: "The page is a whole number from 1." }).int({ message: "The page is a whole number from 1." }).min(1, { message: "The page is a whole number from 1." }).default(1),
  itemsPerPage: z.coerce
    .number()
    .refine((value): value is (typeof PAGE_SIZES)[number] => (PAGE_SIZES as readonly number[]).includes(value), { message: "Show 10, 25 or 50 per page." })
    .default(DEFAULT_PAGE_SIZE),
});
export type LookupQuery = z.output<typeof LookupQuerySchema>;

const likeEscape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function lookUpUsers(db: Db, query: LookupQuery) {
  const q = query.q;
  const pattern = `%${likeEscape(q.toLowerCase())}%`;
  const byEmail = ilike(users.email, pattern);
  const byId = eq(users.id, q);
  const byArtist = inArray(users.id, db.select({ id: sql<string>`${songs.userId}` }).from(songs).where(and(ilike(songs.artistName, pattern), sql`${songs.userId} is not null`)));
  const byDevice = inArray(users.id, db.select({ id: userDevices.userId }).from(userDevices).where(eq(userDevices.deviceId, q)));
  const where =
    q === ""
      ? undefined
      : { any: or(byEmail, byId, byArtist, byDevice), email: byEmail, id: byId, artist: byArtist, device: byDevice }[query.by];
  const [{ total }] = await db.select({ total: count() }).from(users).where(where);
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      displayName: users.displayName,
      isAdmin: users.isAdmin,
      accountStatus: users.accountStatus,
      withdrawalStatus: users.withdrawalStatus,
      releaseLabel: users.releaseLabel,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(where)
    .orderBy(asc(users.email))
    .limit(query.itemsPerPage)
    .offset((query.page - 1) * query.itemsPerPage);
  const tags = await tagNamesByUser(db, rows.map((row) => row.id));
  return {
    total,
    page: query.page,
    itemsPerPage: query.itemsPerPage,
    users: rows.map((row) => ({ ...row, tags: tags.get(row.id) ?? [] })),
  };
}
