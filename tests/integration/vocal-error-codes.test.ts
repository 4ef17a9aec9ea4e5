// Every spec 1 §8 error of lyrics and vocals, produced for real and checked as the user reads it. Each row of
// the tables below makes its case through the real API or job (against real Postgres and the real engine),
// then hands the real answer to the function the page uses to turn it into what it shows: the poll state
// machines (generative-vocals-poll.ts, vocal-poll.ts, lyrics-poll.ts, which the pages run with JavaScript)
// or the pages' own loader and action (without JavaScript). docs/vocals-flow.md has the catalogue.
import "../support/auth-env";
import { eq } from "drizzle-orm";
import { lyricsGenerations, protectedLyrics, songLyrics, songVocals } from "#drizzle/schema/index";
import { getBoss } from "#jobs/boss";
import { handle as vocalJob } from "#jobs/handlers/vocal.generate";
import { queues } from "#jobs/queues";
import { MAX_LYRICS_CHARACTERS, type LyricsSection } from "~/engine/lyrics";
import { encodeWav } from "~/engine/encode";
import { SAMPLE_RATE } from "~/engine/types";
import { syllabifyLine } from "~/engine/vocals/syllabify";
import { initialVocalPollState as initialGenerated, vocalPollStep as generatedStep, type VocalPollEvent as GeneratedEvent } from "~/components/generative-vocals/generative-vocals-poll";
import { initialPollState as initialLyrics, lyricsPollStep } from "~/components/lyrics/lyrics-poll";
import { initialVocalPollState as initialTake, VOCAL_POLL_MAX, VOCAL_TIMEOUT_MESSAGE, vocalPollStep as takeStep } from "~/components/vocals/vocal-poll";
import { findSong } from "~/models/song.server";
import * as vocalsApi from "~/routes/api.song.$id.generative_vocals";
import * as saveApi from "~/routes/api.song.$id.generative_vocals.save";
import * as lyricsApi from "~/routes/api.song.$id.lyrics";
import * as lyricsStatusApi from "~/routes/api.song.$id.lyrics.status";
import * as takeApi from "~/routes/api.song.vocal";
import * as songVocalApi from "~/routes/api.song.$id.vocal";
import * as uploadApi from "~/routes/api.vocal_files";
import * as generativePage from "~/routes/edit.$songId.vocals.generativeVocals";
import * as reviewPage from "~/routes/edit.$songId.vocals.generativeVocalsReview";
import * as lyricsPage from "~/routes/edit.$songId.vocals.addLyrics";
import * as takesPage from "~/routes/edit.$songId.vocals._index";
import { getStorage } from "~/server/storage.server";
import { VOCAL_DAILY_LIMIT_MESSAGE, DAILY_VOCAL_GENERATIONS } from "~/services/vocals/generative-vocals.server";
import { DAILY_LIMIT_MESSAGE, DAILY_LYRICS_GENERATIONS, LYRICS_PROMPT_MAX, NO_LYRICS_MESSAGE, PROMPT_TOO_LONG_MESSAGE } from "~/services/lyrics/song-lyrics.server";
import { GENERIC_VOCAL_ERROR, VOCAL_ERROR_MESSAGES } from "~/services/vocals/error-codes";
import { callRoute, get, post } from "../support/auth";
import { setupTestDatabase } from "../support/database";
import { setLyrics, songWithLyrics, withWords } from "../support/lyrics";
import { completeSong as completeTestSong, useSongServices } from "../support/songs";

const database = setupTestDatabase("postgres");
useSongServices(database);

async function answer(response: Response) {
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}
const send = (method: string, url: string, body: unknown, cookie: string) =>
  new Request(new URL(url, "http://localhost"), { method, headers: { "Content-Type": "application/json", Cookie: cookie }, body: JSON.stringify(body) });

const generate = async (songId: string, cookie: string, body: unknown = { voice: "aria" }) =>
  answer(await callRoute(vocalsApi.action, send("POST", `/api/song/${songId}/generative_vocals`, body, cookie), { id: songId }));
const generatedStatus = async (songId: string, cookie: string) => answer(await callRoute(vocalsApi.loader, get(`/api/song/${songId}/generative_vocals`, cookie), { id: songId }));

type Made = Awaited<ReturnType<typeof songWithLyrics>>;


/** Runs the queued vocal.generate job of a vocal as the worker would, on attempt `retryCount`. */
async function runJob(vocalId: string, retryCount = 0) {
  const jobs = (await getBoss().fetch<{ songId: string; vocalId: string }>("vocal.generate", { batchSize: 50 })).filter((job) => job.data.vocalId === vocalId);
  expect(jobs.length).toBeGreaterThan(0);
  await vocalJob(jobs.map((job) => ({ ...job, retryCount })) as unknown as Parameters<typeof vocalJob>[0]);
}

// ---- Generated vocals ----

/** What the generated vocals page (with JavaScript) shows after Generate, given the real answers. */
async function shownAfterGenerate({ songId, cookie }: Made, body: unknown = { voice: "aria" }, afterStart?: (vocalId: string) => Promise<void>) {
  const started = await generate(songId, cookie, body);
  let state = generatedStep(initialGenerated, { type: "started" });
  if (started.status !== 202) {
    // The page: dispatch({ type: "rejected", httpStatus, code, message }) with the POST's answer.
    state = generatedStep(state, { type: "rejected", httpStatus: started.status, code: started.body?.error?.code, message: started.body?.error?.message });
  } else {
    await afterStart?.(started.body.vocal_id);
    const polled = await generatedStatus(songId, cookie);
    expect(polled.status).toBe(200);
    const event: GeneratedEvent = { type: "status", status: polled.body.status, errorCode: polled.body.error_code, error: polled.body.error, progress: polled.body.progress };
    state = generatedStep(state, event);
  }
  return { started, state, error: state.phase === "error" ? state.error : state.phase === "polling" ? state.contentError : null };
}

interface GeneratedCase {
  code: string;
  /** What the user reads: exact, or a pattern for a message naming a line. */
  message: string | RegExp;
  kind: "generic" | "content" | "specific";
  /** The POST's HTTP status, or 202 when the job ends with the code. */
  http: number;
  lines?: number;
  produce: (made: Made) => Promise<Awaited<ReturnType<typeof shownAfterGenerate>>>;
}

const generatedCases: GeneratedCase[] = [
  { code: "missing_voice_selection", http: 400, kind: "specific", message: VOCAL_ERROR_MESSAGES.missing_voice_selection, produce: (made) => shownAfterGenerate(made, {}) },
  {
    code: "lyrics_are_empty",
    http: 422,
    kind: "specific",
    message: VOCAL_ERROR_MESSAGES.lyrics_are_empty,
    produce: async (made) => {
      await database().db.delete(songLyrics).where(eq(songLyrics.songId, made.songId));
      return shownAfterGenerate(made);
    },
  },
  {
    code: "at_least_one_section_error",
    http: 422,
    kind: "specific",
    message: VOCAL_ERROR_MESSAGES.at_least_one_section_error,
    produce: async (made) => {
      await setLyrics(database, made.songId, [{ type: "verse", lines: [] }]);
      return shownAfterGenerate(made);
    },
  },
  {
    // §8 maps language_check_error to the generic error.
    code: "language_check_error",
    http: 422,
    kind: "generic",
    message: GENERIC_VOCAL_ERROR,
    produce: async (made) => {
      await setLyrics(database, made.songId, withWords(made.sections, ["Camino solo por la playa cuando cae la noche", "y la luz de la mañana se queda en el mar"]));
      return shownAfterGenerate(made);
    },
  },
  {
    code: "insufficient_language_content",
    http: 422,
    kind: "content",
    message: VOCAL_ERROR_MESSAGES.insufficient_language_content,
    produce: async (made) => {
      await setLyrics(database, made.songId, withWords(made.sections, ["hey", "yo"]));
      return shownAfterGenerate(made);
    },
  },
  {
    code: "copyright_check_error",
    http: 422,
    kind: "content",
    message: VOCAL_ERROR_MESSAGES.copyright_check_error,
    produce: async (made) => {
      await setLyrics(database, made.songId, withWords(made.sections, ["we walk along the quiet harbour wall tonight", "and every light is shining on the water"]));
      await database().db.insert(protectedLyrics).values({ title: "Harbour", artist: "Someone", text: "we walk along the quiet harbour wall tonight and every light" });
      return shownAfterGenerate(made);
    },
  },
  {
    code: "invalid_syllable_count",
    http: 422,
    kind: "specific",
    message: /^Line 1 of section 1 \(".*"\) has \d+ syllables; its phrase fits at most \d+\.$/,
    produce: async (made) => {
      // Plain English prose, so the language check (which runs first) passes whatever the second line is:
      // one word repeated thirty times was sometimes taken for another language.
      const tooLong =
        "every single morning I remember all the wonderful adventures that we discovered together by the ocean " +
        "when the summer was young and the evening light was falling softly on the water and the gentle wind was singing";
      await setLyrics(database, made.songId, withWords(made.sections, [tooLong]));
      return shownAfterGenerate(made);
    },
  },
  {
    code: "lyrics_have_not_changed",
    http: 422,
    kind: "specific",
    message: VOCAL_ERROR_MESSAGES.lyrics_have_not_changed,
    produce: async (made) => {
      expect((await generate(made.songId, made.cookie)).status).toBe(202);
      return shownAfterGenerate(made);
    },
  },
  {
    // §8 "Generate vocals 429: the server message is stored as the error".
    code: "daily_limit",
    http: 429,
    kind: "specific",
    message: VOCAL_DAILY_LIMIT_MESSAGE,
    produce: async (made) => {
      await database().db.insert(songVocals).values(Array.from({ length: DAILY_VOCAL_GENERATIONS }, () => ({ songId: made.songId, kind: "generated" as const, voiceId: "leo", status: "error" as const })));
      return shownAfterGenerate(made);
    },
  },
  {
    // An admin protects the text after the request was accepted: the job checks again before singing.
    code: "copyright_violation_error",
    http: 202,
    kind: "specific",
    message: VOCAL_ERROR_MESSAGES.copyright_violation_error,
    produce: async (made) => {
      // The song's own lines, accepted by the POST, then found in a text an admin protects.
      const sung = made.sections[0].lines.map((line) => line.value).join(" ");
      expect(sung.split(/\s+/).length).toBeGreaterThanOrEqual(8);
      return shownAfterGenerate(made, undefined, async (vocalId) => {
        await database().db.insert(protectedLyrics).values({ title: "Sea Song", artist: "Someone", text: `oh ${sung} and on` });
        await runJob(vocalId);
      });
    },
  },
  {
    // The second line is timed to two 16ths: within its phrase's limit (the POST accepts it), but the melody
    // writer has fewer notes than syllables for it.
    code: "syllable_count_error",
    http: 202,
    kind: "content",
    message: /^Line 2 of section 1 \(".*"\) has \d+ syllables; the melody has only [12] notes for it\. Shorten the line or split it\.$/,
    produce: async (made) => {
      const song = (await findSong(made.songId))!;
      const sixteenth = 60 / (song.tempo ?? 120) / 4;
      const [first, second] = made.sections[0].lines;
      expect(syllabifyLine(second.value).length).toBeGreaterThan(2);
      const squeezed: LyricsSection[] = [{ ...made.sections[0], lines: [first, { ...second, timing: { start: second.timing.start, end: second.timing.start + 2 * sixteenth } }] }];
      await setLyrics(database, made.songId, squeezed);
      return shownAfterGenerate(made, undefined, (vocalId) => runJob(vocalId));
    },
  },
  {
    // Every line is timed an hour in, after the song's end: the POST finds no phrase to measure them on, the
    // melody writer no room for a note.
    code: "vocal_melody_error",
    http: 202,
    kind: "specific",
    message: VOCAL_ERROR_MESSAGES.vocal_melody_error,
    produce: async (made) => {
      const late = 3600;
      await setLyrics(database, made.songId, [{ ...made.sections[0], lines: made.sections[0].lines.map((line, index) => ({ ...line, timing: { start: late + index * 3, end: late + index * 3 + 2.5 } })) }]);
      return shownAfterGenerate(made, undefined, (vocalId) => runJob(vocalId));
    },
  },
  {
    // The job crashes on every attempt (the instrumental is missing from storage); the last one gives up.
    code: "generic_error",
    http: 202,
    kind: "generic",
    message: GENERIC_VOCAL_ERROR,
    lines: 1,
    produce: async (made) => {
      const song = (await findSong(made.songId))!;
      return shownAfterGenerate(made, undefined, async (vocalId) => {
        await getStorage().delete(song.media!.instrumental?.wav ?? song.media!.wav);
        await expect(runJob(vocalId, queues["vocal.generate"].retryLimit)).rejects.toThrow(/missing/);
      });
    },
  },
];

describe("generated vocals: each §8 code is produced by the server and shown with its message", () => {
  test.each(generatedCases)("$code → $http, shown as $kind", async ({ code, http, kind, message, produce, lines }) => {
    const made = await songWithLyrics(database, lines ?? 2);
    try {
      const { started, error } = await produce(made);
      expect(started.status).toBe(http);
      if (http !== 202) expect(started.body.error.code).toBe(code);
      else expect((await generatedStatus(made.songId, made.cookie)).body).toMatchObject({ status: "error", error_code: code });
      expect(error).toMatchObject({ kind, code });
      if (typeof message === "string") expect(error!.message).toBe(message);
      else expect(error!.message).toMatch(message);

      if (http === 202) {
        // Without JavaScript: the page reloads with ?wait=n and shows the stored error the same way.
        const page = await answer(await callRoute(generativePage.loader, get(`/edit/${made.songId}/vocals/generativeVocals?wait=2`, made.cookie), { songId: made.songId }));
        expect(page.body.latest).toMatchObject({ status: "error", errorCode: code });
      } else {
        // Without JavaScript: the form posts to the page, whose action answers the same code and message.
        const form: Record<string, string> = code === "missing_voice_selection" ? {} : { voice: "aria" };
        const posted = await answer(await callRoute(generativePage.action, post(`/edit/${made.songId}/vocals/generativeVocals`, form, made.cookie), { songId: made.songId }));
        expect(posted.status).toBe(http);
        expect(posted.body.error).toMatchObject({ code });
      }
    } finally {
      await database().db.delete(protectedLyrics);
    }
  }, 180_000);

  test("generative_vocal_invalid_status: saving while the newest vocal is being sung, or after it failed, is a 409 with its message", async () => {
    const made = await songWithLyrics(database);
    const started = await generate(made.songId, made.cookie);
    expect(started.status).toBe(202);
    const save = async () => answer(await callRoute(saveApi.action, send("POST", `/api/song/${made.songId}/generative_vocals/save`, {}, made.cookie), { id: made.songId }));
    const pending = await save();
    expect(pending).toEqual({ status: 409, body: { error: { status: 409, code: "generative_vocal_invalid_status", message: VOCAL_ERROR_MESSAGES.generative_vocal_invalid_status } } });
    // The review page (JavaScript) shows the save's message through the pending-vocal wait.
    const shown = takeStep(initialTake, { type: "rejected", message: pending.body.error.message });
    expect(shown).toEqual({ phase: "error", message: "This vocal is not finished, so there is nothing to save yet." });
    // Without JavaScript: the review page's action answers the same.
    const posted = await answer(await callRoute(reviewPage.action, post(`/edit/${made.songId}/vocals/generativeVocalsReview`, {}, made.cookie), { songId: made.songId }));
    expect(posted).toEqual({ status: 409, body: { error: { code: "generative_vocal_invalid_status", message: VOCAL_ERROR_MESSAGES.generative_vocal_invalid_status } } });

    await database().db.update(songVocals).set({ status: "error", errorCode: "generic_error" }).where(eq(songVocals.id, started.body.vocal_id));
    expect((await save()).status).toBe(409);
    expect((await findSong(made.songId))!.vocalId).toBeNull();
    // The status poll never answers this code: every status it can report is one the page acts on.
    expect(generatedStep(generatedStep(initialGenerated, { type: "started" }), { type: "status", status: "generative_vocal_invalid_status" })).toMatchObject({ phase: "error", error: { kind: "generic", message: GENERIC_VOCAL_ERROR } });
  });
});

// ---- Lyrics ----

describe("lyrics: 429, 422 and 404 show the server's message", () => {
  const generateLyricsCall = async (songId: string, cookie: string, prompt: string) =>
    answer(await callRoute(lyricsApi.action, send("POST", `/api/song/${songId}/lyrics`, { prompt }, cookie), { id: songId }));
  const pagePost = async (songId: string, cookie: string, fields: Record<string, string>) =>
    answer(await callRoute(lyricsPage.action, post(`/edit/${songId}/vocals/addLyrics`, fields, cookie), { songId }));

  test.each([
    {
      name: "generate 429: the daily limit",
      http: 429,
      message: DAILY_LIMIT_MESSAGE,
      produce: async (made: { songId: string; cookie: string; user: { id: string } }) => {
        await database().db.insert(lyricsGenerations).values(Array.from({ length: DAILY_LYRICS_GENERATIONS }, () => ({ userId: made.user.id, songId: made.songId })));
        return "rain on the harbour";
      },
    },
    { name: "generate 422: the prompt's character limit", http: 422, message: PROMPT_TOO_LONG_MESSAGE, produce: async () => "a".repeat(LYRICS_PROMPT_MAX + 1) },
  ])("$name", async ({ http, message, produce }) => {
    const made = await completeTestSong(database);
    const prompt = await produce(made);
    const refused = await generateLyricsCall(made.songId, made.cookie, prompt);
    expect(refused.status).toBe(http);
    // With JavaScript: dispatch({ type: "rejected", message: body.error.message }).
    expect(lyricsPollStep(lyricsPollStep(initialLyrics, { type: "started" }), { type: "rejected", message: refused.body.error.message })).toEqual({ phase: "error", message });
    // Without JavaScript: the page's action puts it under the prompt.
    const posted = await pagePost(made.songId, made.cookie, { intent: "generate", prompt });
    expect(posted).toMatchObject({ status: http, body: { errors: { prompt: message } } });
  });

  test("save 422: the lyrics' character limit is the content error", async () => {
    const made = await completeTestSong(database);
    const value = "word ".repeat(Math.ceil(MAX_LYRICS_CHARACTERS / 5) + 10).trim();
    const put = await answer(await callRoute(lyricsApi.action, send("PUT", `/api/song/${made.songId}/lyrics`, { lyrics: { sections: [{ type: "verse", lines: [{ value }] }] } }, made.cookie), { id: made.songId }));
    expect(put).toMatchObject({ status: 422, body: { error: { code: "character_limit", message: `The lyrics are too long: keep them to ${MAX_LYRICS_CHARACTERS} characters.` } } });
    const posted = await pagePost(made.songId, made.cookie, { sectionType: "verse", "line.0": value, intent: "save" });
    expect(posted).toMatchObject({ status: 422, body: { errors: { lyrics: put.body.error.message } } });
  });

  test("status 404: the server's message is stored", async () => {
    const made = await completeTestSong(database);
    const missing = await answer(await callRoute(lyricsStatusApi.loader, get(`/api/song/${made.songId}/lyrics/status`, made.cookie), { id: made.songId }));
    expect(missing.status).toBe(404);
    const state = lyricsPollStep(lyricsPollStep(initialLyrics, { type: "started" }), { type: "notFound", message: missing.body.error.message });
    expect(state).toEqual({ phase: "error", message: NO_LYRICS_MESSAGE });
  });
});

// ---- Takes: the pending vocal ----

describe("takes: the vocal create failure and the wait timeout", () => {
  const vocalAnswer = async (songId: string, cookie: string) => answer(await callRoute(songVocalApi.loader, get(`/api/song/${songId}/vocal`, cookie), { id: songId }));

  async function sendSilentTake(songId: string, cookie: string) {
    const silent = new Float32Array(SAMPLE_RATE * 2);
    const form = new FormData();
    form.append("vocalFile", new File([encodeWav({ sampleRate: SAMPLE_RATE, left: silent, right: silent }) as BlobPart], "silence.wav", { type: "audio/wav" }));
    const uploaded = await answer(await callRoute(uploadApi.action, new Request("http://localhost/api/vocal_files", { method: "POST", body: form, headers: { Cookie: cookie } })));
    expect(uploaded.status).toBe(201);
    const sent = await answer(await callRoute(takeApi.action, send("POST", "/api/song/vocal", { songId, vocalFileId: uploaded.body.vocalFileId }, cookie)));
    expect(sent.status).toBe(202);
    return sent.body.id as string;
  }

  test('"Unable to create vocal track": the job refuses a silent take; the wait shows the message', async () => {
    const made = await completeTestSong(database);
    const vocalId = await sendSilentTake(made.songId, made.cookie);
    await runJob(vocalId);
    const polled = await vocalAnswer(made.songId, made.cookie);
    expect(polled.body).toMatchObject({ id: vocalId, status: "error" });
    const state = takeStep(takeStep(initialTake, { type: "started", vocalId }), { type: "polled", vocal: polled.body });
    expect(state).toEqual({ phase: "error", message: "Unable to create vocal track" });
    // Without JavaScript the Vocals tab shows the stored error.
    const page = await answer(await callRoute(takesPage.loader, get(`/edit/${made.songId}/vocals`, made.cookie), { songId: made.songId }));
    expect(page.body.vocal).toMatchObject({ kind: "take", status: "error", error: "Unable to create vocal track" });
  }, 60_000);

  test('"Timed out waiting for vocal": a take never processed; the wait gives up, and so does the page without JavaScript', async () => {
    const made = await completeTestSong(database);
    const vocalId = await sendSilentTake(made.songId, made.cookie);
    // The job never runs: every answer is "pending".
    let state = takeStep(initialTake, { type: "started", vocalId });
    for (let poll = 0; poll < VOCAL_POLL_MAX; poll++) {
      expect(state.phase).toBe("waiting");
      const polled = await vocalAnswer(made.songId, made.cookie);
      expect(polled.body).toMatchObject({ id: vocalId, status: "pending", applied: false });
      state = takeStep(state, { type: "polled", vocal: polled.body });
    }
    expect(state).toEqual({ phase: "error", message: VOCAL_TIMEOUT_MESSAGE });
    expect(VOCAL_TIMEOUT_MESSAGE).toBe("Timed out waiting for vocal");

    await database().db.update(songVocals).set({ createdAt: new Date(Date.now() - 6 * 60_000) }).where(eq(songVocals.id, vocalId));
    const page = await answer(await callRoute(takesPage.loader, get(`/edit/${made.songId}/vocals`, made.cookie), { songId: made.songId }));
    expect(page.body).toMatchObject({ timedOut: true, waiting: false });
  }, 120_000);
});
