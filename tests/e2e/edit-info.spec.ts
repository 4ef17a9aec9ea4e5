// The edit shell in a real browser (issue 5 "Done when"): the owner renames a song with tags and finds
// the name after a reload, a field's error clears as soon as that field is edited, a copy lands on the
// copy's options page, and the same rename works with JavaScript disabled. One song is made through the
// API in beforeAll and rendered by the server's worker (seconds on this machine); each test works on it.
import { expect, request as playwrightRequest, test, type Page } from "@playwright/test";
import { closeE2eDb, signedInUser, useCookies } from "./support/auth";
import { createCompleteSong, SONG_READY_MS } from "./support/songs";


let cookie: string;
let songId: string;

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(SONG_READY_MS + 60_000);
  ({ cookie } = await signedInUser());
  const api = await playwrightRequest.newContext({ baseURL: testInfo.project.use.baseURL, extraHTTPHeaders: { Cookie: cookie } });
  songId = await createCompleteSong(api);
  expect((await api.post(`/api/user/save/${songId}`, { data: {} })).status()).toBe(200);
  await api.dispose();
});

test.afterAll(closeE2eDb);

async function signIn(page: Page, baseURL: string | undefined) {
  await useCookies(page.context(), cookie, baseURL!);
}

test.describe("with JavaScript", () => {
  test("the owner renames the song with tag chips and a suggestion; the name shows after a reload", async ({ page, baseURL }) => {
    await signIn(page, baseURL);
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await page.goto(`/edit/${songId}/info`);
    // The chips replace the comma-separated field once the page is hydrated; the page hydrates cleanly
    // (its limits come from a module the browser has: tests/unit/client-server-imports.test.ts).
    await expect(page.getByTestId("tag-chips")).toBeVisible();
    await expect(page.getByText("Up to 10 tags, each up to 30 letters")).toBeVisible();
    expect(pageErrors).toEqual([]);

    // A field's error clears as soon as that field is edited; the other field's error stays.
    await page.getByLabel("Song name").fill("n".repeat(81));
    await page.getByLabel("Artist name").fill("a".repeat(81));
    await page.getByRole("button", { name: "Save info" }).click();
    await expect(page.getByText("The song name can be at most 80 characters.")).toBeVisible();
    await expect(page.getByText("The artist name can be at most 80 characters.")).toBeVisible();
    await page.getByLabel("Song name").fill("Harbour Lights");
    await expect(page.getByText("The song name can be at most 80 characters.")).toHaveCount(0);
    await expect(page.getByText("The artist name can be at most 80 characters.")).toBeVisible();
    await page.getByLabel("Artist name").fill("Loomer");
    await expect(page.getByText("The artist name can be at most 80 characters.")).toHaveCount(0);

    // Start from no tags, so a retried run sees the same chips.
    const removeTag = page.getByRole("button", { name: /^Remove tag / });
    while ((await removeTag.count()) > 0) await removeTag.first().click();
    const tags = page.getByLabel("Tags");
    await tags.fill("night drive");
    await tags.press("Enter");
    await expect(page.getByTestId("tag-chip")).toHaveText(["night drive×"]);
    await tags.fill("lo-");
    await page.getByRole("button", { name: "+ Lo-Fi" }).click();
    await expect(page.getByTestId("tag-chip")).toHaveText(["night drive×", "Lo-Fi×"]);
    await page.getByRole("button", { name: "Save info" }).click();

    await expect(page).toHaveURL(new RegExp(`/edit/${songId}/info\\?saved=1$`));
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
    await page.reload();
    await expect(page.getByTestId("edit-song-name")).toHaveText("Harbour Lights");
    await expect(page.getByTestId("edit-song-header")).toContainText("Loomer");
    await expect(page.getByTestId("tag-chip")).toHaveText(["night drive×", "Lo-Fi×"]);
  });

  test("Copy on the options page lands on the copy's options page", async ({ page, baseURL }) => {
    await signIn(page, baseURL);
    await page.goto(`/edit/${songId}`);
    await page.getByRole("button", { name: "Copy", exact: true }).click();
    // Copying duplicates every file of the song (its WAV is tens of megabytes): give it time.
    await expect(page).toHaveURL(/\/edit\/[a-z0-9]+\?done=copied$/, { timeout: 60_000 });
    expect(page.url()).not.toContain(songId);
    await expect(page.getByText("This is your copy.")).toBeVisible();
    await expect(page.getByTestId("edit-song-name")).toContainText("(copy)");
    // The copy is a full song of its own: it plays from its own files and is in the library.
    await page.goto("/library");
    await expect(page.getByRole("list", { name: "Saved songs" }).getByRole("listitem").filter({ hasText: "(copy)" })).toHaveCount(1);
  });
});

test.describe("with JavaScript", () => {
  test("Rewrite shows the render's progress until the new version is ready, then the page updates by itself", async ({ page, baseURL }) => {
    test.setTimeout(SONG_READY_MS + 60_000);
    await signIn(page, baseURL);
    await page.goto(`/edit/${songId}`);
    await page.getByRole("button", { name: "Rewrite", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/edit/${songId}\\?done=rewrite$`));
    await expect(page.getByTestId("render-progress")).toContainText("Rendering your changes…");
    // The layout polls the version API and revalidates once the render is done; no reload here.
    await expect(page.getByTestId("render-progress")).toHaveCount(0, { timeout: SONG_READY_MS });
    const version = await page.request.get(`/api/song/${songId}/version`);
    expect((await version.json()).latest).toMatchObject({ status: "complete", change: "notes" });
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Reproduce shows the render's progress; the page refreshes itself until the new version plays", async ({ page, baseURL }) => {
    test.setTimeout(SONG_READY_MS + 60_000);
    await signIn(page, baseURL);
    await page.goto(`/edit/${songId}`);
    const before = await page.getByTestId("edit-song-header").locator("audio[controls]").getAttribute("src");
    await page.getByRole("button", { name: "Reproduce", exact: true }).click();
    await expect(page.getByTestId("render-progress")).toContainText("Rendering your changes…");
    // The <noscript> meta refresh reloads the page every 3 s while the version renders.
    await expect(page.getByTestId("render-progress")).toHaveCount(0, { timeout: SONG_READY_MS });
    const after = await page.getByTestId("edit-song-header").locator("audio[controls]").getAttribute("src");
    expect(after).toMatch(/\?version=\d+$/);
    expect(after).not.toBe(before);
  });

  test("the info form renames the song with comma-separated tags; errors come back with the form", async ({ page, baseURL }) => {
    await signIn(page, baseURL);
    await page.goto(`/edit/${songId}/info`);
    await page.getByLabel("Song name").fill("No Script Nocturne");
    await page.getByLabel("Tags").fill("quiet, bad!tag");
    await page.getByRole("button", { name: "Save info" }).click();
    await expect(page.getByText("Tags can only use letters, digits, spaces and hyphens.")).toBeVisible();
    // What was typed is still there to fix.
    await expect(page.getByLabel("Song name")).toHaveValue("No Script Nocturne");

    await page.getByLabel("Tags").fill("quiet, rainy night");
    await page.getByRole("button", { name: "Save info" }).click();
    await expect(page).toHaveURL(new RegExp(`/edit/${songId}/info\\?saved=1$`));
    await page.goto(`/edit/${songId}/info`);
    await expect(page.getByTestId("edit-song-name")).toHaveText("No Script Nocturne");
    await expect(page.getByLabel("Tags")).toHaveValue("quiet, rainy night");
    // The song plays without JavaScript too.
    await expect(page.getByTestId("edit-song-header").locator("audio[controls]")).toHaveCount(1);
  });
});
