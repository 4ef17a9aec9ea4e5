// Who may fetch a cover image (GET /media/cover-art/{id}/{size}): its owner, and anyone once a live
// release (status 1) shows it. Other covers are "not found".
import { and, eq } from "drizzle-orm";
import { coverArt, releases, type CoverArt } from "../../../drizzle/schema/releases";
import { db } from "~/server/db.server";
import { isPossibleId } from "~/utils/input-schemas";
import { ReleaseStatus } from "./status";

export async function visibleCoverArt(coverArtId: string, viewerId: string | null): Promise<{ art: CoverArt; isPublic: boolean } | null> {
  if (!isPossibleId(coverArtId)) return null;
  const [art] = await db.select().from(coverArt).where(eq(coverArt.id, coverArtId));
  if (!art) return null;
  const [live] = await db
    .select({ id: releases.id })
    .from(releases)
    .where(and(eq(releases.coverArtId, art.id), eq(releases.status, ReleaseStatus.Live)))
    .limit(1);
  if (live) return { art, isPublic: true };
  return art.userId === viewerId ? { art, isPublic: false } : null;
}
