// The Vocals tab with the user's own voice in a real browser (issue 6): the owner uploads a take (a WAV made
// here: harmonic "sung" notes, slightly off key) with auto-vocal and hears the song with it in the player; the
// same upload with JavaScript disabled (the page refreshes itself while the vocal is made); a take recorded
// with the microphone (Chromium's fake capture device playing a WAV made here) while the song plays; the
// vocal modes page; and the spec's message when the job fails (a silent take, which the engine refuses).
// One song is made through the API in beforeAll and rendered by the server's worker, which also runs
// vocal.generate and song.rerender.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, request as playwrightRequest, test, type Page } from "@playwright/test";
import { encodeWav } from "~/engine/encode";
import config from "../../playwright.config";
import { singTake, type SungNote } from "../engine/takeFixtures";
import { closeE2eDb, signedInUser, useCookies } from "./support/auth";
import { createCompleteSong, SONG_READY_MS } from "./support/songs";

const VOCAL_READY_MS = 150_000;
const SR = 44_100;

/** Eight seconds of "singing": a C major line on the beats of 120 BPM, 40 cents sharp, as a 16-bit WAV. */
function takeWav(seconds = 8): Uint8Array {
  const line = [60, 62, 64, 65, 67, 65, 64, 62];
  const notes: SungNote[] = [];
  for (let index = 0; (index + 1) * 0.5 + 0.5 < seconds; index++) notes.push({ start: (index + 1) * 0.5 + 0.08, duration: 0.42, midi: line[index % line.length] + 0.4 });
  const mono = singTake(notes, { seconds, vibratoCents: 20 });
  return encodeWav({ sampleRate: SR, left: mono, right: mono.slice() });
}

const folder = mkdtempSync(path.join(tmpdir(), "songloom-takes-"));
const TAKE = path.join(folder, "take.wav");
const SILENCE = path.join(folder, "silence.wav");
// The fake microphone plays this file (written now, before the browser is launched).
writeFileSync(TAKE, takeWav());
writeFileSync(SILENCE, encodeWav({ sampleRate: SR, left: new Float32Array(SR * 3), right: new Float32Array(SR * 3) }));

const launch = config.use?.launchOptions ?? {};
test.use({
  launchOptions: {
    ...launch,
    args: [
      ...(launch.args ?? []),
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-audio-capture=${TAKE}`,
      "--autoplay-policy=no-user-gesture-required",
    ],
  },
});

let cookie: string;
let songId: string;

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(SONG_READY_MS + 60_000);
  const signed = await signedInUser();
  cookie = signed.cookie;
  const api = await playwrightRequest.newContext({ baseURL: testInfo.project.use.baseURL, extraHTTPHeaders: { Cookie: cookie } });
  songId = await createCompleteSong(api);
  await api.dispose();
});

test.afterAll(closeE2eDb);

async function open(page: Page, baseURL: string | undefined, query = "") {
  await useCookies(page.context(), cookie, baseURL!);
  await page.goto(`/edit/${songId}/vocals${query}`);
}

const appliedHeading = (page: Page) => page.getByRole("heading", { name: "This song sings with your vocal" });

test.describe.configure({ mode: "serial" });

test("upload a take with auto-vocal: the vocal is applied and the player plays the song with it", async ({ page, baseURL }) => {
  test.setTimeout(VOCAL_READY_MS + 60_000);
  await useCookies(page.context(), cookie, baseURL!);
  // The old link and the Vocals tab land on this page; it links to every vocal option.
  await page.goto(`/add-vocals/${songId}`);
  await expect(page).toHaveURL(new RegExp(`/edit/${songId}/vocals$`));
  await expect(page.getByTestId("vocal-empty")).toBeVisible();
  await expect(page.getByRole("link", { name: "Lyrics", exact: true })).toHaveAttribute("href", `/edit/${songId}/vocals/addLyrics`);
  await expect(page.getByRole("link", { name: /Generated vocals/ })).toHaveAttribute("href", `/edit/${songId}/vocals/generativeVocals`);

  // Auto mode from the modes page.
  await page.getByRole("link", { name: "Choose a vocal mode" }).click();
  await page.getByRole("link", { name: /^Auto/ }).click();
  await expect(page).toHaveURL(new RegExp(`/edit/${songId}/vocals\\?mode=auto$`));
  await expect(page.getByRole("heading", { name: /Auto vocal/ })).toBeVisible();

  await page.getByLabel(/WAV or MP3, up to/).setInputFiles(TAKE);
  await page.getByRole("button", { name: "Upload and make my vocal" }).click();
  await expect(page.getByTestId("vocal-status")).toBeVisible();
  await expect(appliedHeading(page)).toBeVisible({ timeout: VOCAL_READY_MS });
  await expect(page.getByTestId("vocal-error")).toHaveCount(0);
  const player = page.getByRole("region", { name: "Player" });
  await expect(player.getByTestId("player-song-name")).toHaveAttribute("data-song-id", songId);
  await expect(player.getByRole("button", { name: "Pause" })).toBeVisible({ timeout: 30_000 });
  await expect(player.getByTestId("player-elapsed")).not.toHaveText("0:00", { timeout: 30_000 });
});

test("an unsupported file is refused on the field", async ({ page, baseURL }) => {
  await open(page, baseURL);
  await page.getByLabel(/WAV or MP3, up to/).setInputFiles({ name: "take.webm", mimeType: "audio/webm", buffer: Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0]) });
  await page.getByRole("button", { name: "Upload and make my vocal" }).click();
  await expect(page.getByTestId("vocal-file-error")).toContainText("Unsupported audio format: WebM");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("upload a take in custom mode: the form posts, the page refreshes until the vocal is on the song", async ({ page, baseURL }) => {
    test.setTimeout(VOCAL_READY_MS + 60_000);
    await open(page, baseURL, "?mode=custom");
    await expect(page.getByText("Recording with your microphone needs JavaScript")).toBeVisible();
    await page.getByLabel(/^Hard/).check();
    await page.getByLabel(/WAV or MP3, up to/).setInputFiles(TAKE);
    await page.getByRole("button", { name: "Upload and make my vocal" }).click();
    await expect(page).toHaveURL(new RegExp(`/edit/${songId}/vocals\\?mode=custom$`));
    await expect(page.getByTestId("vocal-status")).toBeVisible();
    // The meta refresh reloads the page until the new vocal plays; the header's <audio> plays the mix.
    await expect(page.getByTestId("vocal-status")).toHaveCount(0, { timeout: VOCAL_READY_MS });
    await expect(appliedHeading(page)).toBeVisible();
    await expect(page.getByTestId("vocal-error")).toHaveCount(0);
    await expect(page.locator("audio[controls]")).toHaveAttribute("src", /version=/);
  });
});

test("record a take with the microphone while the song plays: level meter, elapsed time, then the vocal is applied", async ({ page, baseURL }) => {
  test.setTimeout(VOCAL_READY_MS + 60_000);
  await open(page, baseURL);
  await expect(appliedHeading(page)).toBeVisible();
  const before = await (await page.request.get(`/api/song/${songId}/vocal`)).json();
  await page.getByRole("button", { name: "Record a take" }).click();
  await expect(page.getByTestId("recording-elapsed")).toHaveText(/Recording 0:0[3-9]/, { timeout: 20_000 });
  // The fake microphone is singing: the meter moves.
  await expect.poll(async () => Number(await page.getByTestId("recording-level").getAttribute("value")), { timeout: 10_000 }).toBeGreaterThan(0.2);
  await page.getByRole("button", { name: "Stop and use this take" }).click();
  await expect(page.getByTestId("vocal-status")).toBeVisible();
  await expect(page.getByTestId("vocal-status")).toHaveCount(0, { timeout: VOCAL_READY_MS });
  await expect(page.getByTestId("vocal-error")).toHaveCount(0);
  await expect(page.getByTestId("vocal-file-error")).toHaveCount(0);
  await expect(appliedHeading(page)).toBeVisible();
  // The recording became a new vocal, and the song plays with it.
  const after = await (await page.request.get(`/api/song/${songId}/vocal`)).json();
  expect(after.id).not.toBe(before.id);
  expect(after).toMatchObject({ kind: "take", status: "completed", applied: true, autoVocal: true });
});

test("a take the engine refuses (silence) shows 'Unable to create vocal track'; None removes the vocal", async ({ page, baseURL }) => {
  test.setTimeout(VOCAL_READY_MS + 60_000);
  await open(page, baseURL);
  await page.getByLabel(/WAV or MP3, up to/).setInputFiles(SILENCE);
  await page.getByRole("button", { name: "Upload and make my vocal" }).click();
  await expect(page.getByTestId("vocal-error")).toHaveText("Unable to create vocal track", { timeout: VOCAL_READY_MS });
  // The song keeps the vocal it had.
  await expect(appliedHeading(page)).toBeVisible();
  // Reloaded, the page still tells.
  await page.reload();
  await expect(page.getByTestId("vocal-error")).toHaveText("Unable to create vocal track");

  await page.goto(`/edit/${songId}/vocals/modes`);
  await page.getByRole("button", { name: /^None/ }).click();
  await expect(page).toHaveURL(new RegExp(`/edit/${songId}/vocals$`));
  await expect(page.getByTestId("vocal-empty")).toBeVisible({ timeout: VOCAL_READY_MS });
});
