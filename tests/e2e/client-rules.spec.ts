// The browser client's rules (spec 3 §8) in Chromium: Remix's own data requests go through the client
// (a 503 is retried), and a script chunk that fails to load shows the retry page, not a dead page.
import { expect, test } from "@playwright/test";
import { signedInUser, useCookies } from "./support/auth";

test("a loader's data request answered 503 is retried and the navigation completes", async ({ page, context, baseURL }) => {
  const { cookie } = await signedInUser();
  await useCookies(context, cookie, baseURL!);
  await page.goto("/create");
  await expect(page.locator("html")).toHaveAttribute("data-signed-in", "true");
  let refused = 0;
  await page.route(/\/library\?.*_data=/, async (route) => {
    if (refused < 2) {
      refused += 1;
      return route.fulfill({ status: 503, body: "busy" });
    }
    return route.continue();
  });
  await page.getByRole("link", { name: "Library", exact: true }).first().click();
  await expect(page).toHaveURL(/\/library/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(refused).toBe(2);
});

test("a route chunk that cannot load shows the retry page", async ({ page, context, baseURL }) => {
  const { cookie } = await signedInUser();
  await useCookies(context, cookie, baseURL!);
  await page.goto("/create");
  await page.waitForFunction(() => "__remixContext" in window);
  await page.route(/\/build\/routes\/library-[^/]*\.js/, (route) => route.abort("failed"));
  await page.getByRole("link", { name: "Library", exact: true }).first().click();
  const retry = page.getByRole("alertdialog", { name: "This page didn't finish loading" });
  await expect(retry).toBeVisible({ timeout: 20_000 });
  await expect(retry.getByRole("button", { name: "Try again" })).toBeVisible();
});
