// A user's own take made into the song's vocal, against real Postgres and real renders, called the way Remix
// calls the routes: POST /api/vocal_files decodes WAV and MP3 (and refuses anything else on `vocalFile`),
// POST /api/song/vocal validates and queues vocal.generate, the job (run here by handing the queued job to its
// handler) auto-tunes an off-key take to the song's key and puts it on the song as a "vocals" version that the
// rerender mixes; DELETE takes it off; a take the engine refuses ends as "Unable to create vocal track".
import "../support/auth-env";
import { eq } from "drizzle-orm";
import { songVocals, vocalFiles } from "#drizzle/schema/index";
import { getBoss } from "#jobs/boss";
import { handle as vocalJob } from "#jobs/handlers/vocal.generate";
import { encodeMp3, encodeWav } from "~/engine/encode";
import { hzToMidi, pitchTrack } from "~/engine/vocals/pitch";
import { decodeAudio } from "~/engine/vocals/decode";
import { scalePitchClasses } from "~/engine/theory";
import { SAMPLE_RATE } from "~/engine/types";
import { findSong } from "~/models/song.server";
import * as uploadApi from "~/routes/api.vocal_files";
import * as vocalApi from "~/routes/api.song.vocal";
import * as songVocalApi from "~/routes/api.song.$id.vocal";
import * as vocalsPage from "~/routes/edit.$songId.vocals._index";
import * as modesPage from "~/routes/edit.$songId.vocals.modes";
import { getStorage } from "~/server/storage.server";
import { loadComposition, renderSongVersion } from "~/services/songs/edit.server";
import { VOCAL_CREATE_FAILED_MESSAGE } from "~/services/vocals/vocal-mix.server";
import { callRoute, createSession, createUser, get } from "../support/auth";
import { setupTestDatabase } from "../support/database";
import { completeSong as completeTestSong, signedIn as signedInUser, useSongServices } from "../support/songs";
import { singTake, type SungNote } from "../engine/takeFixtures";

const database = setupTestDatabase("postgres");
useSongServices(database);
const completeSong = () => completeTestSong(database);

async function answer(response: Response) {
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

async function upload(cookie: string, bytes: Uint8Array | string, name: string, type = "audio/wav") {
  const form = new FormData();
  form.append("vocalFile", new File([bytes as BlobPart], name, { type }));
  return answer(await callRoute(uploadApi.action, new Request("http://localhost/api/vocal_files", { method: "POST", body: form, headers: { Cookie: cookie } })));
}

const postVocal = async (cookie: string, body: unknown) =>
  answer(await callRoute(vocalApi.action, new Request("http://localhost/api/song/vocal", { method: "POST", headers: { "Content-Type": "application/json", Cookie: cookie }, body: JSON.stringify(body) })));

const vocalState = async (songId: string, cookie: string) => answer(await callRoute(songVocalApi.loader, get(`/api/song/${songId}/vocal`, cookie), { id: songId }));

/** Takes the queued vocal.generate job for `vocalId` and runs its handler as the worker would (attempt `retryCount`). */
async function runVocalJob(vocalId: string, retryCount = 0) {
  const jobs = await getBoss().fetch<{ songId: string; vocalId: string }>("vocal.generate", { batchSize: 20 });
  const mine = jobs.filter((job) => job.data.vocalId === vocalId).map((job) => ({ ...job, retryCount }));
  expect(mine.length).toBeGreaterThan(0);
  await vocalJob(mine as unknown as Parameters<typeof vocalJob>[0]);
}

/**
 * A sung-like take of the song's first seconds: harmonic notes with vibrato on the beats of the song's tempo,
 * each on a tone of the song's scale but sung 40 cents sharp, and the whole take 100 ms late.
 */
async function offKeyTake(songId: string, seconds = 6): Promise<{ wav: Uint8Array; notes: SungNote[]; scale: number[] }> {
  const song = (await findSong(songId))!;
  const composition = await loadComposition(song.compositionId!);
  const beat = 60 / composition.tempo;
  const scale = scalePitchClasses(composition.key);
  const notes: SungNote[] = [];
  for (let index = 0; (index + 1) * beat + 0.6 < seconds; index++) {
    const degree = [0, 2, 4, 2, 1, 3, 4, 0][index % 8];
    const midi = 57 + ((scale[degree] - 57 + 120) % 12) + 0.4;
    notes.push({ start: (index + 1) * beat + 0.1, duration: beat * 0.85, midi });
  }
  const mono = singTake(notes, { seconds, vibratoCents: 20 });
  return { wav: encodeWav({ sampleRate: SAMPLE_RATE, left: mono, right: mono.slice() }), notes, scale };
}

/** Mean distance (cents) of each note's median pitch from the nearest tone of the scale, over the notes' middles. */
function meanCentsFromScale(signal: Float32Array, notes: SungNote[], shift: number, scale: number[]): number {
  const track = pitchTrack(signal, SAMPLE_RATE, { hop: 256 });
  const distances = notes.flatMap((note) => {
    const start = note.start - shift;
    const values = track
      .filter((point) => point.hz > 0 && point.clarity > 0.7 && point.time > start + note.duration * 0.3 && point.time < start + note.duration * 0.7)
      .map((point) => hzToMidi(point.hz))
      .sort((a, b) => a - b);
    if (values.length === 0) return [];
    const midi = values[values.length >> 1];
    let best = Infinity;
    for (let candidate = Math.floor(midi) - 1; candidate <= Math.ceil(midi) + 1; candidate++) {
      if (scale.includes(((candidate % 12) + 12) % 12)) best = Math.min(best, Math.abs(midi - candidate) * 100);
    }
    return [best];
  });
  expect(distances.length).toBeGreaterThanOrEqual(notes.length - 1);
  return distances.reduce((sum, value) => sum + value, 0) / distances.length;
}

test("uploads: WAV and MP3 are decoded and stored as the user's WAV; anything else is a 400 on vocalFile", async () => {
  const { user, cookie } = await signedInUser(database);
  const tone = new Float32Array(22_050 * 2).map((_, index) => 0.3 * Math.sin((2 * Math.PI * 220 * index) / 22_050));
  // A 22.05 kHz mono WAV, as a phone might record it: resampled to 44.1 kHz stereo.
  const wav22 = encodeWav({ sampleRate: 22_050, left: tone, right: tone });
  const wav = await upload(cookie, wav22.slice(0), "take.wav");
  expect(wav.status).toBe(201);
  expect(wav.body.durationSeconds).toBeCloseTo(2, 2);
  const [row] = await database().db.select().from(vocalFiles).where(eq(vocalFiles.id, wav.body.vocalFileId));
  expect(row).toMatchObject({ userId: user.id, originalName: "take.wav", mimeType: "audio/wav" });
  const stored = await decodeAudio((await getStorage().get(row.storageKey))!);
  expect(stored.channels).toHaveLength(2);
  expect(stored.channels[0].length).toBe(2 * SAMPLE_RATE);

  const mp3 = await upload(cookie, await encodeMp3({ sampleRate: SAMPLE_RATE, left: tone, right: tone }), "take.mp3", "audio/mpeg");
  expect(mp3.status).toBe(201);
  expect(Math.abs(mp3.body.durationSeconds - 1)).toBeLessThan(0.1);

  const text = await upload(cookie, "not audio at all", "notes.txt", "text/plain");
  expect(text.status).toBe(400);
  expect(text.body.error.fields.vocalFile[0]).toMatch(/^Unsupported audio format/);
  const webm = await upload(cookie, new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0]), "take.webm", "audio/webm");
  expect(webm.body.error.fields.vocalFile[0]).toMatch(/WebM/);
  const empty = await upload(cookie, new Uint8Array(0), "empty.wav");
  expect(empty.status).toBe(400);
  expect(empty.body.error.fields.vocalFile).toBeDefined();
  // No file at all.
  const none = await answer(await callRoute(uploadApi.action, new Request("http://localhost/api/vocal_files", { method: "POST", body: new FormData(), headers: { Cookie: cookie } })));
  expect(none.status).toBe(400);
  expect(none.body.error.fields.vocalFile).toBeDefined();
  // Signed out: 401; unverified: 403.
  expect((await upload("", wav22.slice(0), "take.wav")).status).toBe(401);
  const unverified = await createUser(database().db, { verified: false });
  expect((await upload((await createSession(database().db, unverified.id)).cookie, wav22.slice(0), "take.wav")).status).toBe(403);
});

test("POST /api/song/vocal validates: a vocalFileId is needed, the file and the song must be the user's, emphasis 0..1, known effects", async () => {
  const { songId, cookie } = await completeSong();
  const other = await signedInUser(database);
  const { wav } = await offKeyTake(songId, 2);
  const mine = (await upload(cookie, wav, "take.wav")).body.vocalFileId as string;
  const theirs = (await upload(other.cookie, wav, "take.wav")).body.vocalFileId as string;

  const missing = await postVocal(cookie, { songId, autoVocal: true, emphasis: 0.5 });
  expect(missing.status).toBe(400);
  expect(missing.body.error.fields.vocalFileId).toBeDefined();
  const someoneElses = await postVocal(cookie, { songId, vocalFileId: theirs });
  expect(someoneElses.status).toBe(404);
  expect(someoneElses.body.error.fields.vocalFileId).toBeDefined();
  // Someone else's song (with their own take): the guard answers 404, an unverified user 403.
  expect((await postVocal(other.cookie, { songId, vocalFileId: theirs })).status).toBe(404);
  const unverified = await createUser(database().db, { verified: false });
  expect((await postVocal((await createSession(database().db, unverified.id)).cookie, { songId, vocalFileId: mine })).status).toBe(403);
  const badEmphasis = await postVocal(cookie, { songId, vocalFileId: mine, emphasis: 1.5 });
  expect(badEmphasis.status).toBe(400);
  expect(badEmphasis.body.error.fields.emphasis).toBeDefined();
  const badEffect = await postVocal(cookie, { songId, vocalFileId: mine, options: { pitchEffect: "avpr_extreme" } });
  expect(badEffect.status).toBe(400);
  expect(badEffect.body.error.fields["options.pitchEffect"]).toBeDefined();
  expect(await database().db.select().from(songVocals).where(eq(songVocals.songId, songId))).toHaveLength(0);
  expect((await vocalState(songId, cookie)).status).toBe(404);

  // Without autoVocal only the production effect is kept.
  const plain = await postVocal(cookie, { songId, vocalFileId: mine, autoVocal: false, emphasis: 0.3, options: { pitchEffect: "avpr_hard" } });
  expect(plain.status).toBe(202);
  expect(plain.body).toMatchObject({ kind: "take", status: "pending", autoVocal: false, emphasis: 0.3, applied: false });
  const [row] = await database().db.select().from(songVocals).where(eq(songVocals.id, plain.body.id));
  expect(row.options).toEqual({ productionEffect: "fxch_av_autotune_w_reverb" });
  expect(row.vocalFileId).toBe(mine);
});

test("the job auto-tunes an off-key take to the song's key, the rerender mixes it, DELETE takes it off", async () => {
  const { songId, cookie } = await completeSong();
  const { wav, notes, scale } = await offKeyTake(songId);
  const uploaded = await upload(cookie, wav, "take.wav");
  const started = await postVocal(cookie, { songId, vocalFileId: uploaded.body.vocalFileId, autoVocal: true, emphasis: 0.7 });
  expect(started.status).toBe(202);
  const [row] = await database().db.select().from(songVocals).where(eq(songVocals.id, started.body.id));
  expect(row.options).toEqual({ compositionEffect: "v2_autovocal", pitchEffect: "avpr_mild", productionEffect: "fxch_av_autotune_w_reverb" });

  await runVocalJob(started.body.id);
  const [done] = await database().db.select().from(songVocals).where(eq(songVocals.id, started.body.id));
  expect(done.status).toBe("completed");
  expect(done.vocalKey).toBe(`songs/${songId}/vocals/${done.id}/vocal.wav`);
  const produced = await decodeAudio((await getStorage().get(done.vocalKey!))!);
  expect(produced.channels).toHaveLength(2);
  const take = (await decodeAudio(wav)).channels[0];
  const before = meanCentsFromScale(take, notes, 0, scale);
  // Aligned (the 100 ms lateness is taken out) and pulled towards the scale (mild: 80 % of the way).
  const after = meanCentsFromScale(produced.channels[0], notes, 0.1, scale);
  expect(before).toBeGreaterThan(30);
  expect(after).toBeLessThan(before / 2);

  // The job queued the version that puts the vocal on; the pending vocal is not applied until it renders.
  const pending = await vocalState(songId, cookie);
  expect(pending.body).toMatchObject({ id: done.id, status: "completed", applied: false, versionStatus: "queue" });
  const song = (await findSong(songId))!;
  await renderSongVersion(songId, song.version + 1);
  const mixed = (await findSong(songId))!;
  expect(mixed.vocalId).toBe(done.id);
  expect(mixed.media?.instrumental).toEqual({ mp3: song.media!.mp3, wav: song.media!.wav, peaks: song.media!.peaks });
  expect(mixed.media?.mp3).toMatch(/mix\.mp3$/);
  expect((await vocalState(songId, cookie)).body).toMatchObject({ applied: true });

  // A retry of the finished job changes nothing: no second version.
  await vocalJob([{ id: "retry", name: "vocal.generate", data: { songId, vocalId: done.id }, retryCount: 1 }] as unknown as Parameters<typeof vocalJob>[0]);
  expect((await findSong(songId))!.version).toBe(mixed.version);

  const removed = await callRoute(songVocalApi.action, new Request(`http://localhost/api/song/${songId}/vocal`, { method: "DELETE", headers: { Cookie: cookie } }), { id: songId });
  expect(removed.status).toBe(202);
  await renderSongVersion(songId, mixed.version + 1);
  const without = (await findSong(songId))!;
  expect(without.vocalId).toBeNull();
  expect(without.media?.instrumental).toBeUndefined();
  expect(without.media?.mp3).toBe(song.media!.mp3);
  // A stray retry of the take's job after the removal leaves the song without it.
  await vocalJob([{ id: "late", name: "vocal.generate", data: { songId, vocalId: done.id }, retryCount: 1 }] as unknown as Parameters<typeof vocalJob>[0]);
  expect((await findSong(songId))!.version).toBe(without.version);
  expect((await vocalState(songId, cookie)).body.versionStatus).toBeNull();
  const again = await callRoute(songVocalApi.action, new Request(`http://localhost/api/song/${songId}/vocal`, { method: "DELETE", headers: { Cookie: cookie } }), { id: songId });
  expect(again.status).toBe(404);
}, 120_000);

test("a job's last failed attempt sets the error; a silent take is refused at once with the same message", async () => {
  const { songId, cookie } = await completeSong();
  const { wav } = await offKeyTake(songId, 2);
  const uploaded = await upload(cookie, wav, "take.wav");
  const started = await postVocal(cookie, { songId, vocalFileId: uploaded.body.vocalFileId });
  // The take's file is gone from storage: every attempt fails; the last one gives up.
  const [file] = await database().db.select().from(vocalFiles).where(eq(vocalFiles.id, uploaded.body.vocalFileId));
  await getStorage().delete(file.storageKey);
  const jobs = (await getBoss().fetch<{ songId: string; vocalId: string }>("vocal.generate", { batchSize: 20 })).filter((job) => job.data.vocalId === started.body.id);
  await expect(vocalJob([{ ...jobs[0], retryCount: 0 }] as unknown as Parameters<typeof vocalJob>[0])).rejects.toThrow(/missing/);
  expect((await vocalState(songId, cookie)).body.status).toBe("pending");
  await expect(vocalJob([{ ...jobs[0], retryCount: 3 }] as unknown as Parameters<typeof vocalJob>[0])).rejects.toThrow(/missing/);
  expect((await vocalState(songId, cookie)).body).toMatchObject({ status: "error", error: VOCAL_CREATE_FAILED_MESSAGE, applied: false });

  // Pure silence: the engine refuses it on the first attempt, no retries.
  const silent = new Float32Array(SAMPLE_RATE * 2);
  const silence = await upload(cookie, encodeWav({ sampleRate: SAMPLE_RATE, left: silent, right: silent }), "silence.wav");
  expect(silence.status).toBe(201);
  const quiet = await postVocal(cookie, { songId, vocalFileId: silence.body.vocalFileId });
  await runVocalJob(quiet.body.id, 0);
  expect((await vocalState(songId, cookie)).body).toMatchObject({ id: quiet.body.id, status: "error", error: VOCAL_CREATE_FAILED_MESSAGE });
  expect((await findSong(songId))!.vocalId).toBeNull();
}, 60_000);

test("the Vocals page without JavaScript: a multipart post uploads and queues the take; a bad file is an error on the field; None without a vocal goes back", async () => {
  const { songId, cookie } = await completeSong();
  const pagePost = async (route: typeof vocalsPage.action, url: string, form: FormData) =>
    callRoute(route, new Request(new URL(url, "http://localhost"), { method: "POST", body: form, headers: { Cookie: cookie } }), { songId });

  const none = await pagePost(modesPage.action, `/edit/${songId}/vocals/modes`, new FormData());
  expect(none.status).toBe(302);
  expect(none.headers.get("Location")).toBe(`/edit/${songId}`);

  const bad = new FormData();
  bad.append("mode", "auto");
  bad.append("vocalFile", new File(["hello"], "notes.txt", { type: "text/plain" }));
  const refused = await pagePost(vocalsPage.action, `/edit/${songId}/vocals`, bad);
  expect(refused.status).toBe(400);
  expect((await refused.json()).errors.vocalFile).toMatch(/^Unsupported audio format/);

  const { wav } = await offKeyTake(songId, 2);
  const form = new FormData();
  form.append("mode", "custom");
  form.append("emphasis", "0.8");
  form.append("pitchEffect", "none");
  form.append("productionEffect", "fxch_av_autotune_w_reverb");
  form.append("vocalFile", new File([wav as BlobPart], "take.wav", { type: "audio/wav" }));
  const sent = await pagePost(vocalsPage.action, `/edit/${songId}/vocals`, form);
  expect(sent.status).toBe(302);
  expect(sent.headers.get("Location")).toBe(`/edit/${songId}/vocals?mode=custom`);
  const [row] = await database().db.select().from(songVocals).where(eq(songVocals.songId, songId));
  // Custom mode with no pitch correction: production effect only.
  expect(row).toMatchObject({ kind: "take", status: "pending", autoVocal: false, emphasis: 0.8, options: { productionEffect: "fxch_av_autotune_w_reverb" } });

  // The page follows the take while it is made.
  const page = await callRoute(vocalsPage.loader, get(`/edit/${songId}/vocals?mode=custom`, cookie), { songId });
  expect(await page.json()).toMatchObject({ mode: "custom", waiting: true, hasVocal: false, vocal: { id: row.id, status: "pending" } });
});
