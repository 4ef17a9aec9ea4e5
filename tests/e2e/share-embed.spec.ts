// The embeddable player in Chromium (issue 26): a page on another origin frames /embed/{id} and plays the
// song, while its frame of /s/{id} is refused (frame-ancestors 'none'); and the embed page works with
// JavaScript switched off, its plain <audio controls> playing the song.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, request as playwrightRequest, test } from "@playwright/test";
import { closeE2eDb, signedInUser } from "./support/auth";
import { createCompleteSong, SONG_READY_MS } from "./support/songs";

/**
 * Another site: a small HTTP server of the test's own on another port, so another origin. A real server
 * on loopback (not a page the test fulfils) keeps Chromium's local-network checks out of the way.
 */
async function serveBlogPost(html: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/blog-post`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

let songId: string;

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(SONG_READY_MS + 60_000);
  const { cookie } = await signedInUser();
  const api = await playwrightRequest.newContext({ baseURL: testInfo.project.use.baseURL, extraHTTPHeaders: { Cookie: cookie } });
  songId = await createCompleteSong(api);
  expect((await api.put(`/api/song/${songId}`, { data: { songName: "Harbour Lights", artistName: "Loomer" } })).status()).toBe(200);
  await api.dispose();
});

test.afterAll(closeE2eDb);

test("another site frames the embed player and plays it; its frame of the share page is refused", async ({ page, baseURL }) => {
  const refusals: string[] = [];
  page.on("console", (message) => {
    if (/frame-ancestors/.test(message.text())) refusals.push(message.text());
  });
  const blog = await serveBlogPost(`<!DOCTYPE html><html><body><h1>A blog post</h1>
<iframe id="embed" src="${baseURL}/embed/${songId}" width="480" height="180" title="Embedded song"></iframe>
<iframe id="share" src="${baseURL}/s/${songId}" width="480" height="300" title="Share page"></iframe>
</body></html>`);
  try {
    expect(new URL(blog.url).origin).not.toBe(new URL(baseURL!).origin);
    await page.goto(blog.url);

    const embed = page.frameLocator("#embed");
    await expect(embed.getByRole("heading", { name: "Harbour Lights" })).toBeVisible();
    await expect(embed.getByText("Loomer")).toBeVisible();
    await embed.getByRole("button", { name: "Play" }).click();
    await expect(embed.getByRole("button", { name: "Pause" })).toBeVisible();
    const audio = embed.locator("audio");
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime), { timeout: 30_000 }).toBeGreaterThan(0);

    // Chromium refuses the share page in a frame: the frame shows its error page, never the song.
    await expect.poll(() => refusals.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(refusals.join("\n")).toContain("'none'");
    const shareFrame = page.frames().find((frame) => frame !== page.mainFrame() && !frame.url().includes("/embed/"));
    expect(shareFrame?.url()).not.toContain(`/s/${songId}`);
    expect(await page.frameLocator("#share").getByText("Harbour Lights").count()).toBe(0);
  } finally {
    await blog.close();
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the embed page shows the song and its plain audio player plays it", async ({ page }) => {
    const response = await page.goto(`/embed/${songId}?s=1`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["set-cookie"]).toBeUndefined();
    await expect(page.getByRole("heading", { name: "Harbour Lights" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Harbour Lights" })).toHaveAttribute("href", new RegExp(`/s/${songId}$`));
    // The scripted play button stays hidden; the browser's own controls are the player.
    await expect(page.getByRole("button", { name: "Play" })).toBeHidden();
    const audio = page.locator("audio");
    await expect(audio).toHaveAttribute("controls", "");
    await expect(audio).toHaveAttribute("src", new RegExp(`/media/songs/${songId}/song\\.mp3\\?v=1#t=1$`));
    await expect(page.getByRole("img", { name: "Cover of Harbour Lights" })).toBeVisible();
    // Pressing play on the native controls (what a visitor does) starts the audio with no script of ours.
    const box = await audio.boundingBox();
    await page.mouse.click(box!.x + 20, box!.y + box!.height / 2);
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime), { timeout: 30_000 }).toBeGreaterThan(1);
  });

  test("an unknown song's embed is a small 404 page", async ({ page }) => {
    const response = await page.goto("/embed/nosuchsong0000000000000");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("This song is not available.")).toBeVisible();
  });
});
