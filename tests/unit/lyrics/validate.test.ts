import { generateLyrics, MAX_LYRICS_CHARACTERS, phrasePlan, tooLong, validateLyricsForVocals, type Lyrics } from "~/engine/lyrics";
import { composition } from "./compositions";

const plan = phrasePlan(composition("wd_lofi", "rainy_nights"));
const generated = generateLyrics({ prompt: "A train crossing the desert under the stars", plan, seed: 4 });
const firstPhrase = plan.sections[0].phrases[0];

function withFirstLine(value: string): Lyrics {
  const copy: Lyrics = structuredClone(generated);
  copy.sections[0].lines[0].value = value;
  return copy;
}

describe("lyrics rules for sung vocals", () => {
  it("accepts generated lyrics", () => {
    expect(validateLyricsForVocals({ lyrics: generated, previous: null, plan, protectedTexts: [] })).toBeNull();
  });

  it("at_least_one_section_error: no sections", () => {
    const lyrics: Lyrics = { sections: [], language: "English", prompt: "" };
    expect(validateLyricsForVocals({ lyrics, plan, protectedTexts: [] })?.code).toBe("at_least_one_section_error");
  });

  it("lyrics_are_empty: sections with blank lines", () => {
    const lyrics: Lyrics = { ...generated, sections: generated.sections.map((section) => ({ ...section, lines: section.lines.map((line) => ({ ...line, value: "  " })) })) };
    expect(validateLyricsForVocals({ lyrics, plan, protectedTexts: [] })?.code).toBe("lyrics_are_empty");
  });

  it("lyrics_have_not_changed: the same words as the previous vocal, even re-spaced and re-cased", () => {
    const respaced = withFirstLine(`  ${generated.sections[0].lines[0].value.toUpperCase()}  `);
    expect(validateLyricsForVocals({ lyrics: respaced, previous: generated, plan, protectedTexts: [] })?.code).toBe("lyrics_have_not_changed");
    expect(validateLyricsForVocals({ lyrics: withFirstLine("Sand is singing in the wind"), previous: generated, plan, protectedTexts: [] })).toBeNull();
  });

  it("insufficient_language_content: lyrics that are not English", () => {
    const spanish: Lyrics = {
      ...generated,
      sections: [{ type: "verse", lines: [
        { value: "Cuando llega la noche en el pueblo", timing: { start: firstPhrase.start, end: firstPhrase.end }, syllableTarget: 9 },
        { value: "los niños corren por las calles", timing: { start: firstPhrase.start, end: firstPhrase.end }, syllableTarget: 9 },
        { value: "y las flores duermen bajo la luna", timing: { start: firstPhrase.start, end: firstPhrase.end }, syllableTarget: 9 },
      ] }],
    };
    expect(validateLyricsForVocals({ lyrics: spanish, plan, protectedTexts: [] })?.code).toBe("insufficient_language_content");
  });

  it("copyright_violation_error: a 6-word run from a protected text", () => {
    const lyrics = withFirstLine("Silver trains at sunrise carry all");
    const protectedTexts = ["Silver trains at sunrise carry all my letters home"];
    expect(validateLyricsForVocals({ lyrics, plan, protectedTexts })?.code).toBe("copyright_violation_error");
  });

  it("invalid_syllable_count: names the line over its phrase's limit", () => {
    const long = "We wander through the everlasting glittering electric city of tomorrow";
    const error = validateLyricsForVocals({ lyrics: withFirstLine(long), plan, protectedTexts: [] });
    expect(error?.code).toBe("invalid_syllable_count");
    expect(error?.line).toMatchObject({ section: 0, line: 0, text: long, limit: firstPhrase.syllableLimit });
    expect(error!.line!.syllables).toBeGreaterThan(firstPhrase.syllableLimit);
    expect(error?.message).toContain("Line 1 of section 1");
  });

  it("tooLong: over the character limit", () => {
    expect(tooLong("a".repeat(MAX_LYRICS_CHARACTERS))).toBe(false);
    expect(tooLong("a".repeat(MAX_LYRICS_CHARACTERS + 1))).toBe(true);
  });
});
