// A song and its vocal against real Postgres and real renders (app/services/vocals/vocal-mix.server.ts): putting
// a vocal on is a "vocals" version whose audio is the vocal mixed over the instrumental (which is reused,
// not rendered again); later edits keep the vocal and re-mix it; taking it off brings the instrumental back;
// a copy keeps it; a failed vocal shows the spec's message and never overwrites a finished one.
import "../support/auth-env";
import { eq } from "drizzle-orm";
import { songVocals } from "#drizzle/schema/index";
import { newId } from "#drizzle/schema/columns";
import { encodeWav } from "~/engine/encode";
import { decodeAudio } from "~/engine/vocals";
import { SAMPLE_RATE } from "~/engine/types";
import { findSong, type Song } from "~/models/song.server";
import { getStorage } from "~/server/storage.server";
import { copySong, editProduction, renderSongVersion } from "~/services/songs/edit.server";
import { trackSongs } from "~/services/songs/create.server";
import { applyVocal, giveUpOnVocal, VOCAL_CREATE_FAILED_MESSAGE, vocalState } from "~/services/vocals/vocal-mix.server";
import * as mediaRoute from "~/routes/media.songs.$songId.$file";
import { callRoute, get } from "../support/auth";
import { setupTestDatabase } from "../support/database";
import { completeSong as completeTestSong, signedIn, useSongServices } from "../support/songs";

const database = setupTestDatabase("postgres");
useSongServices(database);

/** A tone the test can find in a mix: 1 kHz sung in half-second notes, as a produced stereo vocal. */
const VOCAL_HZ = 1000;
function vocalWav(seconds = 3): Uint8Array {
  const length = seconds * SAMPLE_RATE;
  const left = new Float32Array(length);
  for (let index = 0; index < length; index++) {
    const singing = Math.floor(index / (SAMPLE_RATE / 2)) % 2 === 0;
    left[index] = singing ? 0.3 * Math.sin((2 * Math.PI * VOCAL_HZ * index) / SAMPLE_RATE) : 0;
  }
  return encodeWav({ sampleRate: SAMPLE_RATE, left, right: left.slice() });
}

/** Power at one frequency over the first seconds (Goertzel), to tell whether the vocal is in the audio. */
async function powerAt(key: string, hz: number): Promise<number> {
  const bytes = await getStorage().get(key);
  if (!bytes) throw new Error(`${key} is missing`);
  const audio = await decodeAudio(bytes);
  const samples = audio.channels[0].subarray(0, 2 * SAMPLE_RATE);
  const coefficient = 2 * Math.cos((2 * Math.PI * hz) / SAMPLE_RATE);
  let previous = 0;
  let beforePrevious = 0;
  for (const sample of samples) {
    const current = sample + coefficient * previous - beforePrevious;
    beforePrevious = previous;
    previous = current;
  }
  return (previous * previous + beforePrevious * beforePrevious - coefficient * previous * beforePrevious) / samples.length;
}

async function songWithCompletedVocal(status: "completed" | "pending" = "completed") {
  const { songId, user, cookie } = await completeTestSong(database);
  const vocalId = newId();
  const vocalKey = `songs/${songId}/vocals/${vocalId}/vocal.wav`;
  await getStorage().put(vocalKey, vocalWav());
  await database().db.insert(songVocals).values({ id: vocalId, songId, kind: "take", status, vocalKey, emphasis: 0.6 });
  return { song: (await findSong(songId))!, vocalId, user, cookie };
}

const reload = async (song: Song) => (await findSong(song.id))!;

test("a vocal goes on as a new version: the mix plays, the instrumental is reused and kept beside it", async () => {
  const { song, vocalId } = await songWithCompletedVocal();
  expect((await vocalState(song))?.applied).toBe(false);
  const version = await applyVocal(song, vocalId);
  expect(version).toMatchObject({ version: 2, change: "vocals", vocalId, status: "queue" });
  // A retried job applying the same vocal again queues nothing new.
  expect((await applyVocal(song, vocalId)).id).toBe(version.id);
  expect((await vocalState(song))?.versionStatus).toBe("queue");

  await renderSongVersion(song.id, 2);
  const after = await reload(song);
  expect(after.version).toBe(2);
  expect(after.vocalId).toBe(vocalId);
  expect(after.media?.mp3).toBe(`songs/${song.id}/v2/mix.mp3`);
  // Same notes and sounds: the instrumental of version 1 is mixed, not rendered again.
  expect(after.media?.instrumental).toEqual({ mp3: song.media!.mp3, wav: song.media!.wav, peaks: song.media!.peaks });
  expect(await getStorage().stat(`songs/${song.id}/v2/song.mp3`)).toBeNull();
  expect(await getStorage().stat(after.media!.mp3)).not.toBeNull();
  // The vocal is in the mix and not in the instrumental.
  const inMix = await powerAt(after.media!.wav, VOCAL_HZ);
  const inInstrumental = await powerAt(song.media!.wav, VOCAL_HZ);
  expect(inMix).toBeGreaterThan(inInstrumental * 3);
  expect(await vocalState(after)).toMatchObject({ id: vocalId, applied: true, versionStatus: null });
});

test("an edit made after the vocal keeps it, even while the vocal's version is still queued", async () => {
  const { song, vocalId } = await songWithCompletedVocal();
  await applyVocal(song, vocalId);
  const edit = await editProduction(await reload(song), { mix: "underwater" });
  expect(edit).toMatchObject({ version: 3, vocalId });
  await renderSongVersion(song.id, 2);
  await renderSongVersion(song.id, 3);
  const after = await reload(song);
  expect(after.version).toBe(3);
  expect(after.vocalId).toBe(vocalId);
  expect(after.media?.mp3).toBe(`songs/${song.id}/v3/mix.mp3`);
  expect(after.media?.instrumental?.wav).toBe(`songs/${song.id}/v3/song.wav`);
  expect(await powerAt(after.media!.wav, VOCAL_HZ)).toBeGreaterThan((await powerAt(after.media!.instrumental!.wav, VOCAL_HZ)) * 3);
  // No early first seconds for a version with a vocal: they would be the instrumental alone.
  expect(await getStorage().stat(`songs/${song.id}/v3/preview.mp3`)).toBeNull();
});

test("taking the vocal off brings back the instrumental as a new version", async () => {
  const { song, vocalId } = await songWithCompletedVocal();
  await applyVocal(song, vocalId);
  await renderSongVersion(song.id, 2);
  const removal = await applyVocal(await reload(song), null);
  expect(removal).toMatchObject({ version: 3, vocalId: null, change: "vocals" });
  await renderSongVersion(song.id, 3);
  const after = await reload(song);
  expect(after.vocalId).toBeNull();
  expect(after.media).toEqual(song.media);
  expect(after.version).toBe(3);
});

test("only a finished vocal of this song can go on", async () => {
  const pending = await songWithCompletedVocal("pending");
  await expect(applyVocal(pending.song, pending.vocalId)).rejects.toMatchObject({ status: 409 });
  const other = await songWithCompletedVocal();
  await expect(applyVocal(pending.song, other.vocalId)).rejects.toMatchObject({ status: 404 });
});

test("a failed vocal shows the spec's message; a late failure never overwrites a finished vocal", async () => {
  const pending = await songWithCompletedVocal("pending");
  await giveUpOnVocal(pending.vocalId, new Error("boom"));
  expect(await vocalState(pending.song)).toMatchObject({ status: "error", errorCode: "generic_error", error: VOCAL_CREATE_FAILED_MESSAGE });

  const finished = await songWithCompletedVocal();
  await giveUpOnVocal(finished.vocalId, new Error("late"));
  expect((await vocalState(finished.song))?.status).toBe("completed");
});

test("a copy of a song with a vocal sings with its own copy of the vocal", async () => {
  const { song, vocalId, user } = await songWithCompletedVocal();
  await applyVocal(song, vocalId);
  await renderSongVersion(song.id, 2);
  const copy = await copySong(user, await reload(song));
  expect(copy.vocalId).not.toBeNull();
  expect(copy.vocalId).not.toBe(vocalId);
  const [vocal] = await database().db.select().from(songVocals).where(eq(songVocals.id, copy.vocalId!));
  expect(vocal).toMatchObject({ songId: copy.id, status: "completed", emphasis: 0.6 });
  expect(await getStorage().stat(vocal.vocalKey!)).not.toBeNull();
  expect(await getStorage().stat(copy.media!.instrumental!.wav)).not.toBeNull();
  // An edit of the copy re-mixes the copied vocal over the copy's new instrumental.
  await editProduction(copy, { mix: "underwater" });
  await renderSongVersion(copy.id, 2);
  const edited = (await findSong(copy.id))!;
  expect(edited.vocalId).toBe(copy.vocalId);
  expect(edited.media?.mp3).toBe(`songs/${copy.id}/v2/mix.mp3`);
});

test("tracking with vocals reports the pending vocal until the song sings with it, at a new audio URL", async () => {
  const { song, vocalId, user } = await songWithCompletedVocal();
  const [before] = await trackSongs(user, [song.id], { vocals: true });
  expect(before.vocal).toMatchObject({ id: vocalId, status: "completed", applied: false });
  expect(before.song).toMatchObject({ hasVocal: false, audioUrl: `/media/songs/${song.id}/song.mp3?v=1` });
  expect((await trackSongs(user, [song.id]))[0].vocal).toBeUndefined();

  await applyVocal(song, vocalId);
  expect((await trackSongs(user, [song.id], { vocals: true }))[0].vocal).toMatchObject({ applied: false, versionStatus: "queue" });
  await renderSongVersion(song.id, 2);
  const [after] = await trackSongs(user, [song.id], { vocals: true });
  expect(after.vocal).toMatchObject({ id: vocalId, applied: true, versionStatus: null });
  // Shared caches keep a public song's MP3 for a day: the song with its vocal has its own URL.
  expect(after.song).toMatchObject({ hasVocal: true, audioUrl: `/media/songs/${song.id}/song.mp3?v=2` });
});

test("the owner can fetch the song without its vocal (what a new take is sung over); nobody else can", async () => {
  const { song, vocalId, cookie } = await songWithCompletedVocal();
  const instrumental = (who?: string) =>
    callRoute(mediaRoute.loader, get(`/media/songs/${song.id}/instrumental.mp3`, who), { songId: song.id, file: "instrumental.mp3" });
  const before = await instrumental(cookie);
  expect(before.status).toBe(200);
  const original = Buffer.from(await before.arrayBuffer());
  await applyVocal(song, vocalId);
  await renderSongVersion(song.id, 2);
  const after = await instrumental(cookie);
  expect(after.headers.get("Cache-Control")).toContain("private");
  expect(Buffer.from(await after.arrayBuffer()).equals(original)).toBe(true);
  const played = await callRoute(mediaRoute.loader, get(`/media/songs/${song.id}/song.mp3`, cookie), { songId: song.id, file: "song.mp3" });
  expect(Buffer.from(await played.arrayBuffer()).equals(original)).toBe(false);
  const stranger = await signedIn(database);
  expect((await instrumental(stranger.cookie)).status).toBe(404);
  expect((await instrumental()).status).toBe(404);
});
