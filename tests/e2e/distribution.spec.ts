// Distribution end to end in Chromium (issue 18 "Done when", the delivery half), with JavaScript on and off
// for the admin: a user submits a release; a distro ops coordinator approves it; the server delivers it over
// SFTP to the local stores, which check each package as a store would (valid ERN 4.3, every file present
// with its size and MD5, the cover's size) and acknowledge it; the user's release page shows Live with every
// store's status, and today's made-up usage report from the local stores waits as pending for staff; the
// user requests a takedown and sees Removed once the stores acknowledge it.
// The song is a saved row whose WAV (two seconds of tone, written into the server's media storage) is what
// the stores receive: a full render would send ~25 MB to each of the 42 standard stores.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { releases } from "#drizzle/schema/releases";
import { royaltyReports } from "#drizzle/schema/royalties";
import { songs } from "#drizzle/schema/songs";
import { encodeWav } from "~/engine/encode";
import { STORES } from "~/services/distribution/stores";
import { closeE2eDb, e2eDb, signedInUser, useCookies } from "./support/auth";
import { insertSavedSong } from "../support/releases";

const SAMPLE_RATE = 44_100;
const SECONDS = 2;
const standardStores = STORES.filter((store) => store.tier === "standard");
let cover: string;

test.beforeAll(async () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), "songloom-e2e-distribution-"));
  cover = path.join(folder, "cover.jpg");
  await sharp({ create: { width: 3000, height: 3000, channels: 3, background: { r: 40, g: 120, b: 90 } } }).jpeg({ quality: 70 }).toFile(cover);
});

test.afterAll(closeE2eDb);

/** A saved song whose WAV is in the server's media storage (DATA_DIR/media, LocalDiskStorage's layout). */
async function songWithAudio(userId: string, name: string): Promise<string> {
  const songId = await insertSavedSong(e2eDb(), userId, { name });
  const frames = SECONDS * SAMPLE_RATE;
  const left = new Float32Array(frames);
  for (let index = 0; index < frames; index += 1) left[index] = 0.3 * Math.sin((2 * Math.PI * 330 * index) / SAMPLE_RATE);
  const key = `songs/${songId}/song.wav`;
  const file = path.join(process.env.E2E_DATA_DIR!, "media", key);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, encodeWav({ sampleRate: SAMPLE_RATE, left, right: left.slice() }));
  await e2eDb()
    .update(songs)
    .set({ durationSeconds: SECONDS, media: { mp3: `songs/${songId}/song.mp3`, wav: key, midi: "", peaks: "", description: "" } })
    .where(eq(songs.id, songId));
  return songId;
}

async function pageAs(browser: Browser, cookie: string, baseURL: string, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  await useCookies(context, cookie, baseURL);
  return context.newPage();
}

async function submitRelease(page: Page, title: string, song: string) {
  await page.goto("/release/create");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Artist name").fill("Harbor Loomer");
  await page.getByLabel("Genre").selectOption({ label: "Ambient" });
  await page.getByLabel("Language").selectOption({ label: "English" });
  await page.getByLabel("Clean").check();
  await page.getByLabel("Cover art", { exact: true }).setInputFiles(cover);
  await page.getByRole("button", { name: "Create release" }).click();
  await expect(page.getByTestId("cover-preview")).toHaveAttribute("data-source", "upload");
  await page.getByRole("link", { name: "Next: songs" }).click();
  await page.getByRole("button", { name: `Add ${song}` }).click();
  await expect(page.getByRole("list", { name: "Tracks" }).getByRole("listitem")).toHaveCount(1);
  await page.getByRole("link", { name: "Next: review" }).click();
  await page.getByRole("button", { name: "Submit release" }).click();
  await expect(page.getByTestId("release-status")).toHaveText("Submitted");
}

/** The store table's status per store name. */
async function storeTable(page: Page): Promise<Map<string, string>> {
  const rows = await page.getByTestId("store-statuses").locator("tbody tr").all();
  const table = new Map<string, string>();
  for (const row of rows) {
    const [store, status] = await row.locator("td").allInnerTexts();
    table.set(store.trim(), status.trim());
  }
  return table;
}

/** Waits until the release page (reloaded, so it works the same without JavaScript) shows `status`. */
async function waitForStatus(page: Page, status: string) {
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("release-status")).toHaveText(status, { timeout: 1_000 });
  }).toPass({ timeout: 90_000, intervals: [1_000] });
}

/** The DDEX FtpAcknowledgementMessages the local stores wrote for this UPC's batches, by store: their FileStatus. */
function acknowledgements(upc: string): Map<string, { status: string; takedown: boolean }[]> {
  const root = path.join(process.env.E2E_DATA_DIR!, "stores");
  const found = new Map<string, { status: string; takedown: boolean }[]>();
  for (const store of readdirSync(root)) {
    for (const batch of readdirSync(path.join(root, store)).filter((name) => name.includes(upc))) {
      const xml = readFileSync(path.join(root, store, batch, "acknowledgements", `ACK_${batch}.xml`), "utf8");
      expect(xml).toContain("<ernc:FtpAcknowledgementMessage");
      expect(xml).toContain(`<ReleaseId>${upc}</ReleaseId>`);
      const status = /<FileStatus>([A-Za-z]+)<\/FileStatus>/.exec(xml)?.[1] ?? "";
      found.set(store, [...(found.get(store) ?? []), { status, takedown: batch.endsWith("_takedown") }]);
    }
  }
  return found;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`admin with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test("submit, approve, delivered and acknowledged (Live), take down (Removed)", async ({ browser, baseURL }) => {
      test.setTimeout(240_000);
      const title = `Harbor Delivery ${javaScriptEnabled ? "JS" : "Plain"}`;
      const song = `Tide Bell ${javaScriptEnabled ? "JS" : "Plain"}`;
      const owner = await signedInUser();
      await songWithAudio(owner.user.id, song);
      const user = await pageAs(browser, owner.cookie, baseURL!, true);
      await submitRelease(user, title, song);
      const releaseUrl = user.url();

      // The reviewer approves it from the queue.
      const reviewerSession = await signedInUser({ isAdmin: true, roles: ["distro_ops_coordinator"] });
      const reviewer = await pageAs(browser, reviewerSession.cookie, baseURL!, javaScriptEnabled);
      await reviewer.goto(`/admin/distro?queue=submitted&q=${encodeURIComponent(title)}`);
      await reviewer.getByRole("link", { name: title }).click();
      await expect(reviewer.getByRole("heading", { name: title })).toBeVisible();
      await reviewer.getByRole("button", { name: "Approve", exact: true }).click();
      // Approving writes a delivery and its job for each of the 42 stores in one transaction, then the review
      // page loads again: seconds on a busy 2-core CI machine, more than the default 5 s wait.
      await expect(reviewer.getByTestId("review-status")).toHaveText("Approved", { timeout: 20_000 });

      // The stores receive it, check it and answer; the release goes Live with every store's status.
      await user.goto(releaseUrl);
      await waitForStatus(user, "Live");
      const live = await storeTable(user);
      expect(live.size).toBe(STORES.length);
      for (const store of standardStores) expect(live.get(store.name), store.name).toBe("Success");
      for (const store of STORES.filter((entry) => entry.tier === "elevated")) expect(live.get(store.name), store.name).toBe("Not submitted");
      // The filter narrows the table to the stores it went to (a GET form).
      await user.getByLabel("Show").selectOption("distributed");
      await user.getByRole("button", { name: "Filter" }).click();
      await expect(user.getByTestId("store-statuses").locator("tbody tr")).toHaveCount(standardStores.length);

      // What the stores hold: one accepted package per standard store, for this release's UPC.
      const [row] = await e2eDb().select({ upc: releases.upc }).from(releases).where(eq(releases.title, title));
      expect(row.upc).toMatch(/^\d{13}$/);
      const delivered = acknowledgements(row.upc!);
      expect([...delivered.keys()].sort()).toEqual(standardStores.map((store) => store.id).sort());
      for (const answers of delivered.values()) expect(answers).toEqual([{ status: "FileOK", takedown: false }]);

      // Going live on the local stores queues today's usage report for the release, registered as pending
      // for staff (docs/money.md "Where reports come from").
      const reportName = `local-stores_${new Date().toISOString().slice(0, 10)}_${row.upc}.csv`;
      await expect
        .poll(async () => (await e2eDb().select({ status: royaltyReports.status }).from(royaltyReports).where(eq(royaltyReports.fileName, reportName))).map((report) => report.status), { timeout: 30_000 })
        .toEqual(["pending"]);
      const report = readFileSync(path.join(process.env.E2E_DATA_DIR!, "royalty-reports", "local-stores", reportName), "utf8");
      expect(report).toContain(`,${row.upc},`);

      // The owner takes it down; the stores acknowledge the takedowns and the release is Removed.
      await user.getByRole("button", { name: "Request takedown" }).click();
      await expect(user.getByTestId("release-status")).toHaveText(/Pending Removal|Removed/);
      await waitForStatus(user, "Removed");
      await user.goto(releaseUrl);
      const removed = await storeTable(user);
      for (const store of standardStores) expect(removed.get(store.name), store.name).toBe("Removed");
      for (const answers of acknowledgements(row.upc!).values()) expect(answers).toContainEqual({ status: "FileOK", takedown: true });
    });
  });
}
