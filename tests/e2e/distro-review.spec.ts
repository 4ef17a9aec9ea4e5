// Distribution review in Chromium (issue 18 "Done when", the review half), with JavaScript on and off for
// the admin: a user submits a release; a distro ops coordinator opens it from the queue and takes the
// review lock, so a second admin opening it meanwhile sees who is reviewing and gets no actions; the
// reviewer flags the cover art with a message; the user sees what to fix on the release page and the
// release form, uploads a new cover and resubmits; the reviewer approves it and the user sees it approved.
// Songs are inserted as saved rows (review reads rows; it renders nothing).
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Browser, type Page } from "@playwright/test";
import sharp from "sharp";
import { closeE2eDb, e2eDb, signedInUser, useCookies } from "./support/auth";
import { insertSavedSong } from "../support/releases";

let covers: string[];

test.beforeAll(async () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), "songloom-e2e-review-"));
  covers = await Promise.all(
    [
      { name: "first.jpg", colour: { r: 30, g: 90, b: 160 } },
      { name: "second.jpg", colour: { r: 160, g: 60, b: 40 } },
    ].map(async ({ name, colour }) => {
      const file = path.join(folder, name);
      await sharp({ create: { width: 3000, height: 3000, channels: 3, background: colour } }).jpeg({ quality: 80 }).toFile(file);
      return file;
    }),
  );
});

test.afterAll(closeE2eDb);

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
  await page.getByLabel("Cover art", { exact: true }).setInputFiles(covers[0]);
  await page.getByRole("button", { name: "Create release" }).click();
  await expect(page.getByTestId("cover-preview")).toHaveAttribute("data-source", "upload");
  await page.getByRole("link", { name: "Next: songs" }).click();
  await page.getByRole("button", { name: `Add ${song}` }).click();
  await expect(page.getByRole("list", { name: "Tracks" }).getByRole("listitem")).toHaveCount(1);
  await page.getByRole("link", { name: "Next: review" }).click();
  await page.getByRole("button", { name: "Submit release" }).click();
  await expect(page.getByTestId("release-status")).toHaveText("Submitted");
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`admin with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test("submit, lock-out, flag the art, fix and resubmit, approve", async ({ browser, baseURL }) => {
      test.setTimeout(180_000);
      const title = `Harbor Review ${javaScriptEnabled ? "JS" : "Plain"}`;
      const owner = await signedInUser();
      await insertSavedSong(e2eDb(), owner.user.id, { name: "Fog Horn" });
      const user = await pageAs(browser, owner.cookie, baseURL!, true);
      await submitRelease(user, title, "Fog Horn");

      const reviewerSession = await signedInUser({ isAdmin: true, roles: ["distro_ops_coordinator"] });
      const otherSession = await signedInUser({ isAdmin: true, roles: ["content_review_specialist"] });
      const reviewer = await pageAs(browser, reviewerSession.cookie, baseURL!, javaScriptEnabled);
      const other = await pageAs(browser, otherSession.cookie, baseURL!, javaScriptEnabled);

      // The queue lists it; opening it takes the review lock.
      await reviewer.goto("/admin/distro");
      await reviewer.getByLabel("Search").fill(title);
      await reviewer.getByRole("button", { name: "Search" }).click();
      await expect(reviewer).toHaveURL(/itemsPerPage=25/);
      await reviewer.getByRole("link", { name: title }).click();
      await expect(reviewer.getByRole("heading", { name: title })).toBeVisible();
      await expect(reviewer.getByTestId("review-lock")).toBeVisible();
      await expect(reviewer.getByText("This song has no rendered audio to check.")).toBeVisible();

      // A second admin meanwhile: sees who holds it, and no actions.
      await other.goto(`/admin/distro?queue=submitted&q=${encodeURIComponent(title)}`);
      await expect(other.getByRole("cell", { name: `Being reviewed by ${reviewerSession.user.email}` })).toBeVisible();
      await other.getByRole("link", { name: title }).click();
      await expect(other.getByTestId("review-locked-by")).toContainText(reviewerSession.user.email);
      await expect(other.getByRole("heading", { name: title })).toBeVisible();
      await expect(other.getByRole("button", { name: "Approve", exact: true })).toHaveCount(0);
      await expect(other.getByRole("button", { name: "Flag issues" })).toHaveCount(0);

      // Flagging needs a message when no field is flagged; then the art, with a note and a message.
      await reviewer.getByRole("button", { name: "Flag issues" }).click();
      await expect(reviewer.locator("#review-message-error")).toHaveText("Write a message to the user when no field is flagged.");
      await reviewer.getByLabel("Cover art", { exact: true }).check();
      await reviewer.getByLabel("Note on Cover art").fill("The art shows a website address.");
      await reviewer.getByLabel(/Message to the user/).fill("Please upload cover art without text links.");
      await reviewer.getByRole("button", { name: "Flag issues" }).click();
      await expect(reviewer.getByText("Sent back for corrections.")).toBeVisible();
      await expect(reviewer.getByTestId("review-status")).toHaveText("Awaiting Corrections");

      // The user sees what to fix, fixes the art (the flag clears) and resubmits.
      await user.reload();
      await expect(user.getByTestId("release-status")).toHaveText("Awaiting Corrections");
      const notice = user.getByTestId("review-notice");
      await expect(notice).toContainText("Please upload cover art without text links.");
      await expect(notice.getByRole("list", { name: "What to fix" })).toHaveText("Cover art: The art shows a website address.");
      const releaseUrl = user.url();
      await user.goto("/library?tab=releases");
      const row = user.getByRole("list", { name: "Releases" }).getByRole("listitem").filter({ hasText: title });
      await expect(row.getByTestId("release-row-review")).toHaveText("Please upload cover art without text links. Fix: Cover art.");
      await user.goto(releaseUrl);
      await user.getByTestId("review-notice").getByRole("link", { name: "Fix and resubmit" }).click();
      await expect(user.getByText("Our reviewer flagged this: The art shows a website address.")).toBeVisible();
      await user.getByLabel("Cover art", { exact: true }).setInputFiles(covers[1]);
      await user.getByRole("button", { name: "Save release" }).click();
      await expect(user.getByText("Our reviewer flagged this: The art shows a website address.")).toHaveCount(0);
      await user.getByRole("link", { name: "Next: songs" }).click();
      await user.getByRole("link", { name: "Next: review" }).click();
      await user.getByRole("button", { name: "Submit release" }).click();
      await expect(user.getByTestId("release-status")).toHaveText("Submitted");
      await expect(user.getByTestId("review-notice")).toHaveCount(0);

      // The reviewer approves the corrected release; the user sees it approved.
      await reviewer.goto(`/admin/distro?queue=submitted&q=${encodeURIComponent(title)}`);
      await reviewer.getByRole("link", { name: title }).click();
      await expect(reviewer.getByTestId("review-status")).toHaveText("Submitted");
      await reviewer.getByRole("button", { name: "Approve", exact: true }).click();
      await expect(reviewer.getByText(/^Approved\./)).toBeVisible();
      await expect(reviewer.getByTestId("review-status")).toHaveText("Approved");
      await user.reload();
      await expect(user.getByTestId("release-status")).toHaveText("Approved");
      await expect(user.getByTestId("review-notice")).toHaveText("Approved: your release is on its way to the stores.");
    });
  });
}
