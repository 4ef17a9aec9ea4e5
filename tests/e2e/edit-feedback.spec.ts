// What a new user trips over on the edit pages (issue 22 §8): after "Use mix" the progress shows where they
// clicked and in the player bar, and the player bar follows a rename.
import { expect, request as playwrightRequest, test } from "@playwright/test";
import { closeE2eDb, signedInUser, useCookies } from "./support/auth";
import { createCompleteSong, SONG_READY_MS } from "./support/songs";

let cookie: string;
let songId: string;

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(SONG_READY_MS + 60_000);
  cookie = (await signedInUser()).cookie;
  const api = await playwrightRequest.newContext({ baseURL: testInfo.project.use.baseURL, extraHTTPHeaders: { Cookie: cookie } });
  songId = await createCompleteSong(api);
  expect((await api.post(`/api/user/save/${songId}`, { data: {} })).status()).toBe(200);
  await api.dispose();
});

test.afterAll(closeE2eDb);

test("the player bar shows the new name after a rename, and Use mix shows progress beside the button and in the bar", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await useCookies(page.context(), cookie, baseURL!);
  await page.goto(`/edit/${songId}/info`);
  await page.getByTestId("edit-song-header").getByRole("button", { name: /^Play / }).click();
  const barName = page.getByTestId("player-song-name");
  await expect(barName).not.toHaveText("Harbour Lights");

  await page.getByLabel("Song name").fill("Harbour Lights");
  await page.getByRole("button", { name: "Save info" }).click();
  await expect(page.getByTestId("edit-song-name")).toHaveText("Harbour Lights");
  await expect(barName).toHaveText("Harbour Lights");

  await page.getByRole("link", { name: "Production" }).click();
  const current = await page.locator("input[name=mixing_style]:checked").getAttribute("value");
  await page.locator(`input[name=mixing_style]:not([value=${current}])`).first().check();
  const mixButton = page.getByRole("button", { name: "Use mix" });
  await mixButton.click();
  const besideButton = mixButton.locator("xpath=..").getByTestId("inline-render-progress");
  await expect(besideButton).toBeVisible();
  await expect(page.getByRole("region", { name: "Player" })).toContainText("Rendering your changes");
  // Once the new version is ready both go away.
  await expect(besideButton).toHaveCount(0, { timeout: 90_000 });
  await expect(page.getByRole("region", { name: "Player" })).not.toContainText("Rendering your changes");
});

test("after Use mix the header offers the new version's first seconds before the whole, the old version plays on, and a listener of the first seconds is moved to the whole", async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  await useCookies(page.context(), cookie, baseURL!);
  await page.goto(`/edit/${songId}/production`);
  const header = page.getByTestId("edit-song-header");
  const play = header.getByRole("button", { name: /^(Play|Pause) / });
  await play.click();
  await expect(play).toHaveAccessibleName(/^Pause /);
  const oldUrl = await header.getAttribute("data-audio-url");

  const current = await page.locator("input[name=mixing_style]:checked").getAttribute("value");
  await page.locator(`input[name=mixing_style]:not([value=${current}])`).first().check();
  await page.getByRole("button", { name: "Use mix" }).click();
  // The first seconds of the new version come first (a full-length song: they are ready well before the rest).
  await page.waitForFunction(() => document.querySelector("[data-testid=edit-song-header]")?.getAttribute("data-audio-url")?.includes("/preview.mp3?version="), null, { timeout: 90_000, polling: 20 });
  const previewUrl = await header.getAttribute("data-audio-url");
  // The player still plays the old version: the header offers the new one.
  await expect(play).toHaveAccessibleName(/^Play /);
  await play.click();
  const clickedOnPreview = (await header.getAttribute("data-audio-url")) === previewUrl;
  await page.waitForFunction(() => document.querySelector("[data-testid=edit-song-header]")?.getAttribute("data-audio-url")?.includes("/song.mp3?version="), null, { timeout: 90_000 });
  const wholeUrl = await header.getAttribute("data-audio-url");
  expect(wholeUrl).not.toBe(oldUrl);
  expect(new URL(wholeUrl!, baseURL).searchParams.get("version")).toBe(new URL(previewUrl!, baseURL).searchParams.get("version"));
  // Whether the click found the first seconds or (on a slow machine) already the whole, the player now plays
  // the whole new version: handed over from the first seconds, or started on it.
  test.info().annotations.push({ type: "clicked", description: clickedOnPreview ? "the first seconds" : "the whole version" });
  await expect(play).toHaveAccessibleName(/^Pause /);
});
