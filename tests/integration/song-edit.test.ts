// The edit flow's core against real Postgres: an edit becomes the song's next version through the
// song.rerender job's function, production edits keep the notes, note and arrangement edits keep the
// sounds, and versions only ever move forward. Renders are real engine renders of a short excerpt.
import "../support/data-env";
import { mkdtempSync, readdirSync, unlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { songs, songVersions, subscriptions } from "#drizzle/schema/index";
import { startBoss, stopBoss } from "#jobs/boss";
import { readMp3Frames } from "~/engine/encode/mp3Frames";
import { STRIP_FRONT_PREFIX } from "~/engine/threads/stemCache";
import { findSong } from "~/models/song.server";
import { env } from "~/server/env.server";
import { getUserPlan } from "~/server/plans.server";
import { LocalDiskStorage, useStorage } from "~/server/storage.server";
import { createSongs } from "~/services/songs/create.server";
import { copySong, editArrangement, editNotes, editProduction, latestVersionSummary, loadComposition, loadProduction, prepareSongForEditing, renderSongVersion, reproduceSong, rewriteSong } from "~/services/songs/edit.server";
import { composeSong, configureSongRendering, renderSongMedia } from "~/services/songs/generate.server";
import { createUser } from "../support/auth";
import { setupTestDatabase } from "../support/database";

const database = setupTestDatabase("postgres");
let mediaDir: string;

beforeAll(async () => {
  mediaDir = mkdtempSync(path.join(os.tmpdir(), "songloom-media-"));
  useStorage(new LocalDiskStorage(mediaDir));
  configureSongRendering({ excerpt: { startSeconds: 0, seconds: 3 } });
  // Jobs are queued (in the edit's transaction) but run by calling their functions here.
  await startBoss(database().connection);
});
afterAll(async () => {
  await stopBoss();
});

async function completeSong() {
  const user = await createUser(database().db);
  const created = await createSongs(user, { style: "wd_lofi", filter: "morning_sun", songs: 1 });
  const songId = created.songs[0].id;
  await composeSong(songId);
  await renderSongMedia(songId);
  const song = await findSong(songId);
  if (!song || song.status !== "complete") throw new Error("the song did not complete");
  return { user, song };
}

test("a mix change renders version 2: same notes, new production, new media, the old media kept for A/B", async () => {
  const { song } = await completeSong();
  const version = await editProduction(song, { mix: "underwater" });
  expect(version.version).toBe(2);
  expect(version.status).toBe("queue");
  expect(version.previousMedia).toEqual(song.media);
  await renderSongVersion(song.id, 2);
  const after = (await findSong(song.id))!;
  expect(after.version).toBe(2);
  expect(after.status).toBe("complete");
  expect(after.compositionId).toBe(song.compositionId);
  expect(after.productionId).not.toBe(song.productionId);
  expect((await loadProduction(after.productionId!)).mix).toBe("underwater");
  expect(after.params.mix).toBe("underwater");
  expect(after.media?.mp3).toBe(`songs/${song.id}/v2/song.mp3`);
  const [row] = await database().db.select().from(songVersions).where(eq(songVersions.songId, song.id));
  expect(row.status).toBe("complete");
});

test("a note edit keeps the production and changes only the edited notes", async () => {
  const { song } = await completeSong();
  const before = await loadComposition(song.compositionId!);
  const notes = [{ step: 0, micro: 0, length: 4, pitch: 64, velocity: 100 }];
  await editNotes(song, [{ segment: 1, part: "bass", notes }]);
  await renderSongVersion(song.id, 2);
  const after = (await findSong(song.id))!;
  expect(after.productionId).toBe(song.productionId);
  const edited = await loadComposition(after.compositionId!);
  expect(edited.id).not.toBe(before.id);
  expect(edited.segments[1].parts.bass).toEqual(notes);
  expect(edited.segments[0]).toEqual(before.segments[0]);
});

test("an arrangement edit reorders, duplicates and deletes segments", async () => {
  const { song } = await completeSong();
  const before = await loadComposition(song.compositionId!);
  await editArrangement(song, [1, 0, 0]);
  await renderSongVersion(song.id, 2);
  const after = await loadComposition((await findSong(song.id))!.compositionId!);
  expect(after.segments).toHaveLength(3);
  expect(after.segments[0].parts).toEqual(before.segments[1].parts);
  expect(after.segments[2].parts).toEqual(before.segments[0].parts);
  expect(after.segments.map((segment) => segment.index)).toEqual([0, 1, 2]);
});

test("versions never move backwards: an older edit finishing last does not replace a newer one", async () => {
  const { song } = await completeSong();
  await editProduction(song, { mix: "lofi" });
  await editProduction(song, { mix: "garage" });
  await renderSongVersion(song.id, 3);
  await renderSongVersion(song.id, 2);
  const after = (await findSong(song.id))!;
  expect(after.version).toBe(3);
  expect((await loadProduction(after.productionId!)).mix).toBe("garage");
});

test("re-rolling drums keeps every instrument; re-rolling instruments keeps every drum", async () => {
  const { song } = await completeSong();
  const original = await loadProduction(song.productionId!);
  await editProduction(song, { reroll: "drums" });
  await renderSongVersion(song.id, 2);
  const drumsRolled = await loadProduction((await findSong(song.id))!.productionId!);
  expect(drumsRolled.instruments).toEqual(original.instruments);
  await editProduction((await findSong(song.id))!, { reroll: "instruments" });
  await renderSongVersion(song.id, 3);
  const instrumentsRolled = await loadProduction((await findSong(song.id))!.productionId!);
  expect(instrumentsRolled.drums).toEqual(drumsRolled.drums);
});

test("the plan comes from an active, unexpired subscription, else free", async () => {
  const user = await createUser(database().db);
  expect((await getUserPlan(user)).plan.key).toBe("free");
  const later = new Date(Date.now() + 86_400_000);
  await database().db.insert(subscriptions).values({ userId: user.id, productId: 10, currentPeriodEnd: later });
  expect((await getUserPlan(user)).plan.key).toBe("pro");
  await database().db.update(subscriptions).set({ currentPeriodEnd: new Date(Date.now() - 1000) }).where(eq(subscriptions.userId, user.id));
  expect((await getUserPlan(user)).plan.key).toBe("free");
  void songs;
});

test("rewrite keeps the sounds' choices and changes the notes; reproduce keeps the notes and changes the sounds", async () => {
  const { song } = await completeSong();
  await rewriteSong(song);
  await renderSongVersion(song.id, 2);
  const rewritten = (await findSong(song.id))!;
  expect(rewritten.compositionId).not.toBe(song.compositionId);
  expect((await loadProduction(rewritten.productionId!)).seed).toBe((await loadProduction(song.productionId!)).seed);
  await reproduceSong(rewritten);
  await renderSongVersion(song.id, 3);
  const reproduced = (await findSong(song.id))!;
  expect(reproduced.compositionId).toBe(rewritten.compositionId);
  expect(reproduced.productionId).not.toBe(rewritten.productionId);
});

test("a copy is a new saved song with its own files, editable even when the original is mastered", async () => {
  const { user, song } = await completeSong();
  await database().db.update(songs).set({ masteredAt: new Date(), songName: "Night Drive" }).where(eq(songs.id, song.id));
  const copy = await copySong(user, (await findSong(song.id))!);
  expect(copy.id).not.toBe(song.id);
  expect(copy.userId).toBe(user.id);
  expect(copy.saved).toBe(true);
  expect(copy.masteredAt).toBeNull();
  expect(copy.copiedFromId).toBe(song.id);
  expect(copy.songName).toBe("Night Drive (copy)");
  expect(copy.compositionId).toBe(song.compositionId);
  expect(copy.media?.mp3).toBe(`songs/${copy.id}/song.mp3`);
  const original = await new LocalDiskStorage(mediaDir).get(song.media!.mp3);
  const copied = await new LocalDiskStorage(mediaDir).get(copy.media!.mp3);
  expect(copied && Buffer.from(copied).equals(Buffer.from(original!))).toBe(true);
});

test("a second edit made while the first still renders builds on the first: both changes reach the song", async () => {
  const { song } = await completeSong();
  await editProduction(song, { mix: "lofi" });
  const notes = [{ step: 2, micro: 0, length: 2, pitch: 57, velocity: 90 }];
  // The song row still plays version 1 here: the mix edit has not rendered yet.
  await editNotes((await findSong(song.id))!, [{ segment: 0, part: "bass", notes }]);
  await renderSongVersion(song.id, 3);
  const after = (await findSong(song.id))!;
  expect(after.version).toBe(3);
  expect((await loadProduction(after.productionId!)).mix).toBe("lofi");
  expect((await loadComposition(after.compositionId!)).segments[0].parts.bass).toEqual(notes);
  expect(after.params.mix).toBe("lofi");
});

test("getting a song ready for its first edit makes its parts' strip fronts once; a song still composing has nothing to prepare", async () => {
  const { user, song } = await completeSong();
  // The first render kept only dry stems. (Earlier tests' edits of other songs made fronts, and songs share
  // their first seconds' chords: those go, as after trimming.) Each part that plays gets its front.
  const cacheDir = path.join(env.DATA_DIR, "stem-cache");
  for (const name of readdirSync(cacheDir)) if (name.startsWith(STRIP_FRONT_PREFIX)) unlinkSync(path.join(cacheDir, name));
  expect(await prepareSongForEditing(song.id)).toBeGreaterThanOrEqual(1);
  // The job may run again whenever the edit pages open: what the cache holds is not made again.
  expect(await prepareSongForEditing(song.id)).toBe(0);
  // The edit that follows renders as usual.
  await editProduction(song, { mix: "garage" });
  await renderSongVersion(song.id, 2);
  expect((await findSong(song.id))!.version).toBe(2);

  const created = await createSongs(user, { style: "wd_lofi", filter: "morning_sun", songs: 1 });
  expect(await prepareSongForEditing(created.songs[0].id)).toBeNull();
});

test("an edit's WAV is stored after the version is made current; a failed WAV write fails the job, and its retry stores the same WAV", async () => {
  const { song } = await completeSong();
  await editProduction(song, { mix: "garage" });
  const storage = new LocalDiskStorage(mediaDir);
  const wavKey = `songs/${song.id}/v2/song.wav`;
  // The WAV write fails once (a full disk, a lost object store): the MP3 and peaks are stored and the
  // version is current, but the job does not end well, so pg-boss retries it.
  const failing = Object.create(storage) as LocalDiskStorage;
  failing.put = async (key, body) => {
    if (key === wavKey) throw new Error("disk full");
    return storage.put(key, body);
  };
  useStorage(failing);
  try {
    await expect(renderSongVersion(song.id, 2)).rejects.toThrow("disk full");
  } finally {
    useStorage(storage);
  }
  const after = (await findSong(song.id))!;
  expect(after.version).toBe(2);
  expect(after.media?.wav).toBe(wavKey);
  expect(await storage.stat(after.media!.mp3)).not.toBeNull();
  expect(await storage.stat(wavKey)).toBeNull();

  await renderSongVersion(song.id, 2);
  const retried = await storage.get(wavKey);
  expect(retried).not.toBeNull();
  // The same bytes as the render that completed the version would have written.
  await editProduction((await findSong(song.id))!, { mix: "garage" });
  const twin = (await findSong(song.id))!;
  expect(twin.productionId).toBe(after.productionId);
  await renderSongVersion(song.id, 3);
  expect(Buffer.from((await storage.get(`songs/${song.id}/v3/song.wav`))!).equals(Buffer.from(retried!))).toBe(true);
});

test("an edit stores its first seconds while it renders (an MP3 of whole frames covering them) and the API offers them only while it renders", async () => {
  const { song } = await completeSong();
  await editProduction(song, { mix: "lofi" });
  await renderSongVersion(song.id, 2);
  const [row] = await database().db.select().from(songVersions).where(eq(songVersions.songId, song.id));
  expect(row!.previewKey).toBe(`songs/${song.id}/v2/preview.mp3`);
  const storage = new LocalDiskStorage(mediaDir);
  const preview = Buffer.from((await storage.get(row!.previewKey!))!);
  const whole = Buffer.from((await storage.get(row!.media!.mp3))!);
  // A third of the 3 s excerpt these tests render.
  expect(readMp3Frames(preview).length * (1152 / 44_100)).toBeGreaterThanOrEqual(1);
  expect(preview.length).toBeLessThan(whole.length);
  // Complete: the whole plays, no preview is offered; while rendering, its URL names the version.
  expect(latestVersionSummary(row!).previewUrl).toBeNull();
  expect(latestVersionSummary({ ...row!, status: "rendering" }).previewUrl).toBe(`/media/songs/${song.id}/preview.mp3?version=2`);
  expect(latestVersionSummary({ ...row!, status: "rendering", previewKey: null }).previewUrl).toBeNull();
});
