import { expect, test } from "@playwright/test";

test("the home page renders on the server", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  expect(response?.headers()["client-build"]).toBe("2.67.2");
  await expect(page.locator("body")).toContainText("Songloom");
});
