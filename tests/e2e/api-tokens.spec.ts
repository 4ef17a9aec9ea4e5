// Personal access tokens in Chromium: a signed-in user opens API from the account tabs, makes a token with
// two scopes (shown once), calls the public API with it (RateLimit fields in the answer), sees it listed
// with its last use, revokes it, and the API refuses it from then on. The same forms work without
// JavaScript, and every signed-in user reaches the API documentation page.
import { expect, request as playwrightRequest, test } from "@playwright/test";
import { closeE2eDb, signedInUser, useCookies } from "./support/auth";

test.afterAll(closeE2eDb);

test("a user makes a token, uses it on /api/v1, and revokes it", async ({ page, baseURL }) => {
  const { user, cookie } = await signedInUser();
  await useCookies(page.context(), cookie, baseURL!);
  await page.goto("/account");
  await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "API" }).click();
  await page.getByRole("link", { name: "Personal access tokens" }).click();
  await expect(page.getByTestId("no-tokens")).toBeVisible();

  await page.getByLabel("Name").fill("Release bot");
  await page.getByRole("checkbox", { name: /songs:read/ }).check();
  await page.getByRole("checkbox", { name: /releases:write/ }).check();
  await page.getByLabel("Expires after").selectOption("7");
  await page.getByRole("button", { name: "Make token" }).click();
  const shown = page.getByLabel("The new token");
  await expect(shown).toHaveValue(/^slk_/);
  const token = await shown.inputValue();
  const row = page.getByTestId("token-row").filter({ hasText: "Release bot" });
  await expect(row).toContainText("songs:read, releases:write");
  await expect(row).toContainText("Never");
  await expect(row).toContainText(token.slice(0, 12));

  const api = await playwrightRequest.newContext({ baseURL });
  const me = await api.get("/api/v1/me", { headers: { Authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ user: { id: user.id }, token: { scopes: ["songs:read", "releases:write"] } });
  expect(me.headers()["ratelimit"]).toMatch(/^"token";r=\d+;t=\d+$/);
  expect((await api.get("/api/v1/stats/streams", { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(403);

  // Shown once: a fresh visit lists the token by its prefix only, now with a last use.
  await page.goto("/account/api/tokens");
  await expect(page.getByLabel("The new token")).toHaveCount(0);
  await expect(page.getByTestId("token-row").filter({ hasText: "Release bot" })).not.toContainText("Never");
  expect(await page.content()).not.toContain(token);

  await page.getByRole("button", { name: "Revoke Release bot" }).click();
  await expect(page.getByTestId("token-notice")).toContainText("is revoked");
  await expect(page.getByTestId("token-row").filter({ hasText: "Release bot" })).toContainText("Revoked");
  const after = await api.get("/api/v1/me", { headers: { Authorization: `Bearer ${token}` } });
  expect(after.status()).toBe(401);
  expect((await after.json()).error.code).toBe("token_revoked");
  await api.dispose();

  await page.goto("/developers");
  await expect(page.getByRole("heading", { name: "The Songloom API" })).toBeVisible();
  await expect(page.getByTestId("v1-operations")).toContainText("/api/v1/releases/{id}/submit");
  await expect(page.locator("#swagger-ui .opblock-tag").first()).toBeVisible({ timeout: 30_000 });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the token forms work as plain forms, errors beside their fields", async ({ page, baseURL }) => {
    const { cookie } = await signedInUser();
    await useCookies(page.context(), cookie, baseURL!);
    await page.goto("/account/api/tokens");
    await page.getByRole("button", { name: "Make token" }).click();
    await expect(page.getByText("Give the token a name.")).toBeVisible();
    await expect(page.getByText("Choose at least one scope.")).toBeVisible();
    await page.getByLabel("Name").fill("Plain form");
    await page.getByRole("checkbox", { name: /stats:read/ }).check();
    await page.getByRole("button", { name: "Make token" }).click();
    await expect(page.getByLabel("The new token")).toHaveValue(/^slk_/);
    await page.getByRole("button", { name: "Revoke Plain form" }).click();
    await expect(page.getByTestId("token-row").filter({ hasText: "Plain form" })).toContainText("Revoked");
  });
});
