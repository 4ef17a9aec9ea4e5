// Songloom Mastering in a real browser (issue 20): a verified Creator opens /master/{id}, makes the
// previews (the WAV is prepared first and the request retried), A/Bs two presets in the persistent player,
// chooses one and pays with the test card on the labelled local Stripe stand-in's checkout (no Stripe keys in
// tests); the master is then made, heard and measured, and the edit page offers copy only. The same flow
// without JavaScript, up to Checkout.
import { expect, test, type Page } from "@playwright/test";
import { and, eq } from "drizzle-orm";
import { masteringFiles, masteringPurchases } from "#drizzle/schema/index";
import { closeE2eDb, e2eDb, useCookies } from "./support/auth";
import { creatorWithSavedSong, SONG_READY_MS } from "./support/songs";

const PREVIEWS_MS = 120_000;

let cookie: string;
let userId: string;
let songId: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(SONG_READY_MS + 60_000);
  ({ cookie, userId, songId } = await creatorWithSavedSong(testInfo.project.use.baseURL));
});

test.afterAll(closeE2eDb);

async function open(page: Page, baseURL: string | undefined) {
  await useCookies(page.context(), cookie, baseURL!);
  await page.goto(`/master/${songId}`);
  await expect(page).toHaveTitle("Songloom Mastering");
  await expect(page.getByRole("heading", { name: "Songloom Mastering" })).toBeVisible();
}

test.describe("with JavaScript", () => {
  test("make previews, A/B two presets, choose one, pay, master and hear it", async ({ page, baseURL }) => {
    test.setTimeout(PREVIEWS_MS * 2 + 60_000);
    await open(page, baseURL);
    await expect(page.getByTestId("price")).toHaveText("$9.99");
    await expect(page.locator('[aria-current="step"]')).toContainText("Song Sample");
    await page.getByRole("button", { name: "Make previews" }).click();
    // The WAV is prepared and the request retried after 2.5 s; then the track call is polled.
    await expect(page.getByTestId("preview-n")).toBeVisible({ timeout: PREVIEWS_MS });
    await expect(page.locator('[aria-current="step"]')).toContainText("Select Preview");
    await expect(page.getByRole("list", { name: "Previews" }).getByRole("listitem")).toHaveCount(14);
    const crystal = page.getByTestId("preview-g");
    await expect(crystal).toContainText("Crystal");
    await expect(crystal).toContainText(/→ -1[3-4]\.\d LUFS/);
    await expect(crystal.locator("svg")).toBeVisible();

    // A/B in the persistent player: B (Crystal), A (unmastered), B (Rumble).
    await crystal.getByRole("button", { name: "B: play Crystal" }).click();
    await expect(crystal.getByRole("button", { name: "B: play Crystal" })).toHaveAttribute("aria-pressed", "true");
    await crystal.getByRole("button", { name: "A: unmastered" }).click();
    await expect(crystal.getByRole("button", { name: "A: unmastered" })).toHaveAttribute("aria-pressed", "true");
    const rumble = page.getByTestId("preview-e");
    await rumble.getByRole("button", { name: "B: play Rumble" }).click();
    await expect(rumble.getByRole("button", { name: "B: play Rumble" })).toHaveAttribute("aria-pressed", "true");

    await crystal.getByRole("button", { name: "Choose Crystal" }).click();
    await expect(page.locator('[aria-current="step"]')).toContainText("Checkout");
    await expect(page.getByTestId("non-refundable")).toContainText("non-refundable");
    // Pay with the test card on the labelled local Stripe stand-in's checkout page (no Stripe keys here);
    // its signed webhook marks the purchase paid and the checkout sends the user back to the Master Song step.
    await page.getByLabel("I understand that this purchase is non-refundable.").check();
    await page.getByRole("button", { name: "Pay $9.99" }).click();
    await expect(page.getByRole("heading", { name: "Local Stripe stand-in checkout" })).toBeVisible();
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry (MM / YY)").fill(`12 / ${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, "0")}`);
    await page.getByLabel("CVC").fill("123");
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page).toHaveURL(new RegExp(`/master/${songId}\\?checkout=done`));
    await expect(page.locator('[aria-current="step"]')).toContainText("Master Song");
    const [purchase] = await e2eDb().select().from(masteringPurchases).where(eq(masteringPurchases.songId, songId));
    expect(purchase).toMatchObject({ status: "paid", preset: "g" });
    await page.getByRole("button", { name: "Master my song" }).click();
    await expect(page.getByTestId("master-ready")).toContainText(/→ -1[3-4]\.\d LUFS/, { timeout: PREVIEWS_MS });
    await expect(page.getByTestId("master-ready")).toContainText("Crystal");
    const audio = await page.request.get(`/media/songs/${songId}/song.mp3`);
    expect(audio.status()).toBe(200);
    const [master] = await e2eDb().select().from(masteringFiles).where(and(eq(masteringFiles.songId, songId), eq(masteringFiles.type, "dolby_master")));
    expect(master.status).toBe("ready");

    // A paid user's mastered song: the edit page offers copy only.
    await page.goto(`/edit/${songId}`);
    await expect(page.getByText("This song has been mastered, so it can no longer be edited.").first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Copy" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Rewrite" })).toHaveCount(0);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the steps work as plain forms and a self-refreshing page, up to Checkout", async ({ page, baseURL }) => {
    test.setTimeout(PREVIEWS_MS * 2 + 60_000);
    // A fresh start for the same song: its files and purchase gone.
    await e2eDb().delete(masteringFiles).where(eq(masteringFiles.songId, songId));
    await e2eDb().delete(masteringPurchases).where(eq(masteringPurchases.songId, songId));
    await open(page, baseURL);
    await expect(page.getByTestId("sample-audio")).toHaveAttribute("src", /#t=\d+,\d+/);
    await page.getByLabel("Intensity (0–100)").fill("55");
    await page.getByRole("button", { name: "Make previews" }).click();
    // The WAV is ready (made for the first test) or being made: either the previews are queued, or the
    // page says it is preparing the WAV and the form is sent again.
    if (await page.getByText("Preparing your song's WAV").isVisible()) {
      await page.waitForTimeout(3_000);
      await page.getByRole("button", { name: "Make previews" }).click();
    }
    // The page refreshes itself while the previews are made.
    await expect(page.getByTestId("preview-e")).toBeVisible({ timeout: PREVIEWS_MS });
    await expect(page.getByTestId("preview-e").locator("audio")).toHaveAttribute("src", /preview-e\.mp3/);
    await expect(page.getByText("at intensity 55")).toBeVisible();
    await page.getByTestId("preview-e").getByRole("button", { name: "Choose Rumble" }).click();
    await expect(page.locator('[aria-current="step"]')).toContainText("Checkout");
    await expect(page.getByTestId("non-refundable")).toContainText("non-refundable");
  });
});
