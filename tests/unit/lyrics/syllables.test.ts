import { lineSyllables, lyricsWithSyllableCount, wordSyllables, words } from "~/engine/lyrics";
import { spellingSyllables } from "~/engine/lyrics/syllables";
import type { Lyrics } from "~/engine/lyrics";

describe("syllable counts", () => {
  it.each([
    ["night", 1], ["city", 2], ["beautiful", 3], ["electricity", 5], ["the", 1], ["syllable", 3], ["fire", 2], ["ocean", 2], ["horizon", 3],
  ])("%s has %i syllables (CMU dictionary)", (word, count) => {
    expect(wordSyllables(word)).toBe(count);
  });

  it("counts words the dictionary lacks by their spelling", () => {
    expect(wordSyllables("blorptastic")).toBe(3);
    expect(spellingSyllables("zorkle")).toBe(2);
    expect(spellingSyllables("flimed")).toBe(1);
    expect(wordSyllables("dreamin'")).toBe(2);
  });

  it("spells numbers out as they are sung", () => {
    expect(words("21 guns")).toEqual(["twenty", "one", "guns"]);
    expect(words("in 1999")).toEqual(["in", "nineteen", "ninety", "nine"]);
    expect(words("the 3rd time")).toEqual(["the", "third", "time"]);
    expect(lineSyllables("7")).toBe(2);
    expect(lineSyllables("100 miles")).toBe(4);
  });

  it("counts a line, ignoring punctuation and splitting hyphens", () => {
    expect(lineSyllables("The city lights are calling me home")).toBe(9);
    expect(lineSyllables("Oh, the night-time!")).toBe(4);
    expect(lineSyllables("   ")).toBe(0);
  });

  it("adds a syllable count to every line of lyrics", () => {
    const lyrics: Lyrics = {
      language: "English",
      prompt: "",
      sections: [{ type: "verse", lines: [{ value: "Into the night", timing: { start: 1, end: 3 }, syllableTarget: 5 }] }],
    };
    const counted = lyricsWithSyllableCount(lyrics);
    expect(counted.sections[0].lines[0]).toEqual({ value: "Into the night", timing: { start: 1, end: 3 }, syllableTarget: 5, syllableCount: 4 });
    expect(counted.language).toBe("English");
  });
});
