// Memberships and withdrawals in Chromium through the labelled local Stripe stand-in (the same SDK
// calls, hosted checkout page and signed webhooks as with Stripe): a free user upgrades to Creator
// monthly with 4242…, can download the MP3 at once, switches to annual and downgrades to free at the
// period end; a declined card shows Stripe's error; the membership and withdraw forms work without
// JavaScript; a frozen account sees the banner and cannot withdraw. A store report is imported by staff;
// the creator sees the streams, revenue by store and balance, withdraws, and staff approve the held
// withdrawal; the balance and the history agree.
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, request as playwrightRequest, test, type Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { identityVerifications, users } from "#drizzle/schema/index";
import { postRoyaltyCredit } from "~/services/ledger";
import { registerReport, REPORT_COLUMNS } from "~/services/royalties";
import { readOutbox, TEST_PASSWORD, uniqueEmail } from "../support/auth";
import { insertLiveRelease } from "../support/royalties";
import { closeE2eDb, e2eDb, signedInUser, useCookies } from "./support/auth";
import { createCompleteSong, SONG_READY_MS } from "./support/songs";

test.afterAll(closeE2eDb);

const expiry = `12 / ${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, "0")}`;

async function payWithCard(page: Page, number: string, button: "Subscribe" | "Save card" = "Subscribe") {
  await expect(page.getByRole("heading", { name: "Local Stripe stand-in checkout" })).toBeVisible();
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM / YY)").fill(expiry);
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: button }).click();
}

test("a free user upgrades to Creator monthly, can download at once, switches to annual and downgrades to free", async ({ page, baseURL }, testInfo) => {
  testInfo.setTimeout(SONG_READY_MS + 120_000);
  const { cookie } = await signedInUser();
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Cookie: cookie } });
  const songId = await createCompleteSong(api);
  expect((await api.get(`/api/song/${songId}/download/mp3`)).status()).toBe(403);

  await useCookies(page.context(), cookie, baseURL!);
  await page.goto("/account/membership");
  await expect(page.getByTestId("current-plan")).toHaveText("Free");
  await page.getByRole("button", { name: "Choose Creator monthly" }).click();
  await payWithCard(page, "4242 4242 4242 4242");

  await expect(page).toHaveURL(/\/account\/membership\?checkout=success/);
  await expect(page.getByTestId("current-plan")).toHaveText("Creator (monthly)");
  await expect(page.getByTestId("plan-features")).toContainText("MP3 downloads: included");
  expect((await api.get(`/api/song/${songId}/download/mp3`)).status()).toBe(200);

  await page.getByRole("link", { name: "Annual" }).click();
  await page.getByRole("button", { name: "Switch to annual" }).click();
  await expect(page.getByTestId("membership-notice")).toContainText("You now pay annually");
  await expect(page.getByTestId("current-plan")).toHaveText("Creator (annual)");

  await page.getByRole("button", { name: "Downgrade to Free" }).click();
  await expect(page.getByTestId("membership-notice")).toContainText("Your membership ends on");
  await expect(page.getByTestId("pending-change")).toContainText("Changes to Free on");
  // Until the period ends the features stay.
  await expect(page.getByTestId("current-plan")).toHaveText("Creator (annual)");
  expect((await api.get(`/api/song/${songId}/download/mp3`)).status()).toBe(200);
  const subscription = await (await api.get("/api/user/subscription")).json();
  expect(subscription).toMatchObject({ productId: 9, cancelAtPeriodEnd: true, pendingProductId: 7, downgradeEffectiveTimestamp: subscription.currentPeriodEnd });
  await api.dispose();
});

test("a declined card shows Stripe's error and leaves the user on free", async ({ page, baseURL }) => {
  const { cookie } = await signedInUser();
  await useCookies(page.context(), cookie, baseURL!);
  await page.goto("/account/membership");
  await page.getByRole("button", { name: "Choose Pro monthly" }).click();
  await payWithCard(page, "4000 0000 0000 0002");
  await expect(page.getByRole("alert")).toContainText("Your card was declined.");
  await page.getByRole("link", { name: "Cancel and go back" }).click();
  await expect(page.getByTestId("membership-notice")).toContainText("Checkout was cancelled");
  await expect(page.getByTestId("current-plan")).toHaveText("Free");
});

test("a store report is imported; the creator sees streams, revenue by store and a balance, withdraws, and staff approve the held withdrawal", async ({ browser, baseURL }) => {
  // A whole journey across two users, an import job and six pages: more than the default 30 s on a busy machine.
  test.setTimeout(120_000);
  const creator = await signedInUser();
  const release = await insertLiveRelease(e2eDb(), creator.user.id, 2);
  // Above the identity-check threshold: this creator has passed it.
  await e2eDb().insert(identityVerifications).values({ userId: creator.user.id, status: "APPROVED", inquiryId: "e2e-approved" });
  const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  // A store report as stores send it: $1,460 gross, so the creator's 80 % is $1,168.
  const lines = [
    REPORT_COLUMNS.join(","),
    `spotify,US,${release.tracks[0].isrc},${release.upc},stream,200000,700.000000,${day}`,
    `apple_music,GB,${release.tracks[1].isrc},${release.upc},stream,100000,700.000000,${day}`,
    `youtube_music,DE,${release.tracks[0].isrc},${release.upc},ugc,50000,60.000000,${day}`,
  ];
  const file = path.join(await mkdtemp(path.join(tmpdir(), "e2e-royalties-")), `spotify-apple-youtube_${day}_${creator.user.id}.csv`);
  await writeFile(file, `${lines.join("\n")}\n`);
  await registerReport(e2eDb(), file);

  const staff = await signedInUser({ isAdmin: true, roles: ["royalty_admin"] });
  const staffPage = await browser.newPage();
  await useCookies(staffPage.context(), staff.cookie, baseURL!);
  await staffPage.goto("/admin/royalties");
  const report = staffPage.getByRole("region", { name: `Report ${path.basename(file)}` });
  await report.getByLabel("Store reference").fill("E2E-STATEMENT-1");
  await report.getByRole("button", { name: "Approve and import" }).click();
  await expect(staffPage.getByRole("status")).toContainText("The report was approved");
  // The import runs as a job; the report moves to Complete.
  await expect(async () => {
    await staffPage.reload();
    await expect(staffPage.getByTestId("complete-reports")).toContainText(path.basename(file));
  }).toPass({ timeout: 30_000 });
  await expect(staffPage.getByTestId("complete-reports")).toContainText("E2E-STATEMENT-1");

  const page = await browser.newPage();
  await useCookies(page.context(), creator.cookie, baseURL!);
  await page.goto("/account");
  await expect(page.getByTestId("total-streams")).toHaveText("350,000");
  await expect(page.getByTestId("total-revenue")).toHaveText("$1,168.00");
  await expect(page.getByTestId("overview-balance")).toHaveText("$1,168.00");
  await page.goto("/account/revenue");
  const byStore = page.getByRole("region", { name: "Revenue by store" }).getByRole("table");
  await expect(byStore.getByRole("row", { name: /Spotify/ })).toContainText("200,000");
  await expect(byStore.getByRole("row", { name: /Spotify/ })).toContainText("$560.00");
  await expect(byStore.getByRole("row", { name: /Apple Music/ })).toContainText("$560.00");
  await expect(byStore.getByRole("row", { name: /YouTube/ })).toContainText("$48.00");

  await page.goto("/account/withdraw");
  await expect(page.getByTestId("available-balance")).toHaveText("$1,168.00");
  await page.getByLabel("Name on the account").fill("Test Person");
  await page.getByLabel("Routing number (9 digits)").fill("110000000");
  await page.getByLabel("Account number").fill("000123456789");
  await page.getByRole("button", { name: "Add bank account" }).click();
  await expect(page.getByTestId("withdraw-notice")).toHaveText("Bank account added.");
  await page.getByLabel(/Amount in dollars/).fill("1100");
  await page.getByRole("button", { name: "Withdraw" }).click();
  await expect(page.getByTestId("withdraw-notice")).toContainText("held for a quick review");
  await expect(page.getByTestId("withdrawal-history")).toContainText("$1,100.00, Held for review");
  await expect(page.getByTestId("available-balance")).toHaveText("$68.00");

  await staffPage.goto("/admin/withdrawals");
  const held = staffPage.getByRole("region", { name: `Withdrawal of $1,100.00 by ${creator.user.email}` });
  await held.getByRole("button", { name: "Approve" }).click();
  await expect(staffPage.getByRole("heading", { name: `Approve $1,100.00 for ${creator.user.email}` })).toBeVisible();
  await staffPage.getByRole("button", { name: "Confirm: approve" }).click();
  await expect(staffPage.getByRole("status")).toContainText("approved and sent to the bank");

  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("withdrawal-history")).toContainText("$1,100.00, Paid");
  }).toPass({ timeout: 15_000 });
  await expect(page.getByTestId("available-balance")).toHaveText("$68.00");
  await page.goto("/account/revenue");
  const history = page.getByTestId("transactions");
  await expect(history).toContainText("Withdrawal paid to your bank");
  await expect(history).toContainText("Royalties");
  await page.goto("/account");
  await expect(page.getByTestId("overview-balance")).toHaveText("$68.00");
  await staffPage.close();
  await page.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("buys a membership with a card that expires before renewal, and is warned", async ({ page, baseURL }) => {
    const { cookie } = await signedInUser();
    await useCookies(page.context(), cookie, baseURL!);
    await page.goto("/account/membership?billing=annual");
    await page.getByRole("button", { name: "Choose Creator annual" }).click();
    await expect(page.getByRole("heading", { name: "Local Stripe stand-in checkout" })).toBeVisible();
    const soon = new Date();
    soon.setUTCMonth(soon.getUTCMonth() + 2);
    await page.getByLabel("Card number").fill("4242424242424242");
    await page.getByLabel("Expiry (MM / YY)").fill(`${String(soon.getUTCMonth() + 1).padStart(2, "0")} / ${String(soon.getUTCFullYear() % 100).padStart(2, "0")}`);
    await page.getByLabel("CVC").fill("123");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByTestId("current-plan")).toHaveText("Creator (annual)");
    await expect(page.getByTestId("card-expiry-warning")).toContainText("expires");
    await page.getByRole("button", { name: "Upgrade to Pro annual" }).click();
    await expect(page.getByTestId("current-plan")).toHaveText("Pro (annual)");
  });

  test("adds a bank account and withdraws; errors are shown beside the fields", async ({ page, baseURL }) => {
    const { cookie, user } = await signedInUser();
    await e2eDb().transaction((tx) =>
      postRoyaltyCredit(tx, { reference: `royalty:e2e:${user.id}`, userId: user.id, songId: "e2e-song", store: "spotify", day: new Date().toISOString().slice(0, 10), streams: 5_000, grossMicros: 30_015_432 }),
    );
    await useCookies(page.context(), cookie, baseURL!);
    await page.goto("/withdraw");
    await expect(page).toHaveURL(/\/account\/withdraw$/);
    await expect(page.getByTestId("available-balance")).toHaveText("$24.01");

    await page.getByLabel("Name on the account").fill("Test Person");
    await page.getByLabel("Routing number (9 digits)").fill("12345");
    await page.getByLabel("Account number").fill("000123456789");
    await page.getByRole("button", { name: "Add bank account" }).click();
    await expect(page.getByText("A routing number has 9 digits.")).toBeVisible();
    await page.getByLabel("Name on the account").fill("Test Person");
    await page.getByLabel("Routing number (9 digits)").fill("110000000");
    await page.getByLabel("Account number").fill("000123456789");
    await page.getByRole("button", { name: "Add bank account" }).click();
    await expect(page.getByTestId("withdraw-notice")).toHaveText("Bank account added.");
    await expect(page.getByTestId("bank-accounts")).toContainText("STRIPE TEST BANK ending 6789");

    await page.getByLabel(/Amount in dollars/).fill("5");
    await page.getByRole("button", { name: "Withdraw" }).click();
    await expect(page.getByText("The minimum withdrawal is $10.00.")).toBeVisible();
    await page.getByLabel(/Amount in dollars/).fill("30");
    await page.getByRole("button", { name: "Withdraw" }).click();
    await expect(page.getByText("Your available balance is $24.01.")).toBeVisible();
    await page.getByLabel(/Amount in dollars/).fill("24.01");
    await page.getByRole("button", { name: "Withdraw" }).click();
    await expect(page.getByTestId("withdraw-notice")).toContainText("Withdrawal sent to your bank");
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId("withdrawal-history")).toContainText("$24.01, Paid");
    }).toPass({ timeout: 15_000 });
    // Fractions of a cent stay in the balance.
    await expect(page.getByTestId("available-balance")).toHaveText("$0.002345");
    await page.goto("/account/revenue");
    await expect(page.getByTestId("transactions")).toContainText("Withdrawal paid to your bank");
  });

  test("staff import a report, look up its records by ISRC and approve a held line onto a song", async ({ browser, baseURL }) => {
    const creator = await signedInUser();
    const release = await insertLiveRelease(e2eDb(), creator.user.id, 1);
    const day = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    // An ISRC no live release has: the line is held, with its $10.
    const unknownIsrc = `QZZZZ${String(Date.now()).slice(-7)}`;
    const lines = [REPORT_COLUMNS.join(","), `deezer,FR,${release.tracks[0].isrc},${release.upc},stream,1000,5.000000,${day}`, `deezer,FR,${unknownIsrc},,stream,2000,10.000000,${day}`];
    const file = path.join(await mkdtemp(path.join(tmpdir(), "e2e-royalties-")), `deezer_${day}_${creator.user.id}.csv`);
    await writeFile(file, `${lines.join("\n")}\n`);
    await registerReport(e2eDb(), file);

    const staff = await signedInUser({ isAdmin: true, roles: ["royalty_admin"] });
    const page = await browser.newPage({ javaScriptEnabled: false });
    await useCookies(page.context(), staff.cookie, baseURL!);
    await page.goto("/admin/royalties");
    await page.getByRole("region", { name: `Report ${path.basename(file)}` }).getByRole("button", { name: "Approve and import" }).click();
    await expect(async () => {
      await page.goto("/admin/royalties");
      await expect(page.getByTestId("complete-reports")).toContainText(path.basename(file));
    }).toPass({ timeout: 30_000 });

    await page.getByLabel("ISRC").fill(release.tracks[0].isrc);
    await page.getByRole("button", { name: "Show records" }).click();
    await expect(page.getByRole("table", { name: "Royalty records" })).toContainText("deezer");
    await expect(page.getByRole("table", { name: "Royalty records" })).toContainText("FR");

    const held = page.getByRole("row", { name: new RegExp(unknownIsrc) });
    await expect(held).toContainText(`no live track has ISRC ${unknownIsrc}`);
    await held.getByLabel("Song id to credit (optional)").fill(release.tracks[0].songId);
    await held.getByRole("button", { name: "Approve" }).click();
    await expect(page.getByRole("status")).toHaveText("The held transaction was approved and credited.");
    await expect(page.getByRole("row", { name: new RegExp(unknownIsrc) })).toHaveCount(0);

    // $5 + $10 gross, 80 % to the creator.
    const creatorPage = await browser.newPage({ javaScriptEnabled: false });
    await useCookies(creatorPage.context(), creator.cookie, baseURL!);
    await creatorPage.goto("/account");
    await expect(creatorPage.getByTestId("overview-balance")).toHaveText("$12.00");
    await expect(creatorPage.getByTestId("total-streams")).toHaveText("3,000");
    await page.close();
    await creatorPage.close();
  });

  test("a frozen account sees the banner and cannot withdraw", async ({ page, baseURL }) => {
    const { cookie, user } = await signedInUser();
    await e2eDb().update(users).set({ accountStatus: "FROZEN" }).where(eq(users.id, user.id));
    await useCookies(page.context(), cookie, baseURL!);
    await page.goto("/account/withdraw");
    await expect(page.getByTestId("frozen-banner")).toBeVisible();
    await expect(page.getByRole("button", { name: "Withdraw" })).toHaveCount(0);
  });

  test("User Info: changes the email through the link sent to the new address", async ({ page, baseURL }) => {
    const { cookie, user } = await signedInUser();
    await useCookies(page.context(), cookie, baseURL!);
    await page.goto("/account/user");
    const next = uniqueEmail("e2e-new-address");
    await page.getByLabel("New email address").fill(next);
    await page.getByRole("button", { name: "Change email" }).click();
    await expect(page.getByText("That is not your current password.")).toBeVisible();
    await page.getByLabel("New email address").fill(next);
    await page.getByLabel("Your password, to confirm").fill(TEST_PASSWORD);
    await page.getByRole("button", { name: "Change email" }).click();
    await expect(page.getByTestId("user-notice")).toContainText("We sent a link to the new address");
    await expect(page.getByTestId("account-email")).toHaveText(user.email);

    await expect.poll(async () => (await readOutbox(next)).length, { message: `an email to ${next}` }).toBeGreaterThan(0);
    const link = new URL((await readOutbox(next)).at(-1)!.links[0]);
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByTestId("new-email")).toHaveText(next);
    await page.getByRole("button", { name: "Confirm new email" }).click();
    await expect(page.getByTestId("user-notice")).toHaveText("Your email address is changed. Sign in with it from now on.");
    await expect(page.getByTestId("account-email")).toHaveText(next);
  });

  test("User Info: renames, refuses an unconfirmed deletion, then deletes the account and signs out", async ({ page, baseURL }) => {
    const { cookie } = await signedInUser();
    await useCookies(page.context(), cookie, baseURL!);
    await page.goto("/account/user");
    await page.getByRole("textbox", { name: "Display name" }).fill("New Name");
    await page.getByRole("button", { name: "Save name" }).click();
    await expect(page.getByTestId("user-notice")).toHaveText("Your display name is saved.");
    await expect(page.getByRole("textbox", { name: "Display name" })).toHaveValue("New Name");
    await page.getByRole("button", { name: "Delete my account" }).click();
    await expect(page.getByText("Type DELETE to confirm.", { exact: true })).toBeVisible();
    await page.getByLabel("Type DELETE to confirm").fill("DELETE");
    await page.getByRole("button", { name: "Delete my account" }).click();
    await expect(page).toHaveURL(/\/\?account=deleted$/);
    await page.goto("/account");
    await expect(page).toHaveURL(/\/sign-in/);
  });
});
