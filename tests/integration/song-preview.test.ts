// Progressive playback against real Postgres: the first song of a Create gets a preview of its first
// seconds while it renders; tracking hands out its URL until the song completes; the media route serves it
// to the owner only; pooled songs and later songs of a batch get none.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startBoss, stopBoss } from "#jobs/boss";
import { findSong } from "~/models/song.server";
import { LocalDiskStorage, useStorage } from "~/server/storage.server";
import { createSongs, trackSongs } from "~/services/songs/create.server";
import { composeSong, configureSongRendering, renderSongMedia } from "~/services/songs/generate.server";
import { loader as mediaLoader } from "~/routes/media.songs.$songId.$file";
import { createSession, createUser } from "../support/auth";
import { setupTestDatabase } from "../support/database";

const database = setupTestDatabase("postgres");

beforeAll(async () => {
  useStorage(new LocalDiskStorage(mkdtempSync(path.join(os.tmpdir(), "songloom-media-"))));
  configureSongRendering({ excerpt: { startSeconds: 0, seconds: 4 } });
  await startBoss(database().connection);
});
afterAll(async () => {
  await stopBoss();
});

async function media(songId: string, cookie?: string) {
  const request = new Request(`http://localhost/media/songs/${songId}/preview.mp3`, { headers: cookie ? { Cookie: cookie } : {} });
  return mediaLoader({ request, params: { songId, file: "preview.mp3" }, context: {} });
}

test("the batch's first song gets a playable preview while it renders, gone once it completes", async () => {
  const user = await createUser(database().db);
  const { cookie } = await createSession(database().db, user.id);
  const created = await createSongs(user, { style: "wd_edm", filter: "house", advanced: true, intensity: 7 });
  const [first, second] = created.songs;
  await composeSong(first.id);
  await composeSong(second.id);

  const tracked = await trackSongs(user, [first.id, second.id]);
  expect(tracked[0].status).toBe("composing_instrumental");
  expect(tracked[0].previewUrl).toBe(`/media/songs/${first.id}/preview.mp3`);
  expect(tracked[1].previewUrl).toBeNull();

  const owner = await media(first.id, cookie);
  expect(owner.status).toBe(200);
  expect(owner.headers.get("Content-Type")).toBe("audio/mpeg");
  const bytes = new Uint8Array(await owner.arrayBuffer());
  // An MP3 frame sync at the start: the preview is real audio.
  expect(bytes[0]).toBe(0xff);
  expect(bytes[1] & 0xe0).toBe(0xe0);
  expect((await findSong(first.id))?.previewSeconds).toBeGreaterThan(3);

  const stranger = await createUser(database().db);
  const { cookie: strangerCookie } = await createSession(database().db, stranger.id);
  expect((await media(first.id, strangerCookie)).status).toBe(404);
  expect((await media(first.id)).status).toBe(404);

  await renderSongMedia(first.id);
  const done = await trackSongs(user, [first.id]);
  expect(done[0].status).toBe("complete");
  expect(done[0].previewUrl).toBeNull();
  expect(done[0].song?.audioUrl).toBe(`/media/songs/${first.id}/song.mp3?v=1`);
});
