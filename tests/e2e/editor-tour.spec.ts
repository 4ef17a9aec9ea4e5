// The editor tour on the edit page (docs/edit-flow.md), in a real browser with and without JavaScript: a
// new user who has not edited anything yet is offered it; it is a labelled region whose links and Hide
// button are reached with the keyboard; hiding it is remembered (a reload, and the API, no longer offer it).
import { eq } from "drizzle-orm";
import { expect, request as playwrightRequest, test, type Browser, type Page } from "@playwright/test";
import { userOnboarding } from "#drizzle/schema/onboarding";
import { closeE2eDb, e2eDb, signedInUser, useCookies } from "./support/auth";
import { createCompleteSong, SONG_READY_MS } from "./support/songs";

test.describe.configure({ mode: "serial" });

let cookie: string;
let userId: string;
let songId: string;

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(SONG_READY_MS + 60_000);
  const signedIn = await signedInUser();
  cookie = signedIn.cookie;
  userId = signedIn.user.id;
  const api = await playwrightRequest.newContext({ baseURL: testInfo.project.use.baseURL, extraHTTPHeaders: { Cookie: cookie } });
  songId = await createCompleteSong(api);
  await api.dispose();
});

test.afterAll(closeE2eDb);

async function pageFor(browser: Browser, baseURL: string, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  await useCookies(context, cookie, baseURL);
  return context.newPage();
}

const tour = (page: Page) => page.getByRole("region", { name: "New to the editor? A quick tour" });

async function dismissedInDatabase(): Promise<boolean> {
  const [row] = await e2eDb().select().from(userOnboarding).where(eq(userOnboarding.userId, userId));
  return Boolean(row?.editorTourDismissedAt);
}

test("with JavaScript: the tour is offered, reached and hidden with the keyboard, and stays hidden", async ({ browser, baseURL }) => {
  await e2eDb().delete(userOnboarding).where(eq(userOnboarding.userId, userId));
  const page = await pageFor(browser, baseURL!, true);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(`/edit/${songId}`);
  await page.waitForLoadState("networkidle");
  await expect(tour(page)).toBeVisible();
  await expect(tour(page).getByRole("link", { name: "Change the sound" })).toHaveAttribute("href", `/edit/${songId}/production`);

  // Tab from the top of the page until the Hide button has the focus: it is in the keyboard order.
  const hide = tour(page).getByRole("button", { name: "Hide the tour" });
  let reached = false;
  for (let presses = 0; presses < 60 && !reached; presses += 1) {
    await page.keyboard.press("Tab");
    reached = await hide.evaluate((button) => button === document.activeElement);
  }
  expect(reached, "the Hide button is reached with Tab").toBe(true);
  await page.keyboard.press("Enter");
  await expect(tour(page)).toHaveCount(0);
  // The focus is not dropped on the document: it continues at the page's next heading.
  await expect(page.getByRole("heading", { name: "What you can change" })).toBeFocused();
  await expect.poll(dismissedInDatabase).toBe(true);

  await page.reload();
  await expect(page.getByRole("heading", { name: "What you can change" })).toBeVisible();
  await expect(tour(page)).toHaveCount(0);
  const onboarding = await page.request.get("/api/user/onboarding");
  expect((await onboarding.json()).editorTour).toBe(false);
  expect(errors).toEqual([]);
});

test("without JavaScript: the tour is a plain panel whose Hide button posts a form, remembered", async ({ browser, baseURL }) => {
  await e2eDb().delete(userOnboarding).where(eq(userOnboarding.userId, userId));
  const page = await pageFor(browser, baseURL!, false);
  await page.goto(`/edit/${songId}`);
  await expect(tour(page)).toBeVisible();
  await expect(tour(page).getByRole("listitem")).toHaveCount(5);
  await tour(page).getByRole("button", { name: "Hide the tour" }).click();
  await expect(page).toHaveURL(new RegExp(`/edit/${songId}$`));
  await expect(page.getByRole("heading", { name: "What you can change" })).toBeVisible();
  await expect(tour(page)).toHaveCount(0);
  expect(await dismissedInDatabase()).toBe(true);
  await page.goto(`/edit/${songId}`);
  await expect(tour(page)).toHaveCount(0);
});
