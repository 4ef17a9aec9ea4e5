// Generated vocals in a real browser: the owner has lyrics, picks a voice (a radio card), generates, sees the
// progress, reviews (the mix's <audio> loads), saves, and the song plays with the vocal; and lyrics with a
// protected run of words show the content error, and a text protected after Generate ends the job with its code. One song is made through the API in beforeAll and rendered by
// the server's worker, which also runs vocal.generate and the rerender.
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from "@playwright/test";
import { protectedLyrics } from "#drizzle/schema/index";
import { closeE2eDb, e2eDb, signedInUser, useCookies } from "./support/auth";
import { createCompleteSong, SONG_READY_MS } from "./support/songs";

/** 25 polls of 5 s: the page gives up after that. */
const VOCAL_READY_MS = 130_000;
const SAVED_MS = 180_000;

let cookie: string;
let songId: string;
let api: APIRequestContext;

async function setLyrics(lines: string[]) {
  const response = await api.put(`/api/song/${songId}/lyrics`, { data: { lyrics: { language: "English", sections: [{ type: "verse", lines: lines.map((value) => ({ value })) }] } } });
  expect(response.status()).toBe(200);
}

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(SONG_READY_MS + 60_000);
  const signed = await signedInUser();
  cookie = signed.cookie;
  api = await playwrightRequest.newContext({ baseURL: testInfo.project.use.baseURL, extraHTTPHeaders: { Cookie: cookie } });
  songId = await createCompleteSong(api);
});

test.afterAll(async () => {
  await api?.dispose();
  await closeE2eDb();
});

async function open(page: Page, baseURL: string | undefined) {
  await useCookies(page.context(), cookie, baseURL!);
  await page.goto(`/edit/${songId}/vocals/generativeVocals`);
}

test.describe.configure({ mode: "serial" });

test("lyrics with a protected run of words: the content error is shown", async ({ page, baseURL }) => {
  await e2eDb().insert(protectedLyrics).values({ title: "Bay", artist: "Someone", text: "Oh every light is shining on the water of the bay tonight" });
  await setLyrics(["every light is shining on the water", "of the bay tonight"]);
  await open(page, baseURL);
  await expect(page.getByTestId("gv-lyrics")).toContainText("every light is shining on the water");
  await page.getByRole("radio", { name: /Aria/ }).check();
  await page.getByRole("button", { name: "Generate vocals" }).click();
  const error = page.getByTestId("gv-error");
  await expect(error).toHaveText("The lyrics contain words from a protected song. Please write your own.");
  await expect(error).toHaveAttribute("data-kind", "content");
  await e2eDb().delete(protectedLyrics);
});

test("pick a voice, generate, see the progress, review the mix, save: the song plays with the vocal", async ({ page, baseURL }) => {
  test.setTimeout(VOCAL_READY_MS + SAVED_MS + 60_000);
  await setLyrics(["the sun is on the sea", "we walk along the shore"]);
  await open(page, baseURL);
  // The voice picker: six cards, each a radio with a preview player; chosen with the keyboard.
  await expect(page.getByRole("radio")).toHaveCount(6);
  await expect(page.getByLabel("Preview Leo")).toHaveAttribute("src", "/media/voices/leo/preview.mp3");
  await page.getByRole("radio", { name: /Leo/ }).focus();
  await page.keyboard.press("Space");
  await expect(page.getByRole("radio", { name: /Leo/ })).toBeChecked();
  await page.getByRole("button", { name: "Generate vocals" }).click();
  await expect(page.getByTestId("gv-progress")).toBeVisible();

  await expect(page).toHaveURL(new RegExp(`/edit/${songId}/vocals/generativeVocalsReview$`), { timeout: VOCAL_READY_MS });
  await expect(page.getByRole("heading", { name: /sung by Leo/ })).toBeVisible();
  const mix = page.getByTestId("gv-review-mix");
  const src = await mix.getAttribute("src");
  expect(src).toMatch(new RegExp(`^/media/songs/${songId}/vocals/[^/]+/mix\\.mp3$`));
  // The audio element really loads it: its duration becomes known.
  await expect.poll(() => mix.evaluate((audio: HTMLAudioElement) => audio.duration), { timeout: 20_000 }).toBeGreaterThan(1);
  const file = await api.get(src!);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("audio/mpeg");

  await page.getByRole("button", { name: "Save vocals" }).click();
  await expect(page.getByTestId("gv-saving")).toBeVisible();
  await expect(page.getByTestId("gv-saved")).toBeVisible({ timeout: SAVED_MS });
  const song = (await (await api.get(`/api/song/${songId}`)).json()).song;
  expect(song.hasVocal).toBe(true);
  // The player plays the song, now with its vocal.
  await expect(page.getByTestId("player-song-name")).toHaveAttribute("data-song-id", songId);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the voice form posts, the page refreshes itself with the progress, then the review page plays the mix", async ({ page, baseURL }) => {
    test.setTimeout(VOCAL_READY_MS + 60_000);
    await open(page, baseURL);
    // The same lyrics as before, another voice: allowed.
    await page.getByRole("radio", { name: /Marcus/ }).check();
    await page.getByRole("button", { name: "Generate vocals" }).click();
    await expect(page).toHaveURL(new RegExp(`/edit/${songId}/vocals/generativeVocals\\?wait=1$`));
    await expect(page.getByTestId("gv-progress")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/edit/${songId}/vocals/generativeVocalsReview$`), { timeout: VOCAL_READY_MS });
    await expect(page.getByRole("heading", { name: /sung by Marcus/ })).toBeVisible();
    const src = await page.getByTestId("gv-review-mix").getAttribute("src");
    expect((await api.get(src!)).status()).toBe(200);
    await expect(page.getByRole("button", { name: "Save vocals" })).toBeEnabled();
  });

  test("Save posts the form; the review page refreshes itself until the song plays with the vocal", async ({ page, baseURL }) => {
    test.setTimeout(SAVED_MS + 60_000);
    await useCookies(page.context(), cookie, baseURL!);
    await page.goto(`/edit/${songId}/vocals/generativeVocalsReview`);
    await expect(page.getByRole("heading", { name: /sung by Marcus/ })).toBeVisible();
    await page.getByRole("button", { name: "Save vocals" }).click();
    await expect(page).toHaveURL(new RegExp(`/edit/${songId}/vocals/generativeVocalsReview\\?saving=1$`));
    await expect(page.getByTestId("gv-saving")).toBeVisible();
    await expect(page.getByRole("button", { name: "Saving…" })).toBeDisabled();
    await expect(page.getByTestId("gv-saved")).toBeVisible({ timeout: SAVED_MS });
    await expect(page.getByRole("button", { name: "Saved" })).toBeDisabled();
    const status = await (await api.get(`/api/song/${songId}/generative_vocals`)).json();
    expect(status).toMatchObject({ voice_id: "marcus", saved: true, applied: true });
    const song = (await (await api.get(`/api/song/${songId}`)).json()).song;
    expect(song.hasVocal).toBe(true);
  });

  test("the same voice on unchanged lyrics: the page answers with its message", async ({ page, baseURL }) => {
    await open(page, baseURL);
    await page.getByRole("radio", { name: /Marcus/ }).check();
    await page.getByRole("button", { name: "Generate vocals" }).click();
    await expect(page.getByTestId("gv-error")).toHaveText("This voice has already sung these lyrics. Change the lyrics or pick another voice.");
  });
});
