import { buildTheme, promptKeywords, rhymeKey, wordSyllables } from "~/engine/lyrics";
import { baseForm, lookup, synsetAt } from "~/engine/lyrics/wordnet";

describe("WordNet reader", () => {
  it("finds lemmas by binary search and reads their synsets at byte offsets", () => {
    const night = lookup("night", "noun")!;
    expect(night.synsets.length).toBeGreaterThan(3);
    expect(night.taggedSenses).toBeGreaterThan(0);
    const first = synsetAt(night.synsets[0], "noun");
    expect(first.words).toContain("night");
    expect(first.gloss).toMatch(/sunset/);
    expect(first.pointers.some((pointer) => pointer.symbol === "@")).toBe(true);
    expect(lookup("aardvark", "noun")?.lemma).toBe("aardvark");
    expect(lookup("zyrian", "noun")?.lemma).toBe("zyrian"); // the last line of index.noun
    expect(lookup("qqqq", "noun")).toBeUndefined();
  });

  it("strips inflections to the dictionary form", () => {
    expect(baseForm("nights", "noun")?.lemma).toBe("night");
    expect(baseForm("dancing", "verb")?.lemma).toBe("dance");
    expect(baseForm("running", "verb")?.lemma).toBe("run");
    expect(baseForm("darker", "adj")?.lemma).toBe("dark");
  });
});

describe("theme vocabulary", () => {
  it("takes the prompt's content words in dictionary form, irregular ones included", () => {
    const keywords = promptKeywords("Rainy nights in the city, missing someone who left");
    expect(keywords.map((word) => word.word)).toEqual(["rainy", "night", "city", "miss", "leave"]);
    expect(keywords.find((word) => word.word === "leave")?.pos).toBe("verb");
    expect(promptKeywords("a song about the")).toEqual([]);
  });

  it("reads a possessive as its word, with either apostrophe", () => {
    expect(promptKeywords("a soldier's wife waiting at the harbour").map((word) => word.word)).toEqual(["soldier", "wife", "wait", "harbour"]);
    expect(promptKeywords("the girls’ night").map((word) => word.word)).toEqual(["girl", "night"]);
  });

  it("adds singable WordNet relatives: synonyms, broader, narrower and related words", () => {
    const theme = buildTheme("Summer love on the ocean");
    const byWord = new Map(theme.words.map((word) => [word.word, word]));
    expect(byWord.get("sea")?.source).toBe("synonym");
    expect(byWord.get("season")?.source).toBe("hypernym");
    expect(byWord.get("passion")).toBeDefined();
    for (const word of theme.words) {
      expect(word.word).toMatch(/^[a-z]+$/);
      expect(wordSyllables(word.word)).toBeLessThanOrEqual(3);
      expect(rhymeKey(word.word)).toBeDefined();
    }
    expect(theme.words.slice(0, theme.keywords.length)).toEqual(theme.keywords);
  });
});
