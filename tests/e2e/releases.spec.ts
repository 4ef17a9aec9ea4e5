// Releases in a real browser (issue 17 "Done when"): a verified user with three saved songs builds a
// release (details, generated art, then an uploaded 3000×3000 cover instead, songs in order), submits it,
// and finds it Submitted on its page and on the library's releases tab; the same flow with JavaScript
// disabled. Songs are inserted as saved rows (release building reads rows, it renders nothing).
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { closeE2eDb, e2eDb, signedInUser, useCookies } from "./support/auth";
import { insertSavedSong } from "../support/releases";

let coverFile: string;

test.beforeAll(async () => {
  coverFile = path.join(mkdtempSync(path.join(os.tmpdir(), "songloom-e2e-cover-")), "cover.jpg");
  await sharp({ create: { width: 3000, height: 3000, channels: 3, background: { r: 30, g: 90, b: 160 } } }).jpeg({ quality: 80 }).toFile(coverFile);
});

test.afterAll(closeE2eDb);

async function userWithSongs(page: Page, baseURL: string | undefined, names = ["Fog Horn", "Low Tide", "Pier Lights"]) {
  const { user, cookie } = await signedInUser();
  const songIds: string[] = [];
  for (const name of names) songIds.push(await insertSavedSong(e2eDb(), user.id, { name }));
  await useCookies(page.context(), cookie, baseURL!);
  return { names, songIds };
}

async function fillDetails(page: Page, title: string) {
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Artist name").fill("Harbor Loomer");
  await page.getByLabel("Genre").selectOption({ label: "Ambient" });
  await page.getByLabel("Language").selectOption({ label: "English" });
  await page.getByLabel("Clean").check();
}

async function addSongsInOrder(page: Page, names: string[]) {
  await page.getByRole("link", { name: "Next: songs" }).click();
  const tracks = page.getByRole("list", { name: "Tracks" }).getByRole("listitem");
  for (const [index, name] of names.entries()) {
    await page.getByRole("button", { name: `Add ${name}` }).click();
    await expect(tracks).toHaveCount(index + 1);
  }
  // The third song moves up to second place.
  await page.getByRole("button", { name: `Move ${names[2]} up` }).click();
  await expect(tracks).toHaveText([/Fog Horn/, /Pier Lights/, /Low Tide/]);
}

async function submitAndFind(page: Page, title: string) {
  await page.getByRole("link", { name: "Next: review" }).click();
  await expect(page.getByRole("heading", { name: "Review and submit" })).toBeVisible();
  await page.getByRole("button", { name: "Submit release" }).click();
  await expect(page.getByTestId("release-status")).toHaveText("Submitted");
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await page.goto("/library?tab=releases");
  const row = page.getByRole("list", { name: "Releases" }).getByRole("listitem").filter({ hasText: title });
  await expect(row.getByTestId("release-row-status")).toHaveText("Submitted");
}

test("with JavaScript: details, generated art, then an uploaded cover, songs in order, submit", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const { names } = await userWithSongs(page, baseURL);
  await page.goto("/release/create");
  await fillDetails(page, "Harbor Sessions");
  await page.getByRole("button", { name: "Create release" }).click();
  await expect(page).toHaveURL(/\/release\/[a-z0-9]+\/edit/);

  // Editing a field clears its own error.
  await page.getByLabel("Artist name").fill("Meditation");
  await page.getByRole("button", { name: "Save release" }).click();
  await expect(page.locator("#field-artistName-error")).toContainText("generic word");
  await page.getByLabel("Artist name").fill("Harbor Loomer");
  await expect(page.locator("#field-artistName-error")).toHaveCount(0);
  await page.getByRole("button", { name: "Save release" }).click();

  await page.getByLabel("Keyword").fill("xqzvbl");
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.locator("#field-keyword-error")).toHaveText("Sorry, there was an error processing your request. This might happen if you picked an obscure word. Try again.");
  await page.getByLabel("Keyword").fill("harbor");
  await page.getByLabel("Prompt (optional)").fill("fog at dawn");
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.getByTestId("cover-preview")).toHaveAttribute("data-source", "generated", { timeout: 60_000 });

  await page.getByLabel("Cover art", { exact: true }).setInputFiles(coverFile);
  await page.getByRole("button", { name: "Save release" }).click();
  await expect(page.getByTestId("cover-preview")).toHaveAttribute("data-source", "upload");

  await addSongsInOrder(page, names);
  await submitAndFind(page, "Harbor Sessions");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the same release flow works with plain forms", async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const { names } = await userWithSongs(page, baseURL, ["Fog Horn", "Low Tide", "Pier Lights", "Buoy"]);
    await page.goto("/release/create");
    await fillDetails(page, "Quiet Harbor");
    await page.getByLabel("Cover art", { exact: true }).setInputFiles(coverFile);
    await page.getByRole("button", { name: "Create release" }).click();
    await expect(page).toHaveURL(/\/release\/[a-z0-9]+\/edit/);
    await expect(page.getByTestId("cover-preview")).toHaveAttribute("data-source", "upload");
    await addSongsInOrder(page, names.slice(0, 3));
    // A fourth song is one too many.
    await page.getByRole("button", { name: "Add Buoy" }).click();
    await expect(page.getByTestId("songs-error")).toHaveText("You've reached your song submission limit, per release! Please remove songs to submit this release.");
    await submitAndFind(page, "Quiet Harbor");
  });
});
