// No empty-box glyphs (spec 1 §3 style icons; issue 22): Debian's Chromium here has no colour emoji font,
// so any character no installed font draws comes out as the same empty box. A pixel check: each distinct
// non-ASCII character the page shows is drawn on a canvas in the font it is shown in and compared with the
// drawing of a character no font has (a private-use code point); a match is an empty box.
import { expect, test, type Page } from "@playwright/test";
import { signedInUser, useCookies } from "./support/auth";

async function emptyBoxes(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const seen = new Map<string, string>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest("script, style, noscript, template")) continue;
      const style = getComputedStyle(parent);
      if (style.display === "none" || style.visibility === "hidden") continue;
      for (const char of node.textContent ?? "") {
        if (char.codePointAt(0)! > 0x7e && !/\s/.test(char) && !seen.has(char)) seen.set(char, `${style.fontWeight} 32px ${style.fontFamily}`);
      }
    }
    const canvas = document.createElement("canvas");
    canvas.width = 48;
    canvas.height = 48;
    const context = canvas.getContext("2d", { willReadFrequently: true })!;
    const draw = (char: string, font: string) => {
      context.clearRect(0, 0, 48, 48);
      context.font = font;
      context.fillStyle = "#000";
      context.textBaseline = "middle";
      context.fillText(char, 4, 24);
      return Array.from(context.getImageData(0, 0, 48, 48).data).join(",");
    };
    const boxes: string[] = [];
    for (const [char, font] of seen) if (draw(char, font) === draw("\u{10FFFD}", font)) boxes.push(char);
    return boxes;
  });
}

test("the check finds an empty box when there is one (a colour emoji with no emoji font)", async ({ page }) => {
  await page.goto("/");
  await page.evaluate(() => document.body.insertAdjacentHTML("beforeend", "<p>\u{1F3A7}</p>"));
  expect(await emptyBoxes(page)).toEqual(["\u{1F3A7}"]);
});

test("Home and /style show no empty-box glyphs", async ({ page, context, baseURL }) => {
  await page.goto("/");
  expect(await emptyBoxes(page)).toEqual([]);
  const { cookie } = await signedInUser();
  await useCookies(context, cookie, baseURL!);
  await page.goto("/style");
  await expect(page.locator("[data-style-icon]")).toHaveCount(8);
  expect(await emptyBoxes(page)).toEqual([]);
});
