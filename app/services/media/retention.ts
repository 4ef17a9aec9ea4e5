// Disk retention (issue 24, docs/performance.md "Disk per song"): a song's files are tens of MB (the WAV
// alone is about 10 MB a minute), kept per version. The daily housekeeping.media-retention job removes
// what nobody can play any more or is unlikely to:
//   - rejected songs, a day after the rejection (never offered again; the day covers an undo);
//   - songs never saved, UNSAVED_DAYS after creation (the create page shows a batch for a session, the
//     library only saved songs);
//   - superseded versions of a song, SUPERSEDED_DAYS after the edit that replaced them: the current version
//     and the one before it (A/B listening, docs/edit-flow.md) stay, as does version 1, the creation render.
// Rows stay (history, events, ledger); their media is set to null, which the media routes answer with 404
// and which makes each run skip what an earlier run removed. Pool songs, songs in a release and songs whose
// mastering was paid for are left.
import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { masteringPurchases } from "#drizzle/schema/mastering";
import { releaseSongs } from "#drizzle/schema/releases";
import { songs, songVersions } from "#drizzle/schema/songs";
import { db, type Db } from "~/server/db.server";
import { getStorage } from "~/server/storage.server";

export const REJECTED_DAYS = 1;
export const UNSAVED_DAYS = 7;
export const SUPERSEDED_DAYS = 7;
/** Songs and versions handled per run, so one run stays short; the next day's run takes the rest. */
const BATCH = 500;

export interface RetentionReport {
  songs: number;
  versions: number;
}

const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);

export async function purgeExpiredMedia(now = new Date(), database: Db = db): Promise<RetentionReport> {
  const storage = getStorage();
  const expired = await database
    .select({ id: songs.id })
    .from(songs)
    .where(
      and(
        isNotNull(songs.media),
        eq(songs.pooled, false),
        or(lt(songs.rejectedAt, daysAgo(now, REJECTED_DAYS)), and(eq(songs.saved, false), isNull(songs.rejectedAt), lt(songs.createdAt, daysAgo(now, UNSAVED_DAYS)))),
        sql`not exists (select 1 from ${releaseSongs} where ${releaseSongs.songId} = ${songs.id})`,
        sql`not exists (select 1 from ${masteringPurchases} where ${masteringPurchases.songId} = ${songs.id})`,
      ),
    )
    .limit(BATCH);
  for (const { id } of expired) {
    // Files first: a run that stops half-way leaves the row to be found again by the next one.
    await storage.deleteFolder(`songs/${id}`);
    await database.update(songs).set({ media: null, previewKey: null }).where(eq(songs.id, id));
  }

  // Versions below the one before the current, replaced long enough ago. Version 1's files sit in the
  // song's own folder and are kept.
  const superseded = await database
    .select({ id: songVersions.id, songId: songVersions.songId, version: songVersions.version })
    .from(songVersions)
    .innerJoin(songs, eq(songs.id, songVersions.songId))
    .where(and(isNotNull(songVersions.media), sql`${songVersions.version} < ${songs.version} - 1`, lt(songs.updatedAt, daysAgo(now, SUPERSEDED_DAYS))))
    .limit(BATCH);
  for (const version of superseded) {
    await storage.deleteFolder(`songs/${version.songId}/v${version.version}`);
  }
  if (superseded.length > 0) await database.update(songVersions).set({ media: null }).where(inArray(songVersions.id, superseded.map((version) => version.id)));
  return { songs: expired.length, versions: superseded.length };
}
