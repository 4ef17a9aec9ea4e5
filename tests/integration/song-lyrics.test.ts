// The lyrics APIs against real Postgres, called the way Remix calls them: POST …/lyrics queues the
// lyrics.generate job (run here by handing the queued job to its handler) and the lines fit the song's
// phrases; the daily limit (429), the character limits (422), a status before any lyrics (404), someone
// else's song (404), a read-only song (403), the PUT/GET/DELETE round trip, timings and syllable counts;
// and the /edit/{id}/vocals/addLyrics page's loader and plain-form action (JavaScript off).
import "../support/auth-env";
import { eq } from "drizzle-orm";
import { featureFlags, lyricsGenerations, songLyrics, songs, subscriptions } from "#drizzle/schema/index";
import { getBoss } from "#jobs/boss";
import { handle as generateJob } from "#jobs/handlers/lyrics.generate";
import { lineSyllables, MAX_LYRICS_CHARACTERS } from "~/engine/lyrics";
import * as promptApi from "~/routes/api.lyrics.prompt";
import * as countApi from "~/routes/api.lyrics.syllable_count";
import * as lyricsApi from "~/routes/api.song.$id.lyrics";
import * as statusApi from "~/routes/api.song.$id.lyrics.status";
import * as songCountApi from "~/routes/api.song.$id.lyrics.syllable_count";
import * as timingApi from "~/routes/api.song.$id.lyrics.timing";
import * as lyricsPage from "~/routes/edit.$songId.vocals.addLyrics";
import { setFlag } from "~/server/flags.server";
import { DAILY_LIMIT_MESSAGE, DAILY_LYRICS_GENERATIONS, GENERATION_FAILED_MESSAGE, LYRICS_PROMPT_MAX, NO_LYRICS_MESSAGE, PROMPT_TOO_LONG_MESSAGE } from "~/services/lyrics/song-lyrics.server";
import { callRoute, get, post } from "../support/auth";
import { setupTestDatabase } from "../support/database";
import { completeSong as completeTestSong, signedIn as signedInUser, useSongServices } from "../support/songs";

const database = setupTestDatabase("postgres");

useSongServices(database);
const signedIn = () => signedInUser(database);
const completeSong = () => completeTestSong(database);

const send = (method: string, url: string, body: unknown, cookie?: string) =>
  new Request(new URL(url, "http://localhost"), {
    method,
    headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });

async function answer(response: Response) {
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const generate = async (songId: string, cookie: string, prompt = "rain on a quiet harbour at night") =>
  answer(await callRoute(lyricsApi.action, send("POST", `/api/song/${songId}/lyrics`, { prompt }, cookie), { id: songId }));
const status = async (songId: string, cookie: string) => answer(await callRoute(statusApi.loader, get(`/api/song/${songId}/lyrics/status`, cookie), { id: songId }));

/** Takes the queued lyrics.generate job and runs its handler, as the worker would. */
async function runQueuedJob(songId: string) {
  const jobs = await getBoss().fetch<{ lyricsId: string }>("lyrics.generate", { batchSize: 10 });
  const mine = jobs.filter((job) => job.data.lyricsId === songId);
  expect(mine.length).toBeGreaterThan(0);
  await generateJob(mine as Parameters<typeof generateJob>[0]);
}

test("POST queues the job; the job completes with lines that fit their phrases; timing and counts follow", async () => {
  const { songId, cookie } = await completeSong();
  const started = await generate(songId, cookie);
  expect(started).toEqual({ status: 202, body: { status: "pending" } });
  expect((await status(songId, cookie)).body).toEqual({ status: "pending" });
  const [row] = await database().db.select().from(songLyrics).where(eq(songLyrics.songId, songId));
  expect(row.seed).not.toBeNull();

  await runQueuedJob(songId);
  expect(await status(songId, cookie)).toEqual({ status: 200, body: { status: "completed" } });
  const { body } = await answer(await callRoute(lyricsApi.loader, get(`/api/song/${songId}/lyrics`, cookie), { id: songId }));
  const lines = body.lyrics.sections.flatMap((section: { lines: { value: string; syllableTarget: number }[] }) => section.lines);
  expect(lines.length).toBeGreaterThan(2);
  expect(body.lyrics.language).toBe("English");
  expect(body.lyrics.prompt).toBe("rain on a quiet harbour at night");
  // The generator aims at the target; ±2 is its last fallback.
  for (const line of lines) expect(Math.abs(lineSyllables(line.value) - line.syllableTarget)).toBeLessThanOrEqual(2);

  const timing = await answer(await callRoute(timingApi.loader, get(`/api/song/${songId}/lyrics/timing`, cookie), { id: songId }));
  expect(timing.status).toBe(200);
  expect(timing.body.lines).toHaveLength(lines.length);
  const phrases = timing.body.plan.sections.flatMap((section: { phrases: { start: number }[] }) => section.phrases);
  expect(phrases.map((phrase: { start: number }) => phrase.start)).toContain(timing.body.lines[0].start);

  const counted = await answer(await callRoute(songCountApi.loader, get(`/api/song/${songId}/lyrics/syllable_count`, cookie), { id: songId }));
  const first = counted.body.lyrics_with_syllable_count.sections[0].lines[0];
  expect(first.syllableCount).toBe(lineSyllables(first.value));
  expect(first.syllableLimit).toBeGreaterThanOrEqual(first.syllableTarget);
  for (const section of counted.body.lyrics_with_syllable_count.sections) {
    for (const line of section.lines) expect(line.syllableCount).toBeLessThanOrEqual(line.syllableLimit);
  }

  // A retry of the same generation writes the same lines (the seed is stored).
  await database().db.update(songLyrics).set({ status: "generating" }).where(eq(songLyrics.songId, songId));
  await generateJob([{ id: "retry", name: "lyrics.generate", data: { lyricsId: songId } }] as unknown as Parameters<typeof generateJob>[0]);
  const again = await answer(await callRoute(lyricsApi.loader, get(`/api/song/${songId}/lyrics`, cookie), { id: songId }));
  expect(again.body.lyrics.sections).toEqual(body.lyrics.sections);
});

test("the job's last failed attempt sets the error status with a message; a job overtaken by a hand edit writes nothing", async () => {
  const { songId, cookie } = await completeSong();
  expect((await generate(songId, cookie)).status).toBe(202);
  const [job] = (await getBoss().fetch<{ lyricsId: string }>("lyrics.generate", { batchSize: 10 })).filter((queued) => queued.data.lyricsId === songId);
  const { compositionId } = (await database().db.select({ compositionId: songs.compositionId }).from(songs).where(eq(songs.id, songId)))[0];
  // A song whose composition cannot be read makes every attempt fail.
  await database().db.update(songs).set({ compositionId: null }).where(eq(songs.id, songId));
  const early = { ...job, retryCount: 0 } as unknown as Parameters<typeof generateJob>[0][number];
  await expect(generateJob([early])).rejects.toThrow();
  expect((await status(songId, cookie)).body).toEqual({ status: "generating" });
  const last = { ...job, retryCount: 2 } as unknown as Parameters<typeof generateJob>[0][number];
  await expect(generateJob([last])).rejects.toThrow();
  expect((await status(songId, cookie)).body).toEqual({ status: "error", error: GENERATION_FAILED_MESSAGE });

  // The user asks again, then writes the lines by hand before the job runs: the job leaves them alone.
  await database().db.update(songs).set({ compositionId }).where(eq(songs.id, songId));
  expect((await generate(songId, cookie)).status).toBe(202);
  const lyrics = { sections: [{ type: "verse", lines: [{ value: "written by hand" }] }], language: "English" };
  expect((await callRoute(lyricsApi.action, send("PUT", `/api/song/${songId}/lyrics`, { lyrics }, cookie), { id: songId })).status).toBe(200);
  await runQueuedJob(songId);
  const kept = await answer(await callRoute(lyricsApi.loader, get(`/api/song/${songId}/lyrics`, cookie), { id: songId }));
  expect(kept.body.lyrics.sections).toHaveLength(1);
  expect(kept.body.lyrics.sections[0].lines.map((line: { value: string }) => line.value)).toEqual(["written by hand"]);
});

test("the daily limit answers 429 with the server's message, and no job is queued", async () => {
  const { user, songId, cookie } = await completeSong();
  const rows = Array.from({ length: DAILY_LYRICS_GENERATIONS }, () => ({ userId: user.id, songId }));
  await database().db.insert(lyricsGenerations).values(rows);
  const refused = await generate(songId, cookie);
  expect(refused.status).toBe(429);
  expect(refused.body.error.message).toBe(DAILY_LIMIT_MESSAGE);
  expect((await status(songId, cookie)).status).toBe(404);
  // Generations older than a day no longer count.
  await database().db.update(lyricsGenerations).set({ createdAt: new Date(Date.now() - 25 * 3600_000) }).where(eq(lyricsGenerations.userId, user.id));
  expect((await generate(songId, cookie)).status).toBe(202);
});

test("a prompt over its limit and lyrics over theirs answer 422; an empty prompt 400", async () => {
  const { songId, cookie } = await completeSong();
  const long = await generate(songId, cookie, "a".repeat(LYRICS_PROMPT_MAX + 1));
  expect(long.status).toBe(422);
  expect(long.body.error.message).toBe(PROMPT_TOO_LONG_MESSAGE);
  const empty = await generate(songId, cookie, "   ");
  expect(empty.status).toBe(400);
  expect(empty.body.error.fields).toHaveProperty("prompt");

  const value = "word ".repeat(Math.ceil(MAX_LYRICS_CHARACTERS / 5) + 10).trim();
  const put = await answer(
    await callRoute(lyricsApi.action, send("PUT", `/api/song/${songId}/lyrics`, { lyrics: { sections: [{ type: "verse", lines: [{ value }] }] } }, cookie), { id: songId }),
  );
  expect(put.status).toBe(422);
  expect(put.body.error.code).toBe("character_limit");
});

test("the status of a song without lyrics is a 404 with the server's message", async () => {
  const { songId, cookie } = await completeSong();
  const missing = await status(songId, cookie);
  expect(missing.status).toBe(404);
  expect(missing.body.error.message).toBe(NO_LYRICS_MESSAGE);
  expect((await answer(await callRoute(lyricsApi.loader, get(`/api/song/${songId}/lyrics`, cookie), { id: songId }))).status).toBe(404);
});

test("someone else's song is a 404; a read-only song can be read (200) but not changed (403)", async () => {
  const { user, songId, cookie } = await completeSong();
  const stranger = await signedIn();
  expect((await generate(songId, stranger.cookie)).status).toBe(404);
  expect((await status(songId, stranger.cookie)).status).toBe(404);
  expect((await answer(await callRoute(lyricsApi.loader, get(`/api/song/${songId}/lyrics`, stranger.cookie), { id: songId }))).status).toBe(404);

  const lyrics = { sections: [{ type: "verse", lines: [{ value: "the harbour lights are low" }] }], language: "English" };
  expect((await answer(await callRoute(lyricsApi.action, send("PUT", `/api/song/${songId}/lyrics`, { lyrics }, cookie), { id: songId }))).status).toBe(200);
  await database().db.insert(subscriptions).values({ userId: user.id, productId: 1, currentPeriodEnd: new Date(Date.now() + 86_400_000) });
  await database().db.update(songs).set({ masteredAt: new Date() }).where(eq(songs.id, songId));
  expect((await generate(songId, cookie)).status).toBe(403);
  expect((await answer(await callRoute(lyricsApi.action, send("PUT", `/api/song/${songId}/lyrics`, { lyrics }, cookie), { id: songId }))).status).toBe(403);
  expect((await answer(await callRoute(lyricsApi.action, send("DELETE", `/api/song/${songId}/lyrics`, {}, cookie), { id: songId }))).status).toBe(403);
  expect((await answer(await callRoute(lyricsApi.loader, get(`/api/song/${songId}/lyrics`, cookie), { id: songId }))).status).toBe(200);
});

test("PUT, GET and DELETE round trip: lines fitted to phrases, language normalised, bad language 400", async () => {
  const { songId, cookie } = await completeSong();
  const put = (lyrics: unknown) => callRoute(lyricsApi.action, send("PUT", `/api/song/${songId}/lyrics`, { lyrics }, cookie), { id: songId }).then(answer);
  const saved = await put({
    sections: [
      { type: "verse", lines: [{ value: "  the harbour   lights are low " }, { value: "and I am walking home" }] },
      { type: "chorus", lines: [{ value: "hold the night" }] },
    ],
    language: "No Lyrics",
  });
  expect(saved.status).toBe(200);
  const read = await answer(await callRoute(lyricsApi.loader, get(`/api/song/${songId}/lyrics`, cookie), { id: songId }));
  expect(read.body.lyrics.language).toBe("None");
  expect(read.body.lyrics.sections[0].lines[0].value).toBe("the harbour lights are low");
  expect(read.body.lyrics.sections.map((section: { type: string }) => section.type)).toEqual(["verse", "chorus"]);
  const timing = await answer(await callRoute(timingApi.loader, get(`/api/song/${songId}/lyrics/timing`, cookie), { id: songId }));
  const verse = timing.body.plan.sections.find((section: { type: string }) => section.type === "verse");
  if (verse) {
    expect(read.body.lyrics.sections[0].lines[0].timing.start).toBe(verse.phrases[0].start);
    expect(read.body.lyrics.sections[0].lines[0].syllableTarget).toBe(verse.phrases[0].syllableTarget);
  }

  expect((await put({ sections: [], language: "" })).status).toBe(200);
  expect((await answer(await callRoute(lyricsApi.loader, get(`/api/song/${songId}/lyrics`, cookie), { id: songId }))).body.lyrics.language).toBe("None");
  const french = await put({ sections: [], language: "french" });
  expect(french.body.lyrics.language).toBe("French");
  const klingon = await put({ sections: [], language: "Klingon" });
  expect(klingon.status).toBe(400);
  expect(klingon.body.error.fields).toHaveProperty("language");
  const badType = await put({ sections: [{ type: "hook", lines: [] }] });
  expect(badType.status).toBe(400);
  expect(Object.keys(badType.body.error.fields)[0]).toMatch(/^lyrics\.sections\.0\.type/);

  const removed = await callRoute(lyricsApi.action, send("DELETE", `/api/song/${songId}/lyrics`, {}, cookie), { id: songId });
  expect(removed.status).toBe(204);
  expect((await status(songId, cookie)).status).toBe(404);
  expect((await callRoute(lyricsApi.action, send("DELETE", `/api/song/${songId}/lyrics`, {}, cookie), { id: songId })).status).toBe(404);
});

test("POST /api/lyrics/syllable_count counts a line; GET /api/lyrics/prompt gives ideas; both need a user", async () => {
  const { cookie } = await signedIn();
  const counted = await answer(await callRoute(countApi.action, send("POST", "/api/lyrics/syllable_count", { line: "the harbour lights are low" }, cookie)));
  expect(counted).toEqual({ status: 200, body: { syllable_count: 6 } });
  expect((await answer(await callRoute(countApi.action, send("POST", "/api/lyrics/syllable_count", {}, cookie)))).status).toBe(400);
  expect((await callRoute(countApi.action, send("POST", "/api/lyrics/syllable_count", { line: "hello" }))).status).toBe(401);
  const ideas = await answer(await callRoute(promptApi.loader, get("/api/lyrics/prompt", cookie)));
  expect(ideas.status).toBe(200);
  expect(ideas.body.prompts.length).toBe(promptApi.PROMPT_IDEA_COUNT);
  for (const prompt of ideas.body.prompts) expect(typeof prompt).toBe("string");
});

describe("the /edit/{id}/vocals/addLyrics page", () => {
  const page = `/edit/:id/vocals/addLyrics`;
  const url = (songId: string, query = "") => page.replace(":id", songId) + query;
  const load = async (songId: string, cookie: string) => (await callRoute(lyricsPage.loader, get(url(songId), cookie), { songId })).json();
  const submit = (songId: string, cookie: string, fields: [string, string][]) =>
    callRoute(
      lyricsPage.action,
      new Request(new URL(url(songId), "http://localhost"), {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
      }),
      { songId },
    );

  test("without JavaScript: generate redirects back; add and remove a line save the form; save keeps the edits", async () => {
    const { songId, cookie } = await completeSong();
    const generated = await callRoute(lyricsPage.action, post(url(songId), { intent: "generate", prompt: "paper boats on a river" }, cookie), { songId });
    expect(generated.status).toBe(302);
    expect(generated.headers.get("Location")).toBe(url(songId));
    expect((await load(songId, cookie)).status).toBe("pending");
    await runQueuedJob(songId);
    const loaded = await load(songId, cookie);
    expect(loaded.status).toBe("completed");
    const first = loaded.lyrics.sections[0];
    expect(first.lines[0].count).toBe(lineSyllables(first.lines[0].value));

    const fields = (lines: string[]): [string, string][] => [["sectionType", first.type], ...lines.map((line): [string, string] => [`line.0`, line]), ["language", "English"]];
    const added = await submit(songId, cookie, [...fields(["the river carries paper", "and the light is low"]), ["intent", "addLine:0"]]);
    expect(added.headers.get("Location")).toBe(url(songId));
    expect((await load(songId, cookie)).lyrics.sections.map((section: { lines: { value: string }[] }) => section.lines.map((line) => line.value))).toEqual([
      ["the river carries paper", "and the light is low", ""],
    ]);
    await submit(songId, cookie, [...fields(["the river carries paper", "and the light is low", ""]), ["intent", "removeLine:0:1"]]);
    const saved = await submit(songId, cookie, [...fields(["the river carries paper", "gone"]), ["intent", "save"]]);
    expect(saved.headers.get("Location")).toBe(url(songId, "?saved=1"));
    const after = await load(songId, cookie);
    expect(after.lyrics.sections[0].lines.map((line: { value: string }) => line.value)).toEqual(["the river carries paper", "gone"]);
    expect(after.lyrics.sections[0].lines[0].target).toBe(first.lines[0].target);
    expect(after.lyrics.language).toBe("English");
  });

  test("errors come back for their field: prompt 422 and 429, lyrics 422, language 400", async () => {
    const { user, songId, cookie } = await completeSong();
    const long = await callRoute(lyricsPage.action, post(url(songId), { intent: "generate", prompt: "a".repeat(LYRICS_PROMPT_MAX + 1) }, cookie), { songId });
    expect(long.status).toBe(422);
    expect((await long.json()).errors).toEqual({ prompt: PROMPT_TOO_LONG_MESSAGE });
    await database().db.insert(lyricsGenerations).values(Array.from({ length: DAILY_LYRICS_GENERATIONS }, () => ({ userId: user.id, songId })));
    const limited = await callRoute(lyricsPage.action, post(url(songId), { intent: "generate", prompt: "rain" }, cookie), { songId });
    expect(limited.status).toBe(429);
    expect((await limited.json()).errors).toEqual({ prompt: DAILY_LIMIT_MESSAGE });
    const tooLong = await submit(songId, cookie, [["sectionType", "verse"], ["line.0", "la ".repeat(MAX_LYRICS_CHARACTERS)], ["intent", "save"]]);
    expect(tooLong.status).toBe(422);
    expect((await tooLong.json()).errors).toHaveProperty("lyrics");
    const klingon = await submit(songId, cookie, [["sectionType", "verse"], ["line.0", "hello"], ["language", "Klingon"], ["intent", "save"]]);
    expect(klingon.status).toBe(400);
    expect((await klingon.json()).errors).toEqual({ language: "Choose a language from the list." });
  });

  test("syllable counts are shown only while enable_syllable_count_ui is on", async () => {
    const { songId, cookie } = await completeSong();
    // The flag row as the seed makes it; setFlag also clears this process's flag cache.
    await database().db.insert(featureFlags).values({ key: "enable_syllable_count_ui", active: true }).onConflictDoNothing();
    await setFlag("enable_syllable_count_ui", true);
    await submit(songId, cookie, [["sectionType", "verse"], ["line.0", "the harbour lights are low"], ["intent", "save"]]);
    const on = await load(songId, cookie);
    expect(on.showCounts).toBe(true);
    expect(on.lyrics.sections[0].lines[0].count).toBe(6);
    await setFlag("enable_syllable_count_ui", false);
    const off = await load(songId, cookie);
    expect(off.showCounts).toBe(false);
    expect(off.lyrics.sections[0].lines[0].count).toBeNull();
    await setFlag("enable_syllable_count_ui", true);
  });

  test("a read-only song shows its lyrics; its form posts are sent back to the options page", async () => {
    const { user, songId, cookie } = await completeSong();
    await submit(songId, cookie, [["sectionType", "verse"], ["line.0", "the harbour lights are low"], ["intent", "save"]]);
    await database().db.insert(subscriptions).values({ userId: user.id, productId: 2, currentPeriodEnd: new Date(Date.now() + 86_400_000) });
    await database().db.update(songs).set({ masteredAt: new Date() }).where(eq(songs.id, songId));
    const loaded = await load(songId, cookie);
    expect(loaded.readOnlyReason).toBeTruthy();
    expect(loaded.lyrics.sections[0].lines[0].value).toBe("the harbour lights are low");
    const refused = await submit(songId, cookie, [["sectionType", "verse"], ["line.0", "changed"], ["intent", "save"]]);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).toMatch(new RegExp(`^/edit/${songId}\\?error=`));
    const stranger = await signedIn();
    const away = await callRoute(lyricsPage.loader, get(url(songId), stranger.cookie), { songId });
    expect(away.headers.get("Location")).toBe(`/s/${songId}`);
  });
});
