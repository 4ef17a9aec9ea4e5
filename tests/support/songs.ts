// Songs for integration tests: real engine renders of a short excerpt (the same job path as production,
// a shorter window), media in a temporary folder, pg-boss started so the services can queue jobs (tests run
// the jobs' functions themselves).
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startBoss, stopBoss } from "#jobs/boss";
import { LocalDiskStorage, useStorage } from "~/server/storage.server";
import { createSongs } from "~/services/songs/create.server";
import { composeSong, configureSongRendering, renderSongMedia } from "~/services/songs/generate.server";
import { createSession, createUser } from "./auth";
import type { TestDatabase } from "./database";

/** Registers the suite's beforeAll/afterAll: media storage, the render excerpt and pg-boss. */
export function useSongServices(database: () => TestDatabase, excerptSeconds = 3): void {
  beforeAll(async () => {
    useStorage(new LocalDiskStorage(mkdtempSync(path.join(os.tmpdir(), "songloom-media-"))));
    configureSongRendering({ excerpt: { startSeconds: 0, seconds: excerptSeconds } });
    await startBoss(database().connection);
  }, 60_000);
  afterAll(async () => {
    await stopBoss();
  });
}

/** A verified user and their session cookie. */
export async function signedIn(database: () => TestDatabase) {
  const user = await createUser(database().db);
  return { user, cookie: (await createSession(database().db, user.id)).cookie };
}

/** A signed-in user's complete song, composed and rendered through the jobs' functions. */
export async function completeSong(database: () => TestDatabase) {
  const owner = await signedIn(database);
  const created = await createSongs(owner.user, { style: "wd_lofi", filter: "morning_sun", songs: 1 });
  const songId = created.songs[0].id;
  await composeSong(songId);
  await renderSongMedia(songId);
  return { ...owner, songId };
}
