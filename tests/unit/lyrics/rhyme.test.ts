import { lastWord, rhymeGroups, rhymeKey, rhymes, rhymingWords } from "~/engine/lyrics";

describe("rhymes", () => {
  it("keys a word from its last stressed vowel to the end", () => {
    expect(rhymeKey("night")).toBe("AY T");
    expect(rhymeKey("desire")).toBe("AY ER");
    expect(rhymeKey("ocean")).toBe("OW SH AH N");
    expect(rhymeKey("qwxzv")).toBeUndefined();
  });

  it("tells rhymes from near misses", () => {
    expect(rhymes("night", "light")).toBe(true);
    expect(rhymes("fire", "higher")).toBe(true);
    expect(rhymes("heart", "apart")).toBe(true);
    expect(rhymes("ocean", "motion")).toBe(true);
    expect(rhymes("night", "nine")).toBe(false);
    expect(rhymes("love", "move")).toBe(false);
    expect(rhymes("night", "night")).toBe(false);
    expect(rhymes("Night", "LIGHT")).toBe(true);
  });

  it("picks rhyming words from a vocabulary", () => {
    const vocabulary = ["light", "rain", "sky", "bright", "train", "fly", "stone", "flight"];
    expect(rhymingWords("night", vocabulary)).toEqual(["light", "bright", "flight"]);
    const groups = rhymeGroups(vocabulary);
    expect(groups.get("EY N")).toEqual(["rain", "train"]);
    expect(groups.has("OW N")).toBe(false); // "stone" alone is not a rhyme group
  });

  it("finds the last sung word of a line", () => {
    expect(lastWord("Into the night!")).toBe("night");
    expect(lastWord("  ")).toBeUndefined();
  });
});
