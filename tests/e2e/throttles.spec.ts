// Throttles in the browser (issue 16, finding 4): once a limit is used up the form comes back with the
// message and when to try again, answered with 429, with JavaScript off and on. Each test comes from an
// address of its own (the server trusts X-Forwarded-For from a loopback proxy), so the rest of the suite,
// which shares 127.0.0.1, keeps its own counters.
import { expect, test, type Page } from "@playwright/test";

async function submitSignIn(page: Page, email: string): Promise<number> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("wrong-password");
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === "/sign-in" && response.request().method() === "POST");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  return (await answer).status();
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.231" } });

  test("the 11th sign-in for one account in 15 minutes shows the limit on the re-rendered form", async ({ page }) => {
    // Eleven form posts, each answered after a password check: over 30 s at load 17.
    test.setTimeout(90_000);
    const email = `throttled-${Date.now()}@example.com`;
    await page.goto("/sign-in");
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect(await submitSignIn(page, email)).toBe(400);
      await expect(page.getByRole("alert")).toHaveText("The email or password is incorrect.");
    }
    expect(await submitSignIn(page, email)).toBe(429);
    await expect(page.getByRole("alert")).toHaveText(/^Too many sign-in attempts for this account\. Try again in 1[45] minutes\.$/);
    // The form is still there, with the email kept, to try again later.
    await expect(page.getByLabel("Email")).toHaveValue(email);
  });
});

test.describe("with JavaScript", () => {
  test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.232" } });

  test("the 6th reset email for one address in an hour shows the limit on the form", async ({ page }) => {
    const email = `throttled-reset-${Date.now()}@example.com`;
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await page.goto("/forgot-password");
      await page.getByLabel("Email").fill(email);
      await page.getByRole("button", { name: "Send reset link" }).click();
      await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
    }
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(email);
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === "/forgot-password" && response.request().method() === "POST");
    await page.getByRole("button", { name: "Send reset link" }).click();
    expect((await answer).status()).toBe(429);
    await expect(page.getByRole("alert")).toHaveText(/^Too many reset emails asked for this address\. Try again in (5\d|60) minutes\.$/);
    await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  });
});
