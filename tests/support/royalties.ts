// Live releases with ISRCs and a UPC, inserted directly (status 1, as distribution leaves an approved
// release), for the royalty import tests and benchmarks.
import { releaseSongs, releases } from "#drizzle/schema/releases";
import type { Db } from "~/server/db.server";
import { insertSavedSong } from "./releases";

let releaseCounter = 0;

export interface LiveRelease {
  releaseId: string;
  upc: string;
  tracks: { songId: string; isrc: string }[];
}

/** A live release of `trackCount` (at most 9) new songs for `userId`, with ISRCs QZS7J26xxxxx and a 13-digit UPC. */
export async function insertLiveRelease(db: Db, userId: string, trackCount = 1, options: { live?: boolean } = {}): Promise<LiveRelease> {
  if (trackCount > 9) throw new Error("at most 9 tracks: the ISRC's last digit is the position");
  releaseCounter += 1;
  const serial = `${process.pid % 100}`.padStart(2, "0") + `${releaseCounter}`.padStart(4, "0");
  const upc = `8600000${serial}`;
  const [release] = await db
    .insert(releases)
    .values({ userId, title: `Release ${releaseCounter}`, artistName: "Test Artist", status: options.live === false ? 0 : 1, upc })
    .returning({ id: releases.id });
  const tracks: LiveRelease["tracks"] = [];
  for (let position = 1; position <= trackCount; position += 1) {
    const songId = await insertSavedSong(db, userId);
    const isrc = `QZS7J${serial}${position}`;
    await db.insert(releaseSongs).values({ releaseId: release.id, songId, position, isrc });
    tracks.push({ songId, isrc });
  }
  return { releaseId: release.id, upc, tracks };
}
