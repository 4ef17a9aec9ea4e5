// The user's releases (GET /api/user/albums, the library's releases tab): searchable by title or artist,
// sorted, paged. Archived releases are left out.
import { and, asc, desc, eq, ilike, isNull, or, sql } from "drizzle-orm";
import { releases } from "../../../drizzle/schema/releases";
import { db } from "~/server/db.server";
import { releaseViews, type ReleaseView } from "./release-view";

export const RELEASE_SORTS = ["newest", "oldest", "title", "status"] as const;
export type ReleaseSort = (typeof RELEASE_SORTS)[number];

export interface ReleasePage {
  releases: ReleaseView[];
  total: number;
  page: number;
  perPage: number;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

export async function listUserReleases(
  user: { id: string },
  options: { query?: string; sort?: ReleaseSort; page?: number; perPage?: number } = {},
): Promise<ReleasePage> {
  const { query = "", sort = "newest", page = 1, perPage = 20 } = options;
  const pattern = `%${escapeLike(query.trim())}%`;
  const where = and(
    eq(releases.userId, user.id),
    isNull(releases.archivedAt),
    query.trim() ? or(ilike(releases.title, pattern), ilike(releases.artistName, pattern)) : undefined,
  );
  const order = {
    newest: [desc(releases.createdAt), desc(releases.id)],
    oldest: [asc(releases.createdAt), asc(releases.id)],
    title: [asc(sql`lower(${releases.title})`), asc(releases.id)],
    status: [asc(sql`coalesce(${releases.status}, -1)`), desc(releases.createdAt)],
  }[sort];
  const [counted] = await db.select({ total: sql<number>`count(*)::int` }).from(releases).where(where);
  const rows = await db
    .select()
    .from(releases)
    .where(where)
    .orderBy(...order)
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { releases: await releaseViews(rows), total: counted?.total ?? 0, page, perPage };
}

/** How many releases the user has, archived ones left out (spec 2 §3 User.numAlbums). */
export async function countReleases(user: { id: string }): Promise<number> {
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(releases).where(and(eq(releases.userId, user.id), isNull(releases.archivedAt)));
  return row?.total ?? 0;
}
