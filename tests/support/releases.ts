// Factories for release tests: saved, complete songs inserted directly (no render: release logic only reads
// the rows) and a cover-art row with no files behind it.
import { coverArt } from "#drizzle/schema/releases";
import { songs } from "#drizzle/schema/songs";
import type { Db } from "~/server/db.server";

let counter = 0;

/** A saved, complete song row owned by `userId`, named `name`. */
export async function insertSavedSong(db: Db, userId: string, options: { name?: string; tags?: string[]; locked?: boolean; private?: boolean; saved?: boolean } = {}): Promise<string> {
  counter += 1;
  const [song] = await db
    .insert(songs)
    .values({
      userId,
      status: "complete",
      style: "wd_lofi",
      filter: "morning_sun",
      params: { style: "wd_lofi", filter: "morning_sun", advanced: false, intensity: 5, densities: { drums: 5, bass: 5, chords: 5, lead: 5 }, humanness: 5, ensemble: "lofi", drumKit: "lofi", mix: "lofi", sfx: "none" },
      seed: counter,
      productionSeed: counter,
      batchId: `batch-${counter}`,
      songName: options.name ?? `Song ${counter}`,
      tags: options.tags ?? [],
      saved: options.saved ?? true,
      savedAt: new Date(Date.now() - 1000 * (1000 - counter)),
      locked: options.locked ?? false,
      private: options.private ?? false,
      durationSeconds: 150,
      completedAt: new Date(),
    })
    .returning({ id: songs.id });
  return song.id;
}

/** A cover-art row (3000×3000 upload) for `userId`; its storage keys point at nothing. */
export async function insertCoverArt(db: Db, userId: string): Promise<string> {
  const [art] = await db
    .insert(coverArt)
    .values({ userId, source: "upload", sizes: { thumbnail: "x/t.jpg", page: "x/p.jpg", full: "x/f.jpg" }, width: 3000, height: 3000, format: "jpeg", bytes: 1 })
    .returning({ id: coverArt.id });
  return art.id;
}
