// The link-preview cards (app/services/share/card.server.ts): the PNG decodes at the OpenGraph size and
// stays under the 300 KB some chat apps allow, the version follows what is drawn, and long titles wrap.
import sharp from "sharp";
import { cardVersion, renderCardPng } from "~/services/share";
import { cardSvg, renderThumbWebp, wrap } from "~/services/share/card.server";

const peaks = Array.from({ length: 200 }, (_, index) => (index % 2 ? 1 : -1) * (0.2 + 0.7 * Math.abs(Math.sin(index / 9))));
const content = { title: "Harbour Lights", artist: "Loomer", style: "Lo-Fi", filter: "Morning Sun", peaks };

test("the wide card is a 1200×630 PNG and the square one 600×600, each under 300 KB; the thumbnail a 312×312 WebP", async () => {
  const wide = await renderCardPng(content);
  expect(await sharp(wide).metadata()).toMatchObject({ format: "png", width: 1200, height: 630 });
  expect(wide.length).toBeLessThan(300 * 1024);
  const square = await renderCardPng(content, "square");
  expect(await sharp(square).metadata()).toMatchObject({ format: "png", width: 600, height: 600 });
  expect(await sharp(await renderThumbWebp(content)).metadata()).toMatchObject({ format: "webp", width: 312, height: 312 });
});

test("the version changes with anything drawn, and only then", () => {
  const version = cardVersion(content);
  expect(cardVersion({ ...content })).toBe(version);
  for (const changed of [{ title: "Day Bus" }, { artist: "Someone" }, { style: "Rock" }, { filter: "Rainy" }, { peaks: peaks.slice(2) }]) {
    expect(cardVersion({ ...content, ...changed })).not.toBe(version);
  }
});

test("text is escaped in the SVG, and long titles wrap to two lines with an ellipsis", () => {
  expect(cardSvg({ ...content, title: `<script>&"'` }, "wide")).toContain("&lt;script&gt;&amp;&quot;&#39;");
  expect(wrap("Night Bus to the Harbour Lights and Back Again at Dawn", 30, 2)).toEqual(["Night Bus to the Harbour", "Lights and Back Again at Dawn"]);
  expect(wrap("Night Bus to the Harbour Lights and Back Again at Dawn Tomorrow", 30, 2)).toEqual(["Night Bus to the Harbour", "Lights and Back Again at Dawn…"]);
  expect(wrap("Short", 30, 2)).toEqual(["Short"]);
  expect(wrap("A".repeat(50), 30, 2)).toEqual([`${"A".repeat(29)}…`]);
});
