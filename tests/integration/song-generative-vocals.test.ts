// Generated vocals against real Postgres, real renders and espeak-ng, called the way Remix calls the routes:
// each spec 1 §8 refusal through POST /api/song/{id}/generative_vocals (no voice, empty, not English,
// protected, syllable count, unchanged, 429); the vocal.generate job singing the lyrics into a stored vocal
// (a 44.1 kHz stereo WAV) and a review mix; saving it as a "vocals" version the rerender completes with
// media.instrumental; a job's last failure setting the error; the voices API and a voice preview.
import "../support/auth-env";
import { eq } from "drizzle-orm";
import { protectedLyrics, songLyrics, songVocals } from "#drizzle/schema/index";
import { getBoss } from "#jobs/boss";
import { handle as vocalJob } from "#jobs/handlers/vocal.generate";
import { decodeAudio } from "~/engine/vocals";
import { findSong } from "~/models/song.server";
import * as voicesApi from "~/routes/api.generative_vocals.voices";
import * as vocalsApi from "~/routes/api.song.$id.generative_vocals";
import * as saveApi from "~/routes/api.song.$id.generative_vocals.save";
import * as reviewMedia from "~/routes/media.songs.$songId.vocals.$vocalId.$file";
import * as previewMedia from "~/routes/media.voices.$voiceId.preview[.]mp3";
import * as generativePage from "~/routes/edit.$songId.vocals.generativeVocals";
import { getStorage } from "~/server/storage.server";
import { renderSongVersion } from "~/services/songs/edit.server";
import { DAILY_VOCAL_GENERATIONS, VOCAL_DAILY_LIMIT_MESSAGE } from "~/services/vocals/generative-vocals.server";
import { VOCAL_CREATE_FAILED_MESSAGE } from "~/services/vocals/vocal-mix.server";
import * as protectedAdmin from "~/routes/admin.protected_lyrics";
import { callRoute, createSession, createUser, get, post } from "../support/auth";
import { setupTestDatabase } from "../support/database";
import { setLyrics, songWithLyrics, withWords } from "../support/lyrics";
import { signedIn, useSongServices } from "../support/songs";

const database = setupTestDatabase("postgres");
useSongServices(database);

async function answer(response: Response) {
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const postJson = (url: string, body: unknown, cookie: string) =>
  new Request(new URL(url, "http://localhost"), { method: "POST", headers: { "Content-Type": "application/json", Cookie: cookie }, body: JSON.stringify(body) });

const generate = async (songId: string, cookie: string, body: unknown = { voice: "aria" }) =>
  answer(await callRoute(vocalsApi.action, postJson(`/api/song/${songId}/generative_vocals`, body, cookie), { id: songId }));
const status = async (songId: string, cookie: string) => answer(await callRoute(vocalsApi.loader, get(`/api/song/${songId}/generative_vocals`, cookie), { id: songId }));


/** Takes the queued vocal.generate jobs of a vocal and runs the handler, as the worker would. */
async function runQueuedJob(vocalId: string) {
  const jobs = await getBoss().fetch<{ songId: string; vocalId: string }>("vocal.generate", { batchSize: 20 });
  const mine = jobs.filter((job) => job.data.vocalId === vocalId);
  expect(mine.length).toBeGreaterThan(0);
  await vocalJob(mine as Parameters<typeof vocalJob>[0]);
}

test("no voice: 400 missing_voice_selection; an unknown voice: 400 for the field", async () => {
  const { songId, cookie } = await songWithLyrics(database);
  const missing = await generate(songId, cookie, {});
  expect(missing.status).toBe(400);
  expect(missing.body.error.code).toBe("missing_voice_selection");
  expect(missing.body.error.message).toBe("Choose a voice first.");
  const unknown = await generate(songId, cookie, { voice: "nobody" });
  expect(unknown.status).toBe(400);
  expect(unknown.body.error.fields.voice).toEqual(["Choose one of the voices."]);
});

test("content refusals are 422 with their §8 code: empty, not English, protected, syllable count; nothing is queued", async () => {
  const { songId, cookie, sections } = await songWithLyrics(database);
  const refused = async () => (await generate(songId, cookie)).body.error.code;

  await database().db.delete(songLyrics).where(eq(songLyrics.songId, songId));
  expect(await generate(songId, cookie)).toMatchObject({ status: 422, body: { error: { code: "lyrics_are_empty" } } });
  await setLyrics(database, songId, withWords(sections, ["", " "]));
  expect(await refused()).toBe("lyrics_are_empty");

  await setLyrics(database, songId, withWords(sections, ["Camino solo por la playa cuando cae la noche", "y la luz de la mañana se queda en el mar"]));
  expect(await refused()).toBe("language_check_error");
  await setLyrics(database, songId, withWords(sections, ["hey", "yo"]));
  expect(await refused()).toBe("insufficient_language_content");

  await setLyrics(database, songId, withWords(sections, ["we walk along the quiet harbour wall tonight", "and every light is shining on the water"]));
  await database().db.insert(protectedLyrics).values({ title: "Harbour", artist: "Someone", text: "Oh we walk along the quiet harbour wall tonight, and every light is shining" });
  const copyright = await generate(songId, cookie);
  expect(copyright.status).toBe(422);
  expect(copyright.body.error.code).toBe("copyright_check_error");
  expect(copyright.body.error.message).toBe("The lyrics contain words from a protected song. Please write your own.");
  await database().db.delete(protectedLyrics);

  await setLyrics(database, songId, withWords(sections, [Array.from({ length: 30 }, () => "beautiful").join(" ")]));
  const syllables = await generate(songId, cookie);
  expect(syllables.status).toBe(422);
  expect(syllables.body.error.code).toBe("invalid_syllable_count");
  expect(syllables.body.error.message).toMatch(/Line 1 of section 1 .* has \d+ syllables; its phrase fits at most \d+\./);

  expect(await database().db.select().from(songVocals).where(eq(songVocals.songId, songId))).toHaveLength(0);
  expect(await status(songId, cookie)).toMatchObject({ status: 404 });
});

test("past the daily limit: 429 with the message", async () => {
  const { songId, cookie } = await songWithLyrics(database);
  await database().db.insert(songVocals).values(Array.from({ length: DAILY_VOCAL_GENERATIONS }, () => ({ songId, kind: "generated" as const, voiceId: "leo", status: "error" as const })));
  expect(await generate(songId, cookie)).toEqual({ status: 429, body: { error: { status: 429, code: "daily_limit", message: VOCAL_DAILY_LIMIT_MESSAGE } } });
});

test("the job sings the lyrics into a stored vocal and a review mix; unchanged lyrics are refused; saving puts the vocal on the song", async () => {
  const { songId, cookie, user, sections } = await songWithLyrics(database);
  const started = await generate(songId, cookie);
  expect(started.status).toBe(202);
  expect(started.body.status).toBe("pending");
  const vocalId = started.body.vocal_id;
  const [row] = await database().db.select().from(songVocals).where(eq(songVocals.id, vocalId));
  expect(row).toMatchObject({ kind: "generated", voiceId: "aria", emphasis: 0.5, lyricsSnapshot: sections, status: "pending" });
  expect((await status(songId, cookie)).body).toMatchObject({ status: "pending", vocal_id: vocalId, saved: false, applied: false });

  await runQueuedJob(vocalId);
  const done = await status(songId, cookie);
  expect(done.body).toMatchObject({ status: "completed", progress: 1, mix_url: `/media/songs/${songId}/vocals/${vocalId}/mix.mp3` });
  const [finished] = await database().db.select().from(songVocals).where(eq(songVocals.id, vocalId));
  expect(finished.vocalKey).toBe(`songs/${songId}/vocals/${vocalId}/vocal.wav`);
  const vocal = await decodeAudio((await getStorage().get(finished.vocalKey!))!);
  expect(vocal.sampleRate).toBe(44_100);
  expect(vocal.channels).toHaveLength(2);
  // Aligned to the song: silent before the first line, singing during it.
  const firstLine = sections[0].lines[0].timing;
  const rms = (from: number, to: number) => {
    const samples = vocal.channels[0].subarray(Math.floor(from * 44_100), Math.floor(to * 44_100));
    return Math.sqrt(samples.reduce((sum, x) => sum + x * x, 0) / Math.max(1, samples.length));
  };
  if (firstLine.start > 1) expect(rms(0, firstLine.start - 0.5)).toBeLessThan(0.001);
  expect(rms(firstLine.start, firstLine.end)).toBeGreaterThan(0.01);
  expect((await getStorage().stat(finished.mixKey!))?.size).toBeGreaterThan(1000);

  // The review files: the owner gets them, anyone else a 404.
  const mix = await callRoute(reviewMedia.loader, get(`/media/songs/${songId}/vocals/${vocalId}/mix.mp3`, cookie), { songId, vocalId, file: "mix.mp3" });
  expect(mix.status).toBe(200);
  expect(mix.headers.get("Content-Type")).toBe("audio/mpeg");
  const stranger = await signedIn(database);
  expect((await callRoute(reviewMedia.loader, get(`/media/songs/${songId}/vocals/${vocalId}/mix.mp3`, stranger.cookie), { songId, vocalId, file: "mix.mp3" })).status).toBe(404);

  // The same voice on the same lyrics is refused; another voice may sing them.
  expect(await generate(songId, cookie)).toMatchObject({ status: 422, body: { error: { code: "lyrics_have_not_changed" } } });

  const saved = await answer(await callRoute(saveApi.action, postJson(`/api/song/${songId}/generative_vocals/save`, {}, cookie), { id: songId }));
  expect(saved).toEqual({ status: 202, body: { status: "pending", vocal_id: vocalId } });
  expect((await status(songId, cookie)).body).toMatchObject({ saved: true, applied: false, version_status: "queue" });
  const before = (await findSong(songId))!;
  await renderSongVersion(songId, before.version + 1);
  const after = (await findSong(songId))!;
  expect(after.vocalId).toBe(vocalId);
  expect(after.media?.instrumental).toBeDefined();
  expect((await status(songId, cookie)).body).toMatchObject({ applied: true });
  expect(user.id).toBe(after.userId);
}, 180_000);

test("a job's last failed attempt sets the error with its code; the page shows the code's message", async () => {
  const { songId, cookie } = await songWithLyrics(database);
  // A vocal whose voice is gone: the melody cannot be fitted to it.
  const [row] = await database().db.insert(songVocals).values({ songId, kind: "generated", voiceId: "retired-voice", lyricsSnapshot: [] }).returning();
  const job = { id: "last-try", name: "vocal.generate", data: { songId, vocalId: row.id }, retryCount: 3 } as unknown as Parameters<typeof vocalJob>[0][number];
  await expect(vocalJob([job])).rejects.toThrow();
  const failed = await status(songId, cookie);
  expect(failed.body).toMatchObject({ status: "error", error_code: "vocal_melody_error", error: VOCAL_CREATE_FAILED_MESSAGE });

  const page = await callRoute(generativePage.loader, get(`/edit/${songId}/vocals/generativeVocals?wait=3`, cookie), { songId });
  expect(page.status).toBe(200);
  expect((await page.json()).latest).toMatchObject({ status: "error", errorCode: "vocal_melody_error" });
});

test("the voices API lists the six voices; a preview is rendered once and served as MP3", async () => {
  const { cookie } = await signedIn(database);
  const { body } = await answer(await callRoute(voicesApi.loader, get("/api/generative_vocals/voices", cookie)));
  expect(body.voices).toHaveLength(6);
  expect(body.voices[0]).toEqual({ voice_id: "aria", name: "Aria", gender: "female", description: expect.any(String), preview_url: "/media/voices/aria/preview.mp3" });
  expect((await callRoute(voicesApi.loader, get("/api/generative_vocals/voices"))).status).toBe(401);

  const first = await callRoute(previewMedia.loader, get("/media/voices/leo/preview.mp3", cookie), { voiceId: "leo" });
  expect(first.status).toBe(200);
  expect(first.headers.get("Cache-Control")).toContain("max-age=86400");
  const bytes = new Uint8Array(await first.arrayBuffer());
  expect(bytes.length).toBeGreaterThan(5000);
  const stored = await getStorage().stat("voices/leo/preview-v1.mp3");
  expect(stored?.size).toBe(bytes.length);
  const again = await callRoute(previewMedia.loader, get("/media/voices/leo/preview.mp3", cookie, { "If-None-Match": stored!.etag }), { voiceId: "leo" });
  expect(again.status).toBe(304);
  expect((await callRoute(previewMedia.loader, get("/media/voices/nobody/preview.mp3", cookie), { voiceId: "nobody" })).status).toBe(404);
}, 120_000);

test("/admin/protected_lyrics: a super admin adds and removes protected lyrics with plain forms; other staff go to the dashboard", async () => {
  const admin = await createUser(database().db, { isAdmin: true, roles: ["super_admin"] });
  const { cookie } = await createSession(database().db, admin.id);
  const invalid = await callRoute(protectedAdmin.action, post("/admin/protected_lyrics", { intent: "add", title: "", artist: "Band", text: "words" }, cookie));
  expect(invalid.status).toBe(400);
  expect((await invalid.json()).errors.title).toBe("Give the song's title.");

  const added = await callRoute(protectedAdmin.action, post("/admin/protected_lyrics", { intent: "add", title: "Sea Song", artist: "The Band", text: "every light is shining on the water of the bay tonight" }, cookie));
  expect(added.status).toBe(302);
  const listed = await (await callRoute(protectedAdmin.loader, get("/admin/protected_lyrics", cookie))).json();
  const entry = listed.entries.find((row: { title: string }) => row.title === "Sea Song");
  expect(entry).toMatchObject({ artist: "The Band", excerpt: "every light is shining on the water of the bay tonight" });
  const [stored] = await database().db.select().from(protectedLyrics).where(eq(protectedLyrics.id, entry.id));
  expect(stored.addedBy).toBe(admin.id);

  await callRoute(protectedAdmin.action, post("/admin/protected_lyrics", { intent: "remove", id: entry.id }, cookie));
  expect(await database().db.select().from(protectedLyrics).where(eq(protectedLyrics.id, entry.id))).toHaveLength(0);

  const musicAdmin = await createUser(database().db, { isAdmin: true, roles: ["music_admin"] });
  const refused = await callRoute(protectedAdmin.loader, get("/admin/protected_lyrics", (await createSession(database().db, musicAdmin.id)).cookie));
  expect(refused.status).toBe(302);
  expect(refused.headers.get("Location")).toBe("/admin");
  const user = await signedIn(database);
  const stranger = await callRoute(protectedAdmin.action, post("/admin/protected_lyrics", { intent: "remove", id: "x" }, user.cookie));
  expect(stranger.headers.get("Location")).toBe("/");
});
