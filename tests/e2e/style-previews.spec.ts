// Spec 1 §3: styles have a preview. The server renders the Lo-Fi style's preview at start (CATALOGUE_PREVIEWS
// in playwright.config.ts); /style then offers it as a plain <audio> that plays, with JavaScript on and off.
import { expect, test, type Page } from "@playwright/test";
import { signedInUser, useCookies } from "./support/auth";

async function openStyleWithPreview(page: Page) {
  test.setTimeout(180_000);
  // The preview is made by a background job a few seconds after start.
  await expect
    .poll(
      async () => {
        await page.goto("/style");
        return page.getByLabel("Preview of Lo-Fi").count();
      },
      { timeout: 120_000, intervals: [2_000] },
    )
    .toBe(1);
  return page.getByLabel("Preview of Lo-Fi");
}

async function playAndWatchTime(page: Page) {
  const audio = await openStyleWithPreview(page);
  await expect(audio).toHaveAttribute("src", /^\/media\/previews\/wd_lofi\.mp3\?v=/);
  // The native controls' play button sits at the left of the control.
  const box = (await audio.boundingBox())!;
  await page.mouse.click(box.x + 16, box.y + box.height / 2);
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.5);
  // A style without a rendered preview offers no player rather than a broken one.
  await expect(page.getByLabel("Preview of Electronic Dance")).toHaveCount(0);
}

test("a style's preview plays on /style (time advances)", async ({ page, context, baseURL }) => {
  const { cookie } = await signedInUser();
  await useCookies(context, cookie, baseURL!);
  await playAndWatchTime(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the preview is a plain <audio> that plays", async ({ page, context, baseURL }) => {
    const { cookie } = await signedInUser();
    await useCookies(context, cookie, baseURL!);
    await playAndWatchTime(page);
  });
});
