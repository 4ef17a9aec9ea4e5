// Downloads on the options page in a real browser (issue 5 "Files"): a Creator downloads the MP3 and
// prepares then downloads the WAV, with JavaScript and without it; a free user is offered the upgrade
// instead. One song is made through the API in beforeAll and rendered by the server's worker; the plan is
// a subscription row written straight into the server's database, and expired for the free-user test.
import { readFile } from "node:fs/promises";
import { expect, test, type Download, type Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { songs, subscriptions } from "#drizzle/schema/index";
import { closeE2eDb, e2eDb, useCookies } from "./support/auth";
import { creatorWithSavedSong, SONG_READY_MS } from "./support/songs";

const WAV_READY_MS = 60_000;

let cookie: string;
let userId: string;
let songId: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(SONG_READY_MS + 60_000);
  ({ cookie, userId, songId } = await creatorWithSavedSong(testInfo.project.use.baseURL));
});

test.beforeEach(async () => {
  // Each test starts from a WAV nobody has asked for yet.
  await e2eDb().update(songs).set({ wavStatus: "none", wavKey: null, wavVersion: null }).where(eq(songs.id, songId));
});

test.afterAll(closeE2eDb);

async function openOptions(page: Page, baseURL: string | undefined) {
  await useCookies(page.context(), cookie, baseURL!);
  await page.goto(`/edit/${songId}`);
  await expect(page.getByTestId("song-downloads")).toBeVisible();
}

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ download: Download; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  const file = await download.path();
  return { download, bytes: await readFile(file!) };
}

function isMp3(bytes: Buffer): boolean {
  return bytes.subarray(0, 3).toString("latin1") === "ID3" || (bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0);
}

test.describe("a Creator, with JavaScript", () => {
  test("downloads the MP3, then prepares and downloads the WAV", async ({ page, baseURL }) => {
    await openOptions(page, baseURL);
    await expect(page.getByTestId("wav-allowance")).toContainText("of 25 WAV downloads left this month");
    await expect(page.getByTestId("locked-midi")).toContainText("Pro plan");

    const mp3 = await downloaded(page, () => page.getByRole("link", { name: "Download MP3" }).click());
    expect(mp3.download.suggestedFilename()).toBe("Night Drive.mp3");
    expect(isMp3(mp3.bytes)).toBe(true);

    await page.getByRole("button", { name: "Prepare WAV" }).click();
    const wavLink = page.getByRole("link", { name: "Download WAV" });
    await expect(wavLink).toBeVisible({ timeout: WAV_READY_MS });
    const wav = await downloaded(page, () => wavLink.click());
    expect(wav.download.suggestedFilename()).toBe("Night Drive.wav");
    expect(wav.bytes.subarray(0, 4).toString("latin1")).toBe("RIFF");
    expect(wav.bytes.subarray(8, 12).toString("latin1")).toBe("WAVE");
  });
});

test.describe("a Creator, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the Prepare form comes back to a self-refreshing page that ends with the WAV link", async ({ page, baseURL }) => {
    await openOptions(page, baseURL);
    await page.getByRole("button", { name: "Prepare WAV" }).click();
    await expect(page).toHaveURL(new RegExp(`/edit/${songId}$`));
    const wavLink = page.getByRole("link", { name: "Download WAV" });
    await expect(wavLink).toBeVisible({ timeout: WAV_READY_MS });
    const wav = await downloaded(page, () => wavLink.click());
    expect(wav.download.suggestedFilename()).toBe("Night Drive.wav");
    expect(wav.bytes.subarray(0, 4).toString("latin1")).toBe("RIFF");

    const mp3 = await downloaded(page, () => page.getByRole("link", { name: "Download MP3" }).click());
    expect(isMp3(mp3.bytes)).toBe(true);
  });
});

test.describe("a free user", () => {
  test("sees the upgrade message instead of download links", async ({ page, baseURL }) => {
    await e2eDb().update(subscriptions).set({ currentPeriodEnd: new Date(Date.now() - 1_000) }).where(eq(subscriptions.userId, userId));
    try {
      await openOptions(page, baseURL);
      await expect(page.getByTestId("downloads-upgrade")).toContainText("Downloads are part of the Creator and Pro plans.");
      await expect(page.getByRole("link", { name: "Upgrade to download" })).toHaveAttribute("href", "/pricing");
      await expect(page.getByRole("link", { name: /^Download / })).toHaveCount(0);
      // The server refuses too: the link's URL comes back to the options page with the reason.
      await page.goto(`/api/song/${songId}/download/mp3`);
      await expect(page).toHaveURL(new RegExp(`/edit/${songId}\\?error=`));
      await expect(page.getByRole("alert")).toHaveText("Downloads are part of the Creator and Pro plans.");
    } finally {
      await e2eDb().update(subscriptions).set({ currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000) }).where(eq(subscriptions.userId, userId));
    }
  });
});
