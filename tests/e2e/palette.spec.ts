// Spec 3 §1: the alternate light palette with a red primary, a setting kept in a cookie so the server's
// first render already has it (checked with JavaScript off: nothing but the server's HTML and CSS).
import { expect, test, type Page } from "@playwright/test";
import { signedInUser, useCookies } from "./support/auth";

test.use({ javaScriptEnabled: false });

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const brightness = (rgb: string) => rgb.match(/\d+/g)!.slice(0, 3).map(Number).reduce((sum, value) => sum + value, 0);

test("a light-palette user gets the light theme in the first server render; the footer switches back and forth", async ({ page, context, baseURL }) => {
  const { cookie } = await signedInUser();
  await useCookies(context, cookie, baseURL!);
  await page.goto("/style");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  expect(brightness(await background(page))).toBeLessThan(120);

  await page.getByRole("button", { name: "Light palette" }).click();
  await expect(page).toHaveURL(/\/style$/);
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  expect(brightness(await background(page))).toBeGreaterThan(700);
  // The primary is red.
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--color-brand-500").trim())).toBe("#dc2626");

  // A later visit, straight from the server: still light.
  const again = await page.request.get("/style");
  expect(await again.text()).toContain('data-theme="light"');
  await page.getByRole("button", { name: "Dark palette" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
});

test("a visitor's chosen palette is not served from the pages cached for visitors", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: "palette", value: "ImxpZ2h0Ig%3D%3D", url: baseURL! }]);
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
});
