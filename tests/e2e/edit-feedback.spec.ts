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
