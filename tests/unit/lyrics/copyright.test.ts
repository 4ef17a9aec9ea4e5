import { copyrightOverlap, normalisedWords } from "~/engine/lyrics";

// Stand-ins for the protected-lyrics table, written for this test.
const PROTECTED = [
  "Paper boats are sailing down the gutter after rain, and I keep counting every one until you come again",
  "Silver trains at sunrise carry all my letters home",
];

describe("copyright overlap", () => {
  it("flags a text that copies a 6-word run, whatever the case and punctuation", () => {
    const copied = "My own first line\nI KEEP counting, every one... until the morning";
    const result = copyrightOverlap(copied, PROTECTED);
    expect(result.violation).toBe(true);
    expect(result.matches).toEqual([{ protectedIndex: 0, words: "i keep counting every one until" }]);
  });

  it("finds runs in any protected text and across line breaks", () => {
    const result = copyrightOverlap("Silver trains at sunrise\ncarry all my dreams", PROTECTED);
    expect(result.violation).toBe(true);
    expect(result.matches[0].protectedIndex).toBe(1);
  });

  it("passes an unrelated text and one sharing only 5-word runs", () => {
    expect(copyrightOverlap("The city glows tonight and we dance until the morning light", PROTECTED).violation).toBe(false);
    expect(copyrightOverlap("paper boats are sailing down a river", PROTECTED).violation).toBe(false);
    expect(copyrightOverlap("paper boats are sailing down a river", PROTECTED, 5).violation).toBe(true);
    expect(copyrightOverlap("anything", []).violation).toBe(false);
  });

  it("normalises accents, apostrophes and punctuation", () => {
    expect(normalisedWords("Don’t—STOP! Café")).toEqual(["dont", "stop", "cafe"]);
  });

  it("rejects a nonsensical n", () => {
    expect(() => copyrightOverlap("a b c", PROTECTED, 0)).toThrow(RangeError);
  });
});
