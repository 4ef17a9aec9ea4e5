// The production page in a real browser (issue 5 "Done when"): the owner changes the harmonic ensemble,
// the drum kit and the mix, waits for each render, hears the new version and switches A/B keeping the
// playhead; then the same changes with JavaScript disabled, through plain forms and <audio controls>.
// Each edit renders the whole song on the e2e server (seconds each), so waits are long and event-driven:
// the page is reloaded until it shows the change as current; nothing asserts how long that took.
import { expect, request as playwrightRequest, test, type Page } from "@playwright/test";
import { DRUM_KITS, ENSEMBLES, MIX_STYLES } from "~/engine/catalogue";
import { closeE2eDb, signedInUser, useCookies } from "./support/auth";
import { createCompleteSong, SONG_READY_MS } from "./support/songs";

const RENDER_MS = 180_000;

test.use({
  launchOptions: {
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--autoplay-policy=no-user-gesture-required"],
  },
});

let cookie: string;
let songId: string;

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(SONG_READY_MS + 30_000);
  ({ cookie } = await signedInUser());
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Cookie: cookie } });
  songId = await createCompleteSong(api);
  await api.dispose();
});
test.afterAll(closeE2eDb);

const name = (items: readonly { id: string; name: string }[], id: string) => items.find((item) => item.id === id)!.name;
const productionUrl = () => `/edit/${songId}/production`;

/** Reloads until the page shows the change as the song's current production (its version rendered). */
async function waitForCurrent(page: Page, testId: string, text: string) {
  await expect(async () => {
    await page.goto(productionUrl());
    await expect(page.getByTestId(testId)).toContainText(text, { timeout: 1000 });
  }).toPass({ timeout: RENDER_MS, intervals: [2000] });
}

async function changeEnsembleKitAndMix(page: Page, choices: { ensemble: string; kit: string; mix: string }) {
  await page.goto(productionUrl());
  await expect(page.getByRole("heading", { name: "Production" })).toBeVisible();

  await page.locator('select[name="instrument_ensemble"]').selectOption(choices.ensemble);
  await page.getByRole("button", { name: "Use ensemble" }).click();
  await expect(page).toHaveURL(new RegExp(`${productionUrl()}$`));
  await waitForCurrent(page, "current-instrument_ensemble", name(ENSEMBLES, choices.ensemble));

  await page.locator('select[name="drum_ensemble"]').selectOption(choices.kit);
  await page.getByRole("button", { name: "Use drum kit" }).click();
  await waitForCurrent(page, "current-drum_ensemble", name(DRUM_KITS, choices.kit));

  await page.getByRole("radio", { name: new RegExp(`^${name(MIX_STYLES, choices.mix)}`) }).check();
  await page.getByRole("button", { name: "Use mix" }).click();
  await expect(async () => {
    await page.goto(productionUrl());
    await expect(page.getByRole("radio", { name: new RegExp(`^${name(MIX_STYLES, choices.mix)}`) })).toBeChecked({ timeout: 1000 });
  }).toPass({ timeout: RENDER_MS, intervals: [2000] });
}

/** The version numbers A/B compares, read from the audio elements' URLs. */
async function abVersions(page: Page) {
  const version = async (side: "a" | "b") => Number(/[?&]version=(\d+)/.exec((await page.locator(`audio[data-ab="${side}"]`).getAttribute("src")) ?? "")?.[1]);
  return { a: await version("a"), b: await version("b") };
}

test.describe("production with JavaScript", () => {
  test.setTimeout(12 * 60_000);

  test("the owner changes ensemble, kit and mix, hears the new render and switches A/B at the same position", async ({ page, baseURL }) => {
    await useCookies(page.context(), cookie, baseURL!);
    await changeEnsembleKitAndMix(page, { ensemble: "rock_band", kit: "edm", mix: "underwater" });

    // The instrument picker searches through the API without leaving the page.
    await page.getByRole("link", { name: "Change lead" }).click();
    const picker = page.getByTestId("picker");
    await expect(picker).toBeVisible();
    const searched = page.waitForResponse((response) => response.url().includes(`/api/song/${songId}/instrumentation/harmonic/search`) && response.url().includes("instrument_group=brass"));
    await picker.getByRole("link", { name: /^Brass/ }).click();
    expect((await searched).status()).toBe(200);
    await expect(picker.getByTestId("picker-results")).toContainText("Trumpet");

    // A/B: the previous version against the new one.
    const versions = await abVersions(page);
    expect(versions.b).toBe(versions.a + 1);
    const a = page.locator('audio[data-ab="a"]');
    const b = page.locator('audio[data-ab="b"]');
    await expect(page.getByRole("button", { name: /^B: after/ })).toHaveAttribute("aria-pressed", "true");
    await b.evaluate((audio: HTMLAudioElement) => audio.play());
    await expect.poll(() => b.evaluate((audio: HTMLAudioElement) => audio.currentTime), { timeout: 30_000 }).toBeGreaterThan(1.5);

    await page.getByRole("button", { name: /^A: before/ }).click();
    const positions = await page.evaluate(() => {
      const [first, second] = ["a", "b"].map((side) => document.querySelector<HTMLAudioElement>(`audio[data-ab="${side}"]`)!);
      return { a: first!.currentTime, b: second!.currentTime, aPaused: first!.paused, bPaused: second!.paused };
    });
    expect(positions.bPaused).toBe(true);
    expect(positions.aPaused).toBe(false);
    expect(Math.abs(positions.a - positions.b)).toBeLessThan(0.5);
    const from = positions.a;
    await expect.poll(() => a.evaluate((audio: HTMLAudioElement) => audio.currentTime), { timeout: 30_000 }).toBeGreaterThan(from + 1);
  });
});

test.describe("production without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test.setTimeout(12 * 60_000);

  test("plain forms change ensemble, kit, mix and an instrument picked by search; both versions are offered as <audio controls>", async ({ page, baseURL }) => {
    await useCookies(page.context(), cookie, baseURL!);
    await changeEnsembleKitAndMix(page, { ensemble: "chill_keys", kit: "dusty", mix: "lofi" });

    // The picker without JavaScript: a link opens it, a GET form searches, a POST form picks.
    await page.getByRole("link", { name: "Change lead" }).click();
    await expect(page).toHaveURL(/[?&]pick=lead/);
    await page.getByRole("searchbox", { name: "Search" }).fill("flute");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/instrument_query=flute/);
    await page.getByTestId("picker-results").getByRole("button", { name: /^Flute/ }).click();
    await waitForCurrent(page, "instrument-lead", "Flute");

    const versions = await abVersions(page);
    expect(versions.b).toBe(versions.a + 1);
    await expect(page.locator('audio[data-ab="a"]')).toHaveAttribute("controls", "");
    await expect(page.locator('audio[data-ab="b"]')).toHaveAttribute("controls", "");
    for (const version of [versions.a, versions.b]) {
      const response = await page.request.get(`/media/songs/${songId}/song.mp3?version=${version}`, { headers: { Range: "bytes=0-1023" } });
      expect(response.status()).toBe(206);
      expect(response.headers()["content-type"]).toBe("audio/mpeg");
    }
  });
});
