import { buildTheme, generateLyrics, isEnglish, lastWord, lineSyllables, phrasePlan, rhymes, type Lyrics } from "~/engine/lyrics";
import { composition, SONGS } from "./compositions";

const PROMPT = "Rainy nights in the city, missing someone who left";
const lofiPlan = phrasePlan(composition("wd_lofi", "rainy_nights"));
const text = (lyrics: Lyrics) => lyrics.sections.map((section) => section.lines.map((line) => line.value).join("\n")).join("\n\n");

describe("generated lyrics", () => {
  it.each(SONGS)("$style / $filter: every line fits its phrase's syllable target within ±1 and its timing", ({ style, filter }) => {
    const plan = phrasePlan(composition(style, filter));
    for (const seed of [1, 2, 3]) {
      const lyrics = generateLyrics({ prompt: PROMPT, plan, seed });
      expect(lyrics.sections.map((section) => section.type)).toEqual(plan.sections.map((section) => section.type));
      lyrics.sections.forEach((section, s) => {
        expect(section.lines).toHaveLength(plan.sections[s].phrases.length);
        section.lines.forEach((line, l) => {
          const phrase = plan.sections[s].phrases[l];
          expect(line.timing).toEqual({ start: phrase.start, end: phrase.end });
          expect(line.syllableTarget).toBe(phrase.syllableTarget);
          expect(Math.abs(lineSyllables(line.value) - phrase.syllableTarget), `${line.value} (${phrase.syllableTarget})`).toBeLessThanOrEqual(1);
        });
      });
    }
  });

  it("rhymes line ends in pairs: each line's last word rhymes with another line's in its section", () => {
    for (const seed of [1, 2, 3, 4]) {
      const lyrics = generateLyrics({ prompt: PROMPT, plan: lofiPlan, seed });
      for (const section of lyrics.sections) {
        if (section.lines.length < 2) continue;
        const ends = section.lines.map((line) => lastWord(line.value)!);
        ends.forEach((end, i) => {
          expect(ends.some((other, j) => j !== i && rhymes(end, other)), `${end} in ${ends.join(", ")}`).toBe(true);
        });
      }
    }
  });

  it("keeps rhyme pairs in a shorter chorus that sings the first lines of a longer one", () => {
    const plan = phrasePlan(composition("advanced", "custom_jazz"));
    const lengths = plan.sections.filter((section) => section.type === "chorus").map((section) => section.phrases.length);
    expect(new Set(lengths).size).toBeGreaterThan(1);
    for (const seed of [1, 2, 3, 4, 5]) {
      for (const section of generateLyrics({ prompt: PROMPT, plan, seed }).sections.filter((s) => s.type === "chorus")) {
        const ends = section.lines.map((line) => lastWord(line.value)!);
        ends.forEach((end, i) => expect(ends.some((other, j) => j !== i && rhymes(end, other)), ends.join(", ")).toBe(true));
      }
    }
  });

  it("sings the same chorus every time and writes each verse anew", () => {
    const lyrics = generateLyrics({ prompt: PROMPT, plan: lofiPlan, seed: 5 });
    const choruses = lyrics.sections.filter((section) => section.type === "chorus").map((section) => section.lines.map((line) => line.value));
    expect(choruses.length).toBeGreaterThanOrEqual(2);
    for (const chorus of choruses) expect(chorus).toEqual(choruses[0].slice(0, chorus.length));
    const verses = lyrics.sections.filter((section) => section.type === "verse").map((section) => section.lines.map((line) => line.value));
    expect(verses.length).toBeGreaterThanOrEqual(2);
    const [first, second] = verses;
    expect(second.filter((line) => first.includes(line))).toEqual([]);
    const endWords = (lines: string[]) => new Set(lines.map((line) => lastWord(line)));
    const sharedEnds = [...endWords(second)].filter((word) => endWords(first).has(word));
    expect(sharedEnds.length).toBeLessThan(second.length / 2);
  });

  it("is deterministic per seed, and ten seeds give ten different songs", () => {
    const once = generateLyrics({ prompt: PROMPT, plan: lofiPlan, seed: 11 });
    expect(generateLyrics({ prompt: PROMPT, plan: lofiPlan, seed: 11 })).toEqual(once);
    const texts = Array.from({ length: 10 }, (_, seed) => text(generateLyrics({ prompt: PROMPT, plan: lofiPlan, seed })));
    expect(new Set(texts).size).toBe(10);
  });

  it("writes about the prompt: its words or their WordNet relatives appear throughout", () => {
    for (const prompt of [PROMPT, "Summer love on a quiet beach by the ocean", "An astronaut drifting alone through space"]) {
      const theme = buildTheme(prompt);
      const themeWords = new Set(theme.words.map((word) => word.word));
      const keywords = new Set(theme.keywords.map((word) => word.word));
      const lyrics = generateLyrics({ prompt, plan: lofiPlan, seed: 3 });
      const sung = text(lyrics).toLowerCase().match(/[a-z]+/g)!;
      expect(sung.some((word) => keywords.has(word)), prompt).toBe(true);
      expect(sung.filter((word) => themeWords.has(word)).length, prompt).toBeGreaterThanOrEqual(8);
      expect(lyrics.prompt).toBe(prompt);
    }
  });

  it("opens the chorus on the prompt's first image that rhymes (\"neon\" has no rhyme, \"light\" has)", () => {
    for (const seed of [1, 2, 3]) {
      const lyrics = generateLyrics({ prompt: "dancing under the neon light", plan: lofiPlan, seed });
      const chorus = lyrics.sections.find((section) => section.type === "chorus")!;
      expect(lastWord(chorus.lines[0].value)).toBe("light");
    }
  });

  it("is English by the language check, and still writes for a prompt with no known words", () => {
    expect(isEnglish(text(generateLyrics({ prompt: PROMPT, plan: lofiPlan, seed: 1 })))).toBe(true);
    const fallback = generateLyrics({ prompt: "!!! ???", plan: lofiPlan, seed: 1 });
    expect(fallback.sections.flatMap((section) => section.lines).every((line) => line.value.length > 0)).toBe(true);
    expect(fallback.language).toBe("English");
  });
});
