// Disk retention (issue 24): the daily housekeeping job removes the files of rejected songs, songs never
// saved, and superseded versions, and keeps everything else: saved songs, recent unsaved ones, a song's
// current version, the one before it and its creation render.
import { eq } from "drizzle-orm";
import { songs, songVersions } from "#drizzle/schema/songs";
import { REJECTED_DAYS, SUPERSEDED_DAYS, UNSAVED_DAYS, purgeExpiredMedia } from "~/services/media/retention";
import { handle } from "#jobs/handlers/housekeeping.media-retention";
import { getStorage, songMediaKeys } from "~/server/storage.server";
import { createSongs } from "~/services/songs/create.server";
import { composeSong } from "~/services/songs/generate.server";
import { setupTestDatabase } from "../support/database";
import { signedIn, useSongServices } from "../support/songs";

const database = setupTestDatabase("postgres");
useSongServices(database);

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

async function songWithFiles(userId: string, values: Partial<typeof songs.$inferInsert>, { composed = false } = {}) {
  const { songs: [created] } = await createSongs({ id: userId }, { style: "wd_lofi", filter: "morning_sun", songs: 1, advanced: 1 });
  // Its composition and production, which edits (song_versions) point at.
  if (composed) await composeSong(created.id);
  const media = songMediaKeys(created.id);
  for (const key of Object.values(media)) await getStorage().put(key, "audio");
  await database().db.update(songs).set({ status: "complete", media, ...values }).where(eq(songs.id, created.id));
  return { id: created.id, media };
}

const exists = async (key: string) => (await getStorage().stat(key)) !== null;

test("rejected, long-unsaved and superseded media go; saved, recent and current media stay", async () => {
  const owner = await signedIn(database);
  const rejected = await songWithFiles(owner.user.id, { rejectedAt: ago(REJECTED_DAYS + 1) });
  const justRejected = await songWithFiles(owner.user.id, { rejectedAt: ago(0) });
  const oldUnsaved = await songWithFiles(owner.user.id, { createdAt: ago(UNSAVED_DAYS + 1) });
  const newUnsaved = await songWithFiles(owner.user.id, {});
  const saved = await songWithFiles(owner.user.id, { saved: true, savedAt: ago(30), createdAt: ago(30), version: 4 }, { composed: true });

  // The saved song was edited three times: versions 2, 3 and 4 (the current one), each with its files.
  const [row] = await database().db.select().from(songs).where(eq(songs.id, saved.id));
  for (const version of [2, 3, 4]) {
    const media = songMediaKeys(saved.id, version);
    for (const key of Object.values(media)) await getStorage().put(key, `v${version}`);
    await database().db.insert(songVersions).values({ songId: saved.id, version, change: "production", status: "complete", compositionId: row.compositionId!, productionId: row.productionId!, params: row.params, productionSeed: row.productionSeed, previousVersion: version - 1, media });
  }
  await database().db.update(songs).set({ updatedAt: ago(SUPERSEDED_DAYS + 1) }).where(eq(songs.id, saved.id));

  expect(await purgeExpiredMedia()).toEqual({ songs: 2, versions: 1 });

  for (const gone of [rejected, oldUnsaved]) {
    expect(await exists(gone.media.mp3)).toBe(false);
    expect(await exists(gone.media.wav)).toBe(false);
    expect((await database().db.select().from(songs).where(eq(songs.id, gone.id)))[0].media).toBeNull();
  }
  for (const kept of [justRejected, newUnsaved, saved]) expect(await exists(kept.media.wav)).toBe(true);
  // Version 2 is older than the one before the current (3): its files go; 3, 4 and version 1 stay.
  expect(await exists(songMediaKeys(saved.id, 2).wav)).toBe(false);
  expect(await exists(songMediaKeys(saved.id, 3).wav)).toBe(true);
  expect(await exists(songMediaKeys(saved.id, 4).wav)).toBe(true);
  const versions = await database().db.select({ version: songVersions.version, media: songVersions.media }).from(songVersions).where(eq(songVersions.songId, saved.id)).orderBy(songVersions.version);
  expect(versions.map((version) => version.media === null)).toEqual([true, false, false]);

  // A second run (the job, as the timetable starts it) finds nothing more to do.
  expect(await purgeExpiredMedia()).toEqual({ songs: 0, versions: 0 });
  await expect(handle([])).resolves.toBeUndefined();
});
