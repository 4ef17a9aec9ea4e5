// The public face of Songloom: every public page renders on the server with its heading and status,
// aliases serve the same pages, unknown URLs are real 404s, the JSON API answers in its error shape,
// the promo banner keeps to its limits, and everything works with JavaScript switched off. Also the
// signed-in shell: the user menu, signing out without JavaScript, and the style step.
import { expect, test, type Page } from "@playwright/test";
import { closeE2eDb, signedInUser, useCookies } from "./support/auth";

const PUBLIC_PAGES = [
  { path: "/", heading: /Original songs,\s*made in seconds/ },
  { path: "/pricing", heading: "Plans for every music maker" },
  { path: "/about", heading: "Plans for every music maker" },
  { path: "/terms", heading: "Terms of Use" },
  { path: "/eula", heading: "Terms of Use" },
  { path: "/privacy", heading: "Privacy Policy" },
  { path: "/faqs", heading: "Frequently asked questions" },
  { path: "/credits", heading: "Sound credits" },
] as const;

const ADVERT_VIEWS_KEY = "songloom.advert.views";

/**
 * Resolves once the page has hydrated: after hydration Remix asks /__manifest about the links on the
 * page, and by then every effect of the first render (such as the advert's) has run.
 */
function hydration(page: Page) {
  return page.waitForResponse((response) => new URL(response.url()).pathname === "/__manifest");
}

test.describe("public pages", () => {
  for (const { path, heading } of PUBLIC_PAGES) {
    test(`${path} renders with its heading`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Terms" })).toBeVisible();
    });
  }

  test("the credits page names the piano's recordings and their licence", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Credits" }).click();
    await expect(page).toHaveURL(/\/credits$/);
    await expect(page.getByText("Salamander Grand Piano V3 by Alexander Holm")).toBeVisible();
    await expect(page.getByText(/Creative Commons Attribution 3\.0/)).toBeVisible();
  });

  test("an unknown URL is a real 404 with a way home", async ({ page }) => {
    const response = await page.goto("/this-page-does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("We couldn't find that page");
    await page.getByRole("link", { name: "Go home" }).click();
    await expect(page).toHaveURL("/");
  });

  test("the home page shows the style catalogue", async ({ page }) => {
    await page.goto("/");
    const styles = page.getByRole("region", { name: "Start from a style" });
    await expect(styles.getByRole("link", { name: /Lo-Fi/ })).toHaveAttribute("href", "/style/wd_lofi/filter");
    await expect(styles.getByRole("link", { name: /Rap Beats/ })).toBeVisible();
  });

  test("the FAQ filters by topic and answers unknown topics with 404", async ({ page }) => {
    await page.goto("/faqs");
    const topics = page.getByRole("navigation", { name: "FAQ topics" });
    await topics.getByRole("link", { name: "Membership and billing" }).click();
    await expect(page).toHaveURL(/\/faqs\?topic=/);
    await expect(page.getByRole("heading", { level: 2, name: "Membership and billing" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Getting started" })).toHaveCount(0);

    const response = await page.goto("/faqs?topic=no-such-topic");
    expect(response?.status()).toBe(404);
  });

  test("system pages offer a retry to the page asked for, and never to another site", async ({ page }) => {
    await page.goto("/_timeout?redirectFrom=/pricing");
    await expect(page.getByText("We could not load this page... please try again")).toBeVisible();
    await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute("href", "/pricing");

    await page.goto("/_timeout?redirectFrom=//evil.example");
    await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute("href", "/");

    // The loading page refreshes to its path after a second, so its link is read from the served page (on
    // a loaded machine the browser could already have moved on), and the browser is seen to arrive.
    const loading = await (await page.request.get("/_loader?redirectFrom=/faqs")).text();
    expect(loading).toMatch(/<a [^>]*href="\/faqs"[^>]*>Continue<\/a>/);
    expect(loading).toContain('content="1;url=/faqs"');
    await page.goto("/_loader?redirectFrom=/faqs");
    await expect(page).toHaveURL(/\/faqs$/);
  });

  test("the create flow is for signed-in users", async ({ request }) => {
    for (const path of ["/create", "/style"]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status()).toBe(302);
      expect(response.headers().location).toBe(`/sign-in?redirectFrom=${encodeURIComponent(path)}`);
    }
  });
});

test.describe("JSON API", () => {
  test("every response carries the Client-Build header", async ({ request }) => {
    for (const path of ["/", "/pricing", "/api/build", "/api/nothing-here"]) {
      const response = await request.get(path);
      expect(response.headers()["client-build"]).toBe("2.67.2");
    }
  });

  test("an unknown /api path answers 404 in the API error shape", async ({ request }) => {
    for (const method of ["GET", "POST"] as const) {
      const response = await request.fetch("/api/no/such/endpoint", { method });
      expect(response.status()).toBe(404);
      expect(response.headers()["content-type"]).toContain("application/json");
      expect(await response.json()).toEqual({
        error: { status: 404, code: "not_found", message: `There is no API endpoint ${method} /api/no/such/endpoint.` },
      });
    }
  });

  test("GET /api/build, /api/feature_flags and /api/user", async ({ request }) => {
    expect(await (await request.get("/api/build")).json()).toEqual({ build: "2.67.2" });

    const flags = await (await request.get("/api/feature_flags")).json();
    expect(flags.flags).toEqual(expect.arrayContaining(["show_advert_banner"]));

    const user = await request.get("/api/user");
    expect(user.status()).toBe(401);
    expect((await user.json()).error).toMatchObject({ status: 401, code: "unauthorized" });
  });

  test("GET /api/openapi.json describes the API", async ({ request }) => {
    const document = await (await request.get("/api/openapi.json")).json();
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(["/api/build", "/api/feature_flags", "/api/user"]));
    expect(document.paths["/api/user"].get.responses["200"].content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/User",
    });
  });
});

test.describe("navigation indicator", () => {
  test.afterAll(closeE2eDb);

  // Client navigations exist in the hydrated app, which public pages are only for signed-in users (ADR 012).
  test("a slow page shows the loader after 400 ms and the timeout message after 10 s", async ({ page, context, baseURL }) => {
    const { cookie } = await signedInUser({ verified: true });
    await useCookies(context, cookie, baseURL!);
    const hydrated = hydration(page);
    await page.goto("/");
    await hydrated;
    // Fake timers from here on: the test moves time itself, so nothing depends on the machine's speed.
    await page.clock.install();
    // Installed, the fake clock still runs on its own: paused, a slow machine cannot pass 400 ms unasked.
    await page.clock.pauseAt(Date.now() + 1_000);
    // The FAQ's data never arrives.
    await page.route((url) => url.pathname === "/faqs" && url.searchParams.has("_data"), () => {});

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "FAQ" }).click();
    const loader = page.getByRole("progressbar", { name: "Loading page" });
    await expect(loader).toHaveCount(0);

    await page.clock.runFor(400);
    await expect(loader).toBeVisible();

    await page.clock.runFor(10_000);
    const timeout = page.getByRole("alert");
    await expect(timeout).toContainText("We could not load this page... please try again");
    await expect(timeout.getByRole("link", { name: "Try again" })).toHaveAttribute("href", "/faqs");
  });
});

test.describe("advert banner", () => {
  const banner = (page: Page) => page.getByRole("complementary", { name: "Songloom Pro" });

  // Visitors get these pages without hydration: the banner's inline script runs as the page loads.
  test("appears at most 5 times on pages other than Home", async ({ page }) => {
    const pages = ["/terms", "/privacy", "/faqs", "/terms", "/privacy"];
    for (const path of pages) {
      await page.goto(path);
      await expect(banner(page)).toBeVisible();
    }
    await page.goto("/faqs");
    await expect(banner(page)).toHaveCount(0);
    expect(await page.evaluate((key) => localStorage.getItem(key), ADVERT_VIEWS_KEY)).toBe("5");
  });

  test("appears on Home at the first scroll, without counting", async ({ page }) => {
    await page.goto("/");
    await expect(banner(page)).toHaveCount(0);
    await page.mouse.wheel(0, 600);
    await expect(banner(page)).toBeVisible();
    await banner(page).getByRole("button", { name: "Dismiss" }).click();
    await expect(banner(page)).toHaveCount(0);
    expect(await page.evaluate((key) => localStorage.getItem(key), ADVERT_VIEWS_KEY)).toBeNull();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("pages render and link to each other", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Plans for every music maker");

    await page.getByRole("link", { name: /Annual/ }).click();
    await expect(page).toHaveURL("/pricing?billing=annual");
    await expect(page.getByText("$95.88 billed yearly")).toBeVisible();

    await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "FAQ" }).click();
    await page.getByText("What is Songloom?").click();
    await expect(page.getByText("Songloom writes original music for you.")).toBeVisible();
  });

  test("the skip link leads to the main content", async ({ page }) => {
    await page.goto("/terms");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await skip.press("Enter");
    await expect(page).toHaveURL(/#main$/);
  });
});

test.describe("signed in", () => {
  test.afterAll(closeE2eDb);

  test("a verified user lands on the style step, reached from Create", async ({ page, context, baseURL }) => {
    const { cookie } = await signedInUser({ verified: true });
    await useCookies(context, cookie, baseURL!);
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Create" }).click();
    await expect(page).toHaveURL("/style");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create a song");
    await expect(page.getByRole("link", { name: /Lo-Fi/ })).toHaveAttribute("href", "/style/wd_lofi/filter");
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Create" })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  test("an unverified user is sent to verify instead of the style step", async ({ request }) => {
    const { cookie } = await signedInUser({ verified: false });
    const response = await request.get("/style", { headers: { Cookie: cookie }, maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe("/verify");
  });

  test("the user menu offers Admin only to admins", async ({ browser, baseURL }) => {
    for (const isAdmin of [false, true]) {
      const context = await browser.newContext();
      const { cookie, user } = await signedInUser({ isAdmin });
      await useCookies(context, cookie, baseURL!);
      const page = await context.newPage();
      await page.goto("/pricing");
      await page.getByLabel(`Account menu for ${user.displayName}`).click();
      await expect(page.getByRole("link", { name: "Account" })).toHaveAttribute("href", "/account");
      await expect(page.getByRole("link", { name: "Admin", exact: true })).toHaveCount(isAdmin ? 1 : 0);
      await context.close();
    }
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("signing out from the user menu works", async ({ page, context, baseURL }) => {
      const { cookie, user } = await signedInUser({ verified: true });
      await useCookies(context, cookie, baseURL!);
      await page.goto("/faqs");
      await page.getByLabel(`Account menu for ${user.displayName}`).click();
      await page.getByRole("button", { name: "Sign out" }).click();
      await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
      expect((await page.request.get("/api/user")).status()).toBe(401);
    });
  });
});
