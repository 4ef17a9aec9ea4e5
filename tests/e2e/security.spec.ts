// Issue 16 in a real browser (ADR 017).
// 1. Cross-site requests: a page on another origin (a second local server, on another port of 127.0.0.1:
//    the same *site*, so the browser sends the SameSite=Lax session cookie with its posts, as it would for
//    a page on a sibling subdomain) cannot rename a song, sign the user out or accept the terms, with
//    JavaScript (fetch) or without it (a plain form the user submits).
// 2. The Content-Security-Policy breaks nothing: key pages, signed in and as a visitor, log no violation.
import { createServer, type Server } from "node:http";
import { expect, request as playwrightRequest, test, type Page } from "@playwright/test";
import { desc, eq } from "drizzle-orm";
import { terms } from "#drizzle/schema/access";
import { sessions, users } from "#drizzle/schema/auth";
import { songs } from "#drizzle/schema/songs";
import { freePort } from "../support/ports";
import { closeE2eDb, e2eDb, signedInUser, useCookies } from "./support/auth";
import { createCompleteSong, SONG_READY_MS } from "./support/songs";

let songId: string;
let owner: Awaited<ReturnType<typeof signedInUser>>;
let attacker: Server;
let attackerOrigin: string;
let termsId: string;

/** The other origin's pages: forms (and a script) aimed at this app's state-changing URLs. */
function attackerPages(app: string): Record<string, string> {
  const forms =
    `<form method="post" action="${app}/edit/${songId}/info"><input type="hidden" name="songName" value="Pwned by a form">` +
    `<button id="rename">Rename</button></form>` +
    `<form method="post" action="${app}/sign-out"><button id="sign-out">Sign out</button></form>` +
    `<form method="post" action="${app}/terms/accept"><input type="hidden" name="intent" value="accept">` +
    `<input type="hidden" name="termsId" value="${termsId}"><button id="accept">Accept</button></form>`;
  const script = `<script>
    const post = (path, fields) => fetch("${app}" + path, { method: "POST", mode: "no-cors", credentials: "include", body: new URLSearchParams(fields) });
    Promise.allSettled([
      post("/edit/${songId}/info?_data=routes%2Fedit.%24songId.info", { songName: "Pwned by fetch" }),
      post("/sign-out", {}),
      post("/terms/accept", { intent: "accept", termsId: "${termsId}" }),
    ]).then(() => { document.title = "sent"; });
  </script>`;
  return {
    "/forms": `<!doctype html><html><head><title>forms</title></head><body>${forms}</body></html>`,
    "/script": `<!doctype html><html><head><title>sending</title></head><body>${script}</body></html>`,
  };
}

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(SONG_READY_MS + 60_000);
  const baseURL = testInfo.project.use.baseURL!;
  owner = await signedInUser({ termsAccepted: false });
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Cookie: owner.cookie } });
  songId = await createCompleteSong(api);
  expect((await api.post(`/api/user/save/${songId}`, { data: {} })).status()).toBe(200);
  await api.dispose();
  [{ id: termsId }] = await e2eDb().select({ id: terms.id }).from(terms).where(eq(terms.type, "terms_of_use")).orderBy(desc(terms.version)).limit(1);

  const port = await freePort();
  attackerOrigin = `http://127.0.0.1:${port}`;
  const pages = attackerPages(baseURL);
  attacker = createServer((req, res) => {
    const page = pages[req.url ?? ""];
    res.writeHead(page ? 200 : 404, { "Content-Type": "text/html; charset=utf-8" });
    res.end(page ?? "not found");
  });
  await new Promise<void>((resolve) => attacker.listen(port, "127.0.0.1", resolve));
});

test.afterAll(async () => {
  await new Promise((resolve) => attacker?.close(resolve));
  await closeE2eDb();
});

/** Nothing changed: the song's name, the owner's session and their pending terms. */
async function expectNothingChanged() {
  const [song] = await e2eDb().select({ name: songs.songName }).from(songs).where(eq(songs.id, songId));
  expect(song.name).not.toMatch(/Pwned/);
  const [user] = await e2eDb().select({ terms: users.termsOfUseStatus }).from(users).where(eq(users.id, owner.user.id));
  expect(user.terms).toBe("PENDING");
  expect(await e2eDb().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, owner.user.id))).toHaveLength(1);
}

test.describe("a page on another origin", () => {
  test.describe.configure({ mode: "serial" });

  test("with JavaScript: its fetches to rename, sign out and accept the terms are refused", async ({ page, baseURL }) => {
    await useCookies(page.context(), owner.cookie, baseURL!);
    await page.goto(`${attackerOrigin}/script`);
    await expect(page).toHaveTitle("sent");
    await expectNothingChanged();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    for (const [button, what] of [
      ["#rename", "rename the song"],
      ["#sign-out", "sign the user out"],
      ["#accept", "accept the terms"],
    ] as const) {
      test(`its form cannot ${what}: 403 with a page saying why`, async ({ page, baseURL }) => {
        await useCookies(page.context(), owner.cookie, baseURL!);
        await page.goto(`${attackerOrigin}/forms`);
        const [response] = await Promise.all([page.waitForResponse((r) => r.url().startsWith(baseURL!)), page.locator(button).click()]);
        expect(response.status()).toBe(403);
        await expect(page.getByRole("heading", { name: "This request was refused" })).toBeVisible();
        await expect(page.getByText("This request came from another website")).toBeVisible();
        await expectNothingChanged();
      });
    }
  });

  test("the app's own form still works without JavaScript (a same-origin post sends our Origin)", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await useCookies(context, owner.cookie, baseURL!);
    const page = await context.newPage();
    await page.goto(`/edit/${songId}/info`);
    await page.getByLabel("Song name").fill("Renamed at home");
    await page.getByRole("button", { name: "Save info" }).click();
    await expect(page).toHaveURL(new RegExp(`/edit/${songId}/info\\?saved=1$`));
    const [song] = await e2eDb().select({ name: songs.songName }).from(songs).where(eq(songs.id, songId));
    expect(song.name).toBe("Renamed at home");
    await context.close();
  });
});

/**
 * Collects what the CSP blocks on a page: the browser's securitypolicyviolation events (also for blocked
 * attempts the page catches itself, such as an eval probe) and console errors about the policy.
 */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply|connect|frame)/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeBinding("reportCspViolation", (_source, text: string) => void violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation(`${event.effectiveDirective} blocked ${event.blockedURI} on ${location.pathname} (${event.sourceFile}:${event.lineNumber}:${event.columnNumber})`);
    });
  });
  return violations;
}

test.describe("the Content-Security-Policy", () => {
  test("signed-in pages (create, library, edit, notes, arrangement, production, vocals) log no violation and hydrate", async ({ page, baseURL }) => {
    await useCookies(page.context(), owner.cookie, baseURL!);
    const violations = await watchCsp(page);
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    for (const path of ["/", "/style", "/library", `/edit/${songId}`, `/edit/${songId}/notes`, `/edit/${songId}/arrangement`, `/edit/${songId}/production`, `/edit/${songId}/vocals`]) {
      const response = await page.goto(path);
      expect(response?.headers()["content-security-policy"], path).toContain("'nonce-");
      // Hydrated: Remix's inline scripts ran (a blocked one would leave window.__remixContext unset).
      await expect.poll(() => page.evaluate(() => "__remixContext" in window), { message: path }).toBe(true);
    }
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
  });

  test("it is enforced: a script injected without the nonce does not run", async ({ page, baseURL }) => {
    await useCookies(page.context(), owner.cookie, baseURL!);
    await page.goto("/library");
    const ran = await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.__injected = true";
      document.body.append(script);
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
  });

  test("a visitor's share page (from the HTML cache, twice) and the public pages log no violation", async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const violations = await watchCsp(page);
    for (const path of [`/s/${songId}`, `/s/${songId}`, "/", "/pricing", "/sign-in"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
    }
    expect(violations).toEqual([]);
    await context.close();
  });
});
