// The library's row actions and Labs tab in a real browser, with and without JavaScript (issue 17): Copy
// puts a copy of a saved song at the top of the library; a user with labs access gets a Labs tab whose
// generations play, download and take a new name through a plain form; a user without it has no such tab.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { expect, test, type Browser } from "@playwright/test";
import { labsAccess, labsGenerations } from "#drizzle/schema/labs";
import { songs } from "#drizzle/schema/songs";
import { closeE2eDb, e2eDb, signedInUser, useCookies } from "./support/auth";
import { insertSavedSong } from "../support/releases";

test.afterAll(closeE2eDb);

const MEDIA = { mp3: "m.mp3", wav: "m.wav", midi: "m.mid", peaks: "p.json", description: "d.json" };

async function pageFor(browser: Browser, baseURL: string, cookie: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  await useCookies(context, cookie, baseURL);
  return context.newPage();
}

/** A Labs generation whose MP3 is in the server's media storage (DATA_DIR/media). */
async function insertGeneration(userId: string, songName: string) {
  const key = `labs/${userId}/${songName.replace(/\W/g, "-")}.mp3`;
  const file = path.join(process.env.E2E_DATA_DIR!, "media", key);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, Buffer.from("ID3 labs e2e"));
  const [row] = await e2eDb().insert(labsGenerations).values({ userId, songName, prompt: "foggy harbor bells", durationSeconds: 42, files: { mp3: key } }).returning();
  return row!;
}

for (const javaScriptEnabled of [true, false]) {
  const how = javaScriptEnabled ? "with JavaScript" : "without JavaScript";

  test(`${how}: Copy puts a copy at the top of the library; a locked song has no Copy button`, async ({ browser, baseURL }) => {
    const { user, cookie } = await signedInUser();
    const songId = await insertSavedSong(e2eDb(), user.id, { name: "Fog Horn" });
    await e2eDb().update(songs).set({ media: MEDIA }).where(eq(songs.id, songId));
    const locked = await insertSavedSong(e2eDb(), user.id, { name: "Low Tide", locked: true });
    await e2eDb().update(songs).set({ media: MEDIA }).where(eq(songs.id, locked));
    const page = await pageFor(browser, baseURL!, cookie, javaScriptEnabled);
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto("/library");
    // With JavaScript the page hydrates: the rows' players become the persistent player's buttons.
    if (javaScriptEnabled) await expect(page.getByRole("button", { name: "Play Fog Horn" })).toBeVisible();
    const rows = page.getByRole("list", { name: "Saved songs" }).getByRole("listitem").filter({ has: page.getByRole("heading") });
    await expect(page.getByRole("button", { name: "Copy Low Tide" })).toHaveCount(0);
    await page.getByRole("button", { name: "Copy Fog Horn" }).click();
    await expect(page.getByTestId("library-notice")).toHaveText("Your copy is saved at the top of your library. You can change anything in it.");
    await expect(rows.first().getByRole("heading")).toHaveText("Fog Horn (copy)");
    await expect(page.getByRole("heading", { name: "Fog Horn", exact: true })).toBeVisible();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test(`${how}: the Labs tab lists, plays, downloads and renames generations; no tab without labs access`, async ({ browser, baseURL }) => {
    const outsider = await signedInUser();
    const outsiderPage = await pageFor(browser, baseURL!, outsider.cookie, javaScriptEnabled);
    await outsiderPage.goto("/library");
    await expect(outsiderPage.getByRole("navigation", { name: "Library tabs" }).getByRole("link")).toHaveText(["Songs", "Releases"]);
    await outsiderPage.context().close();

    const { user, cookie } = await signedInUser();
    await e2eDb().insert(labsAccess).values({ userId: user.id });
    const generation = await insertGeneration(user.id, "Bell Buoy");
    const page = await pageFor(browser, baseURL!, cookie, javaScriptEnabled);
    await page.goto("/library");
    await page.getByRole("navigation", { name: "Library tabs" }).getByRole("link", { name: "Labs" }).click();
    await expect(page).toHaveURL(/tab=labs/);
    const list = page.getByRole("list", { name: "Labs generations" });
    await expect(list.getByRole("heading")).toHaveText(["Bell Buoy"]);
    await expect(list.getByText("“foggy harbor bells”")).toBeVisible();
    const download = await page.request.get(await list.getByRole("link", { name: "Download Bell Buoy as MP3" }).getAttribute("href").then((href) => href!));
    expect(download.status()).toBe(200);
    expect(download.headers()["content-disposition"]).toContain('filename="Bell Buoy.mp3"');

    await list.getByText("Rename").click();
    await list.getByLabel("Song name").fill("x".repeat(80) + "y");
    // The field's maxLength keeps a browser from typing more than 80 characters; the server checks too.
    await expect(list.getByLabel("Song name")).toHaveValue("x".repeat(80));
    await list.getByLabel("Song name").fill("Bell Buoy at Dawn");
    await list.getByLabel("Artist name").fill("Harbor Loomer");
    await list.getByRole("button", { name: "Save names" }).click();
    await expect(list.getByRole("heading")).toHaveText(["Bell Buoy at Dawn"]);
    await expect(list.getByText("Harbor Loomer")).toBeVisible();
    const [row] = await e2eDb().select().from(labsGenerations).where(eq(labsGenerations.id, generation.id));
    expect(row).toMatchObject({ songName: "Bell Buoy at Dawn", artistName: "Harbor Loomer" });

    await page.getByRole("searchbox").fill("nothing like this");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("We could not find any results.")).toBeVisible();
    await expect(page).toHaveURL(/tab=labs/);
    await page.context().close();
  });
}
