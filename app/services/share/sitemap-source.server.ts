// The sitemap's songs from PostgreSQL: public, complete songs their owner saved to the library, by id (the
// songs a Create makes and nobody keeps still have share pages, but are not worth a crawler's visit). Read in keyset
// chunks of 1,000 rows (the first at the page's offset), so a page of 50,000 URLs never holds more than a
// chunk in memory and a crawler that stops reading stops the queries.
import { and, asc, count, eq, gt, isNotNull, isNull, max, type SQL } from "drizzle-orm";
import { songs } from "../../../drizzle/schema/songs";
import { db } from "~/server/db.server";
import type { SitemapEntry, SitemapSource } from "./sitemap";

const CHUNK = 1000;

/** What makes a song listed: a share page a visitor may see, of a song its owner kept. */
const listed = (): SQL =>
  and(eq(songs.private, false), eq(songs.status, "complete"), isNotNull(songs.userId), isNotNull(songs.media), eq(songs.saved, true), isNull(songs.rejectedAt))!;

export const databaseSitemapSource: SitemapSource = {
  async stats() {
    const [row] = await db.select({ count: count(), lastModified: max(songs.updatedAt) }).from(songs).where(listed());
    return { count: Number(row?.count ?? 0), lastModified: row?.lastModified ? new Date(row.lastModified) : null };
  },

  async *songs(offset: number, limit: number): AsyncGenerator<SitemapEntry> {
    let remaining = limit;
    let after: string | null = null;
    while (remaining > 0) {
      const query = db
        .select({ id: songs.id, updatedAt: songs.updatedAt })
        .from(songs)
        .where(after === null ? listed() : and(listed(), gt(songs.id, after)))
        .orderBy(asc(songs.id))
        .limit(Math.min(CHUNK, remaining));
      const rows: { id: string; updatedAt: Date }[] = after === null ? await query.offset(offset) : await query;
      for (const row of rows) yield { path: `/s/${row.id}`, lastModified: row.updatedAt };
      if (rows.length < Math.min(CHUNK, remaining)) return;
      remaining -= rows.length;
      after = rows[rows.length - 1].id;
    }
  },
};
