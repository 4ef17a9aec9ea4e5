// The lyrics editor in a real browser (issue 6 "Done when"): the owner writes lyrics from a prompt, edits
// a line and sees its syllables recounted against the phrase, and saves; the same generate/edit/save with
// JavaScript disabled (the page refreshes itself while the lyrics are written); the lyrics errors for the
// daily limit (429) and the prompt's character limit (422); and the lyrics' content error (422). One song is
// made through the API in beforeAll and rendered by the server's worker, which also runs lyrics.generate.
import { expect, request as playwrightRequest, test, type Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { lyricsGenerations } from "#drizzle/schema/index";
import {
  DAILY_LIMIT_MESSAGE,
  DAILY_LYRICS_GENERATIONS,
  LYRICS_PROMPT_MAX,
  LYRICS_TOO_LONG_MESSAGE,
  MAX_LYRICS_CHARACTERS,
  PROMPT_TOO_LONG_MESSAGE,
} from "~/services/lyrics/song-lyrics.server";
import { closeE2eDb, e2eDb, signedInUser, useCookies } from "./support/auth";
import { createCompleteSong, SONG_READY_MS } from "./support/songs";

const LYRICS_READY_MS = 60_000;

let cookie: string;
let userId: string;
let songId: string;

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(SONG_READY_MS + 60_000);
  const signed = await signedInUser();
  cookie = signed.cookie;
  userId = signed.user.id;
  const api = await playwrightRequest.newContext({ baseURL: testInfo.project.use.baseURL, extraHTTPHeaders: { Cookie: cookie } });
  songId = await createCompleteSong(api);
  await api.dispose();
});

test.afterAll(closeE2eDb);

async function open(page: Page, baseURL: string | undefined) {
  await useCookies(page.context(), cookie, baseURL!);
  await page.goto(`/edit/${songId}/vocals/addLyrics`);
}

const firstLine = (page: Page) => page.getByTestId("lyrics-line").first();

test.describe("with JavaScript", () => {
  test("generate lyrics from a prompt, edit a line, see its syllable count, save", async ({ page, baseURL }) => {
    await open(page, baseURL);
    await expect(page.getByRole("list", { name: "Prompt ideas" }).getByRole("button")).not.toHaveCount(0);
    await page.getByLabel("What is the song about?").fill("rain on a quiet harbour at night");
    await page.getByRole("button", { name: "Generate lyrics" }).click();
    await expect(page.getByTestId("lyrics-status")).toBeVisible();
    await expect(page.getByTestId("lyrics-status")).toHaveCount(0, { timeout: LYRICS_READY_MS });
    await expect(page.getByTestId("lyrics-error")).toHaveCount(0);
    expect(await page.getByTestId("lyrics-line").count()).toBeGreaterThan(2);
    // Each generated line shows "count / target".
    await expect(firstLine(page).getByTestId("syllable-count")).toHaveText(/^\d+ \/ \d+/);

    await firstLine(page).getByRole("textbox").fill("the harbour lights are low");
    await expect(firstLine(page).getByTestId("syllable-count")).toHaveText(/^6 \/ \d+/);
    await page.getByRole("button", { name: "Save lyrics" }).click();
    await expect(page).toHaveURL(new RegExp(`/edit/${songId}/vocals/addLyrics\\?saved=1$`));
    await page.reload();
    await expect(firstLine(page).getByRole("textbox")).toHaveValue("the harbour lights are low");
    await expect(firstLine(page).getByTestId("syllable-count")).toHaveText(/^6 \/ \d+/);
  });

  test("the daily limit (429) and a prompt over its character limit (422) show the server's messages", async ({ page, baseURL }) => {
    await open(page, baseURL);
    await page.getByLabel("What is the song about?").fill("x".repeat(LYRICS_PROMPT_MAX + 5));
    await page.getByRole("button", { name: "Generate lyrics" }).click();
    await expect(page.getByTestId("lyrics-error")).toHaveText(PROMPT_TOO_LONG_MESSAGE);
    // Editing the prompt clears its error.
    await page.getByLabel("What is the song about?").fill("city lights");
    await expect(page.getByTestId("lyrics-error")).toHaveCount(0);

    await e2eDb()
      .insert(lyricsGenerations)
      .values(Array.from({ length: DAILY_LYRICS_GENERATIONS }, () => ({ userId, songId })));
    try {
      await page.getByRole("button", { name: "Generate lyrics" }).click();
      await expect(page.getByTestId("lyrics-error")).toHaveText(DAILY_LIMIT_MESSAGE);
    } finally {
      await e2eDb().delete(lyricsGenerations).where(eq(lyricsGenerations.userId, userId));
    }
  });
});

test.describe("with JavaScript, saving", () => {
  test("lyrics over the character limit show the content error, which clears when the lyrics are edited", async ({ page, baseURL }) => {
    await open(page, baseURL);
    await expect(page.getByTestId("lyrics-editor")).toBeVisible();
    await firstLine(page).getByRole("textbox").fill("la ".repeat(MAX_LYRICS_CHARACTERS / 2));
    await page.getByRole("button", { name: "Save lyrics" }).click();
    await expect(page.getByTestId("lyrics-content-error")).toHaveText(LYRICS_TOO_LONG_MESSAGE);
    await firstLine(page).getByRole("textbox").fill("the harbour lights are low");
    await expect(page.getByTestId("lyrics-content-error")).toHaveCount(0);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("generate (the page refreshes itself until done), edit a line, add a line, save", async ({ page, baseURL }) => {
    await open(page, baseURL);
    await page.getByLabel("What is the song about?").fill("a long road through the desert");
    await page.getByRole("button", { name: "Generate lyrics" }).click();
    await expect(page).toHaveURL(new RegExp(`/edit/${songId}/vocals/addLyrics$`));
    // The meta refresh reloads the page until the job has written the lines.
    await expect(page.getByTestId("lyrics-status")).toHaveCount(0, { timeout: LYRICS_READY_MS });
    await expect(page.getByTestId("lyrics-error")).toHaveCount(0);
    const lines = await page.getByTestId("lyrics-line").count();
    expect(lines).toBeGreaterThan(2);
    await expect(firstLine(page).getByTestId("syllable-count")).toHaveText(/^\d+ \/ \d+/);

    await firstLine(page).getByRole("textbox").fill("the desert road is long");
    const firstSection = page.getByTestId("lyrics-section").first();
    const sectionLines = await firstSection.getByTestId("lyrics-line").count();
    await firstSection.getByRole("button", { name: "Add line" }).click();
    await expect(firstSection.getByTestId("lyrics-line")).toHaveCount(sectionLines + 1);
    await expect(firstLine(page).getByRole("textbox")).toHaveValue("the desert road is long");
    await expect(firstLine(page).getByTestId("syllable-count")).toHaveText(/^6 \/ \d+/);

    await firstSection.getByTestId("lyrics-line").last().getByRole("textbox").fill("and the wind is all I know");
    await page.getByRole("button", { name: "Save lyrics" }).click();
    await expect(page).toHaveURL(new RegExp(`/edit/${songId}/vocals/addLyrics\\?saved=1$`));
    await expect(page.getByText("Lyrics saved.")).toBeVisible();
    await expect(firstSection.getByTestId("lyrics-line").last().getByRole("textbox")).toHaveValue("and the wind is all I know");
  });
});
