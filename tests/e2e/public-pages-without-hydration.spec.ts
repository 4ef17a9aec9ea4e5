// Public pages reach visitors without the Remix runtime (ADR 012, issue 4's 60 KB budget): no script from
// /build is requested, yet the forms work (they post as plain HTML forms), the share page's <audio> plays,
// and the advert's inline script still shows the banner. Signed-in users keep the hydrated app.
import { expect, test, type Page } from "@playwright/test";
import { TEST_PASSWORD } from "../support/auth";
import { closeE2eDb, signedInUser, useCookies } from "./support/auth";

const SONG_READY_MS = 240_000;

// The share page's audio is started from the test, with no click on the page.
test.use({
  launchOptions: {
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--autoplay-policy=no-user-gesture-required"],
  },
});

test.afterAll(closeE2eDb);

/** Every script URL the page requests from now on. */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

const isHydrated = (page: Page) => page.evaluate(() => "__remixContext" in window);

test("public pages load no Remix runtime for a visitor", async ({ page }) => {
  // Eight pages on two cores shared with the server (and, in a full run, another browser).
  test.setTimeout(120_000);
  const scripts = recordScripts(page);
  for (const path of ["/", "/pricing", "/terms", "/faqs", "/sign-in", "/sign-up", "/forgot-password", "/no-such-page"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await isHydrated(page), path).toBe(false);
    expect(await page.locator('link[rel="modulepreload"], script[src], script[type="module"]').count(), path).toBe(0);
  }
  expect(scripts).toEqual([]);
});

test("the sign-in form works without the runtime, and the signed-in page it leads to hydrates", async ({ page }) => {
  const { user } = await signedInUser({ verified: true });
  const scripts = recordScripts(page);
  await page.goto("/sign-in?redirectFrom=/pricing");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  // The action's error comes back as a server-rendered page, still without scripts.
  await expect(page.getByRole("alert").first()).toBeVisible();
  expect(scripts).toEqual([]);

  await page.getByLabel("Password").fill(TEST_PASSWORD);
  const hydrated = page.waitForResponse((response) => new URL(response.url()).pathname === "/__manifest");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL("/pricing");
  await hydrated;
  expect(await isHydrated(page)).toBe(true);
  expect(scripts.some((path) => path.startsWith("/build/"))).toBe(true);
});

test("the advert's inline script shows and dismisses the banner on a page without the runtime", async ({ page }) => {
  const banner = page.getByRole("complementary", { name: "Songloom Pro" });
  await page.goto("/terms");
  await expect(banner).toBeVisible();
  await banner.getByRole("button", { name: "Dismiss" }).click();
  await expect(banner).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("songloom.advert.views"))).toBe("1");
  expect(await isHydrated(page)).toBe(false);
});

test("a signed-in user's hydrated page shows the banner through the same script", async ({ page, context, baseURL }) => {
  const { cookie } = await signedInUser({ verified: true });
  await useCookies(context, cookie, baseURL!);
  const hydrated = page.waitForResponse((response) => new URL(response.url()).pathname === "/__manifest");
  await page.goto("/privacy");
  await hydrated;
  expect(await isHydrated(page)).toBe(true);
  const banner = page.getByRole("complementary", { name: "Songloom Pro" });
  await expect(banner).toBeVisible();
  await banner.getByRole("button", { name: "Dismiss" }).click();
  await expect(banner).toHaveCount(0);
  // A client navigation counts another view.
  await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Terms" }).click();
  await expect(page).toHaveURL("/terms");
  await expect(banner).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("songloom.advert.views"))).toBe("2");
});

test.describe("the share page", () => {
  test.setTimeout(SONG_READY_MS + 60_000);

  test("plays its <audio> for a visitor without the runtime; its owner gets the hydrated app", async ({ browser, baseURL, request }) => {
    const { cookie } = await signedInUser({ verified: true });
    const created = await request.post("/api/song", { headers: { Cookie: cookie }, data: { style: "wd_lofi", filter: "morning_sun", songs: 1 } });
    expect(created.status()).toBe(201);
    const songId: string = (await created.json()).songs[0].id;
    await expect
      .poll(
        async () => {
          const tracked = await request.post("/api/track_songs", { headers: { Cookie: cookie }, data: { songIds: [songId] } });
          return (await tracked.json()).songs[0].status;
        },
        { timeout: SONG_READY_MS, intervals: [2_000] },
      )
      .toBe("complete");

    const visitor = await browser.newContext();
    const page = await visitor.newPage();
    const scripts = recordScripts(page);
    for (const path of [`/s/${songId}`, `/song/${songId}`, `/s/${songId}`]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
    }
    expect(scripts).toEqual([]);
    expect(await isHydrated(page)).toBe(false);
    const audio = page.locator("audio[controls]");
    await audio.evaluate((element: HTMLAudioElement) => element.play());
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime), { timeout: 30_000 }).toBeGreaterThan(0);
    await visitor.close();

    const owner = await browser.newContext();
    await useCookies(owner, cookie, baseURL!);
    const ownerPage = await owner.newPage();
    await ownerPage.goto(`/s/${songId}`);
    await expect.poll(() => isHydrated(ownerPage)).toBe(true);
    await owner.close();
  });
});
