// What a new user trips over (issue 22 §8): at 1280×800 and 375×667, on the create page and the edit,
// arrangement, lyrics and vocals pages, nothing fixed or sticky (the header, the player bar, the advert, an
// action bar) lies over a visible form control once that control is scrolled into view, and the page's
// primary action is within the first screen.
import { expect, request as playwrightRequest, test, type Page } from "@playwright/test";
import { closeE2eDb, signedInUser, useCookies } from "./support/auth";
import { createCompleteSong, SONG_READY_MS } from "./support/songs";

let cookie: string;
let songId: string;

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(SONG_READY_MS + 60_000);
  cookie = (await signedInUser()).cookie;
  const api = await playwrightRequest.newContext({ baseURL: testInfo.project.use.baseURL, extraHTTPHeaders: { Cookie: cookie } });
  songId = await createCompleteSong(api);
  await api.dispose();
});

test.afterAll(closeE2eDb);

/** Controls covered by a fixed or sticky element that is not their own ancestor, each scrolled to the middle of the screen first. */
async function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const controls = [...document.querySelectorAll<HTMLElement>("main input:not([type=hidden]), main select, main textarea, main button, main audio[controls]")].filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== "hidden";
    });
    const overlays = () =>
      [...document.querySelectorAll<HTMLElement>("body *")].filter((element) => {
        const position = getComputedStyle(element).position;
        return (position === "fixed" || position === "sticky") && !element.hidden && element.getBoundingClientRect().height > 0;
      });
    const covered: string[] = [];
    for (const control of controls) {
      control.scrollIntoView({ block: "center", inline: "nearest" });
      await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
      const box = control.getBoundingClientRect();
      for (const overlay of overlays()) {
        if (overlay.contains(control)) continue;
        const over = overlay.getBoundingClientRect();
        const overlapX = Math.min(box.right, over.right) - Math.max(box.left, over.left);
        const overlapY = Math.min(box.bottom, over.bottom) - Math.max(box.top, over.top);
        if (overlapX > 1 && overlapY > 1) {
          covered.push(`${control.tagName.toLowerCase()} "${(control.getAttribute("aria-label") ?? control.textContent ?? control.getAttribute("name") ?? "").trim().slice(0, 40)}" under ${overlay.tagName.toLowerCase()}.${[...overlay.classList].slice(0, 3).join(".")}`);
          break;
        }
      }
    }
    window.scrollTo(0, 0);
    return covered;
  });
}

async function primaryWithinFirstScreen(page: Page, name: string | RegExp, role: "button" | "link" | "file") {
  await page.evaluate(() => window.scrollTo(0, 0));
  // A file input is found by its label (its role differs between browsers).
  const main = page.getByRole("main");
  const action = (role === "file" ? main.getByLabel(name) : main.getByRole(role, { name })).first();
  await expect(action).toBeVisible();
  const box = (await action.boundingBox())!;
  expect(box.y + box.height, `${String(name)} is below the first screen`).toBeLessThanOrEqual(page.viewportSize()!.height);
}

const PAGES: { name: string; path: () => string; primary: string | RegExp; role?: "link" | "file"; ready?: (page: Page) => Promise<void> }[] = [
  { name: "create", path: () => "/style/wd_lofi/filter/morning_sun", primary: "Create 3 songs", ready: async (page) => {
    await page.locator('[data-filter="morning_sun"]').click();
    await expect(page).toHaveURL(/\/create\?/);
  } },
  { name: "edit", path: () => `/edit/${songId}`, primary: /^Play / },
  { name: "arrangement", path: () => `/edit/${songId}/arrangement`, primary: "Save arrangement" },
  { name: "lyrics", path: () => `/edit/${songId}/vocals/addLyrics`, primary: "Generate lyrics" },
  // The vocals page is for adding your own take: its primary action is choosing the take to upload (the
  // links to the other ways of adding a vocal are not it).
  { name: "vocals", path: () => `/edit/${songId}/vocals`, primary: /^Upload a take/, role: "file" },
];

for (const viewport of [{ width: 1280, height: 800 }, { width: 375, height: 667 }]) {
  test.describe(`${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });
    for (const target of PAGES) {
      test(`${target.name}: nothing fixed covers a form control, and the primary action is on the first screen`, async ({ page, baseURL }) => {
        await useCookies(page.context(), cookie, baseURL!);
        await page.goto(target.path());
        await target.ready?.(page);
        await page.waitForLoadState("networkidle");
        // The advert shows on a free user's pages: part of what must not cover anything.
        expect(await coveredControls(page)).toEqual([]);
        await primaryWithinFirstScreen(page, target.primary, target.role ?? "button");
      });
    }
  });
}
