// Releases staff feature (featured_releases): live releases within their dates.
import { and, eq, gt, isNull, lte, or } from "drizzle-orm";
import { featuredReleases, releases } from "../../../drizzle/schema/releases";
import { db } from "~/server/db.server";
import { coverArtUrl } from "./release-view";
import { ReleaseStatus } from "./status";

export async function activeFeaturedReleases(now = new Date()) {
  const rows = await db
    .select({ id: releases.id, title: releases.title, artistName: releases.artistName, coverArtId: releases.coverArtId })
    .from(featuredReleases)
    .innerJoin(releases, eq(releases.id, featuredReleases.releaseId))
    .where(and(eq(releases.status, ReleaseStatus.Live), lte(featuredReleases.activeFrom, now), or(isNull(featuredReleases.activeUntil), gt(featuredReleases.activeUntil, now))))
    .orderBy(featuredReleases.activeFrom)
    .limit(20);
  return rows.map((row) => ({ id: row.id, title: row.title, artistName: row.artistName, coverArtUrl: row.coverArtId ? coverArtUrl(row.coverArtId, "page") : null }));
}
