// The notes and arrangement editors in a real browser (issue 5 "Done when"): the owner drags a note in the
// piano roll, saves, waits for the render and hears the new version; reorders two segments by drag and
// drop and finds them swapped after the render; then the same edits with JavaScript disabled, through the
// note form and the arrangement's GET-form buttons. One song (rendered in full by the e2e server) serves
// the whole file, so the tests run in order; every wait is for an element, a response or a status.
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from "@playwright/test";
import { closeE2eDb, signedInUser, useCookies } from "./support/auth";
import { createCompleteSong, SONG_READY_MS } from "./support/songs";

const RENDER_MS = 180_000;

test.use({
  launchOptions: {
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--autoplay-policy=no-user-gesture-required"],
  },
});
test.describe.configure({ mode: "serial" });

interface EditView {
  version: number;
  segments: { index: number; section: string; parts: Record<string, { step: number; pitch: number; length: number }[]> }[];
}

let cookie: string;
let songId: string;
let api: APIRequestContext;

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(SONG_READY_MS + 30_000);
  ({ cookie } = await signedInUser());
  api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Cookie: cookie } });
  songId = await createCompleteSong(api);
});
test.afterAll(async () => {
  await api?.dispose();
  await closeE2eDb();
});

const editView = async (): Promise<EditView> => (await api.get(`/api/song/edit/${songId}`)).json();

/** Waits until the song plays a version after `version` (the edit rendered). */
async function waitForVersionAfter(version: number): Promise<EditView> {
  await expect.poll(async () => (await editView()).version, { timeout: RENDER_MS, intervals: [2000] }).toBeGreaterThan(version);
  return editView();
}

/** A segment whose bass has a note that can move two steps right (its start + 2 stays on the grid). */
function movableBass(view: EditView) {
  for (const segment of view.segments) {
    const notes = segment.parts.bass ?? [];
    const note = notes.find((candidate) => candidate.step <= 27 && candidate.length >= 1 && !notes.some((other) => other.step === candidate.step + 2 && other.pitch === candidate.pitch));
    if (note) return { segment: segment.index, note };
  }
  throw new Error("the song has no bass note to move");
}

async function signIn(page: Page, baseURL: string | undefined) {
  await useCookies(page.context(), cookie, baseURL!);
}

test.describe("with JavaScript", () => {
  test.setTimeout(8 * 60_000);

  test("drag a note in the piano roll, save, and hear the new version", async ({ page, baseURL }) => {
    await signIn(page, baseURL);
    const before = await editView();
    const { segment, note } = movableBass(before);
    await page.goto(`/edit/${songId}/notes?segment=${segment}&part=bass`);
    const roll = page.getByTestId("piano-roll");
    await expect(roll).toBeVisible();

    const block = roll.locator(`[data-testid="roll-note"][data-step="${note.step}"][data-pitch="${note.pitch}"]`).first();
    // Grab the note's left part (the right edge resizes), then drag two 28 px cells to the right.
    // hover() scrolls the note into view and waits until nothing (the player bar) covers it.
    await block.hover({ position: { x: 4, y: 5 } });
    const box = (await block.boundingBox())!;
    await page.mouse.move(box.x + 4, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 4 + 30, box.y + box.height / 2, { steps: 4 });
    await page.mouse.move(box.x + 4 + 56, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    await expect(roll.locator(`[data-testid="roll-note"][data-step="${note.step + 2}"][data-pitch="${note.pitch}"]`)).toHaveCount(1);
    await expect(page.getByTestId("notes-save-state")).toHaveText(/Unsaved changes in 1 part/);

    const saved = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/song/${songId}/notes` && response.request().method() === "POST");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    expect((await saved).status()).toBe(202);

    const after = await waitForVersionAfter(before.version);
    expect(after.segments[segment].parts.bass.some((moved) => moved.step === note.step + 2 && moved.pitch === note.pitch)).toBe(true);
    // The layout follows the render and revalidates: the progress goes away and Save is idle again.
    await expect(page.getByTestId("render-progress")).toHaveCount(0, { timeout: RENDER_MS });
    await expect(page.getByTestId("notes-save-state")).toHaveText("No changes yet.");

    // Play: the player fetches the new version's audio and its clock moves.
    const fetched = page.waitForRequest((request) => request.url().includes(`/media/songs/${songId}/song.mp3?version=${after.version}`));
    await page.getByTestId("edit-song-header").getByRole("button", { name: /^Play / }).click();
    await fetched;
    const player = page.getByRole("region", { name: "Player" });
    await expect(player.getByTestId("player-elapsed")).not.toHaveText("0:00", { timeout: 30_000 });
  });

  test("reorder two segments by drag and drop, save, and find them swapped after the render", async ({ page, baseURL }) => {
    await signIn(page, baseURL);
    const before = await editView();
    await page.goto(`/edit/${songId}/arrangement`);
    const items = page.getByTestId("arrangement-segment");
    await expect(items).toHaveCount(before.segments.length);
    // Drag and drop needs React's handlers: retried until the page has hydrated.
    await expect(async () => {
      // Both segments in the middle of the window, clear of the sticky action bar and the fixed Pro advert
      // (otherwise Playwright's own scrolling may leave the point it presses under one of them).
      await items.nth(0).evaluate((element) => element.scrollIntoView({ block: "center" }));
      await items.nth(0).dragTo(items.nth(1));
      await expect(page).toHaveURL(/[?&]order=1%2C0|order=1,0/, { timeout: 2000 });
    }).toPass({ timeout: 30_000 });
    await expect(items.nth(0)).toHaveAttribute("data-from", "1");
    await expect(items.nth(0).getByTestId("segment-name")).toHaveText(/^1 · /);
    await expect(page.getByTestId("arrangement-pending")).toBeVisible();

    await page.getByRole("button", { name: "Save arrangement" }).click();
    await expect(page).toHaveURL(new RegExp(`/edit/${songId}/arrangement$`));
    const after = await waitForVersionAfter(before.version);
    expect(after.segments).toHaveLength(before.segments.length);
    expect(after.segments[0].parts).toEqual(before.segments[1].parts);
    expect(after.segments[1].parts).toEqual(before.segments[0].parts);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test.setTimeout(8 * 60_000);

  test("the note form changes a note's step; the render's audio is served", async ({ page, baseURL }) => {
    await signIn(page, baseURL);
    const before = await editView();
    const { segment, note } = movableBass(before);
    await page.goto(`/edit/${songId}/notes?segment=${segment}&part=bass`);
    await expect(page.getByTestId("piano-roll")).toHaveCount(0);
    const rows = page.getByTestId("note-row");
    const index = before.segments[segment].parts.bass.findIndex((candidate) => candidate.step === note.step && candidate.pitch === note.pitch);
    await rows.nth(index).getByLabel(`Note ${index + 1} step`).fill(String(note.step + 3));
    await page.getByRole("button", { name: "Save notes" }).click();
    await expect(page).toHaveURL(new RegExp(`segment=${segment}&part=bass`));

    const after = await waitForVersionAfter(before.version);
    expect(after.segments[segment].parts.bass.some((moved) => moved.step === note.step + 2 && moved.pitch === note.pitch)).toBe(true);
    // The page refreshes itself (meta refresh, every 3 s) while the version renders, and shows it once
    // complete. Navigating here instead would race that refresh (one aborts the other).
    const audio = page.getByTestId("edit-song-header").locator("audio[controls]");
    await expect(audio).toHaveAttribute("src", new RegExp(`version=${after.version}$`), { timeout: 20_000 });
    const media = await api.get((await audio.getAttribute("src"))!, { headers: { Range: "bytes=0-1023" } });
    expect(media.status()).toBe(206);
    expect(media.headers()["content-type"]).toBe("audio/mpeg");
  });

  test("the arrangement's up, duplicate and delete buttons are plain forms; Save renders the order", async ({ page, baseURL }) => {
    await signIn(page, baseURL);
    const before = await editView();
    const count = before.segments.length;
    await page.goto(`/edit/${songId}/arrangement`);
    const items = page.getByTestId("arrangement-segment");
    await items.nth(1).getByRole("button", { name: /up$/ }).click();
    await expect(page).toHaveURL(/order=1%2C0%2C2|order=1,0,2/);
    await items.nth(0).getByRole("button", { name: /^Duplicate/ }).click();
    await expect(items).toHaveCount(count + 1);
    await items.nth(count).getByRole("button", { name: /^Delete/ }).click();
    await expect(items).toHaveCount(count);
    await expect(items.nth(0)).toHaveAttribute("data-from", "1");
    await expect(items.nth(1)).toHaveAttribute("data-from", "1");
    await expect(items.nth(2)).toHaveAttribute("data-from", "0");

    await page.getByRole("button", { name: "Save arrangement" }).click();
    await expect(page).toHaveURL(new RegExp(`/edit/${songId}/arrangement$`));
    const after = await waitForVersionAfter(before.version);
    expect(after.segments).toHaveLength(count);
    expect(after.segments[0].parts).toEqual(before.segments[1].parts);
    expect(after.segments[1].parts).toEqual(before.segments[1].parts);
    expect(after.segments[2].parts).toEqual(before.segments[0].parts);
  });
});
