// Generated cover art designs (app/engine/art): deterministic per keyword and prompt, several looks, type
// that reads on its panel, keyword and prompt rules.
import { contrastRatio, designCoverArt, isDictionaryWord, LOOKS, PALETTES, promptRefusal, wrapText } from "~/engine/art";

const input = { keyword: "ocean", title: "Night Drive", artistName: "The Loomers", mood: "calm" as const };

test("the same keyword and prompt give the same SVG; another prompt another design", () => {
  expect(designCoverArt(input).svg).toBe(designCoverArt(input).svg);
  expect(designCoverArt({ ...input, prompt: "storm at sea" }).seed).not.toBe(designCoverArt(input).seed);
});

test("keywords spread over every look", () => {
  const words = ["ocean", "ember", "velvet", "thunder", "garden", "neon", "harbor", "quiet", "river", "glass", "forest", "silver", "midnight", "desert", "paper", "summer", "winter", "cloud", "stone", "light"];
  const looks = new Set(words.map((keyword) => designCoverArt({ ...input, keyword }).look));
  expect(looks.size).toBe(LOOKS.length);
});

test("title and artist are typeset, escaped, with the palette's ink", () => {
  const design = designCoverArt({ ...input, title: "Rock & <Roll>", artistName: "A \"B\"" });
  expect(design.svg).toContain("Rock &amp; &lt;Roll&gt;");
  expect(design.svg).toContain("A &quot;B&quot;");
  expect(design.svg).not.toContain("<Roll>");
});

test("every palette's ink reads on its background (WCAG AA large text, 3:1)", () => {
  for (const palettes of Object.values(PALETTES)) for (const palette of palettes) expect(contrastRatio(palette.ink, palette.background)).toBeGreaterThanOrEqual(3);
});

test("long titles wrap to at most three lines", () => {
  const lines = wrapText("A very long title that goes on and on and on and on beyond three lines", 14, 3);
  expect(lines).toHaveLength(3);
  expect(lines[2].endsWith("…")).toBe(true);
});

test("keywords must be one English dictionary word; flagged prompts are refused", () => {
  expect(isDictionaryWord("ocean")).toBe(true);
  expect(isDictionaryWord("Thunderstorms")).toBe(true);
  expect(isDictionaryWord("xqzvbl")).toBe(false);
  expect(isDictionaryWord("two words")).toBe(false);
  expect(promptRefusal("a naked figure on the beach")).toBe("content_policy");
  expect(promptRefusal("sunset over Essex with skill")).toBeNull();
});
