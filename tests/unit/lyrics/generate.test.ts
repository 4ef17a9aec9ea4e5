import { buildTheme, generateLyrics, isEnglish, lastWord, lineSyllables, phrasePlan, rhymes, words, type Lyrics } from "~/engine/lyrics";
import { collocationPairs, collocations } from "~/engine/lyrics/collocations";
import { pronunciation } from "~/engine/lyrics/pronunciations";
import { isStopWord } from "~/engine/lyrics/theme";
import { composition, SONGS } from "./compositions";
import { defaultSongParams } from "~/engine/catalogue";
import { compose } from "~/engine/compose";

const PROMPT = "Rainy nights in the city, missing someone who left";
// At 78 BPM (rainy_nights' range is now 64–72 BPM, issue 23): the 12-bar chorus these tests were written
// for. At the range's slow tempos the chorus is 8 bars, four lines, and the hook is stated once.
const lofiPlan = phrasePlan(compose({ ...defaultSongParams("wd_lofi", 1, "rainy_nights"), tempo: 78 }));
const text = (lyrics: Lyrics) => lyrics.sections.map((section) => section.lines.map((line) => line.value).join("\n")).join("\n\n");

describe("generated lyrics", () => {
  it.each(SONGS)("$style / $filter: every line fits its phrase's syllable target within ±2 and its timing", ({ style, filter }) => {
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
          expect(Math.abs(lineSyllables(line.value) - phrase.syllableTarget), `${line.value} (${phrase.syllableTarget})`).toBeLessThanOrEqual(2);
        });
      });
    }
  });

  it("rhymes line ends in pairs: at least 80 % of lines rhyme with another line of their section, refrain repeats aside", () => {
    let positions = 0;
    let rhymed = 0;
    for (const seed of [1, 2, 3, 4]) {
      const lyrics = generateLyrics({ prompt: PROMPT, plan: lofiPlan, seed });
      for (const section of lyrics.sections) {
        if (section.lines.length < 2) continue;
        const texts = section.lines.map((line) => line.value);
        texts.forEach((line, i) => {
          if (texts.some((other, j) => j !== i && other === line)) return;
          positions++;
          if (texts.some((other, j) => j !== i && rhymes(lastWord(line)!, lastWord(other)!))) rhymed++;
        });
      }
    }
    expect(rhymed / positions).toBeGreaterThanOrEqual(0.8);
  });

  it("keeps rhyme pairs in a shorter chorus that sings the first lines of a longer one", () => {
    const plan = phrasePlan(composition("advanced", "custom_jazz"));
    const lengths = plan.sections.filter((section) => section.type === "chorus").map((section) => section.phrases.length);
    expect(new Set(lengths).size).toBeGreaterThan(1);
    for (const seed of [1, 2, 3, 4, 5]) {
      for (const section of generateLyrics({ prompt: PROMPT, plan, seed }).sections.filter((s) => s.type === "chorus")) {
        const ends = section.lines.map((line) => lastWord(line.value)!);
        const texts = section.lines.map((line) => line.value);
        ends.forEach((end, i) => expect(texts.some((other, j) => j !== i && (other === texts[i] || rhymes(end, ends[j]))), ends.join(", ")).toBe(true));
      }
    }
  });

  it("sings the same chorus until the last, which keeps the hook and changes one rhyme pair; writes each verse anew", () => {
    const lyrics = generateLyrics({ prompt: PROMPT, plan: lofiPlan, seed: 5 });
    const choruses = lyrics.sections.filter((section) => section.type === "chorus").map((section) => section.lines.map((line) => line.value));
    expect(choruses.length).toBeGreaterThanOrEqual(2);
    const last = choruses[choruses.length - 1];
    for (const chorus of choruses.slice(0, -1)) expect(chorus).toEqual(choruses[0].slice(0, chorus.length));
    expect(last[0]).toBe(choruses[0][0]);
    const changed = last.filter((line, i) => line !== choruses[0][i]);
    expect(changed.length).toBeGreaterThanOrEqual(1);
    expect(changed.length).toBeLessThanOrEqual(2);
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

  it("states the situation in the prompt's own words as the chorus's hook, and repeats it", () => {
    for (const [prompt, hook] of [["a breakup text I never sent", "a breakup text i never sent"], ["a robot learning how to cry", "a robot learning how to cry"]]) {
      const lyrics = generateLyrics({ prompt, plan: lofiPlan, seed: 2 });
      const chorus = lyrics.sections.find((section) => section.type === "chorus")!.lines.map((line) => line.value.toLowerCase());
      expect(chorus[0]).toContain(hook);
      expect(chorus.filter((line) => line.includes(hook)).length).toBeGreaterThanOrEqual(2);
    }
  });

  it("pairs adjectives with nouns and verbs with objects only as the collocation list does, and verses stay on the prompt", () => {
    for (const [seed, prompt] of ["falling for my best friend at a wedding", "Summer love on a quiet beach by the ocean", "A lighthouse keeper waiting for a ship that never comes"].entries()) {
      const lyrics = generateLyrics({ prompt, plan: lofiPlan, seed });
      const promptPairs = new Set(collocationPairs(prompt).map((pair) => pair.pair));
      const lines = lyrics.sections.flatMap((section) => section.lines.map((line) => line.value));
      const found = lines.flatMap((line) => collocationPairs(line)).filter((pair) => !promptPairs.has(pair.pair));
      expect(found.length).toBeGreaterThan(5);
      expect(found.filter((pair) => !pair.listed)).toEqual([]);
      const near = new Set([...words(prompt), ...buildTheme(prompt).words.map((word) => word.word)].filter((word) => word.length > 2));
      for (const verse of lyrics.sections.filter((section) => section.type === "verse")) {
        const mentioned = new Set(words(verse.lines.map((line) => line.value).join(" ")).filter((word) => near.has(word)));
        expect(mentioned.size, verse.lines.map((line) => line.value).join(" / ")).toBeGreaterThanOrEqual(2);
      }
    }
  });

  it("names at least two of the prompt's content words or their neighbours in every verse, for every song shape", () => {
    // Prompts of bench/lyrics-prompts.ts whose verses, at the bench's seed, named one prompt word (or that and
    // "the") before a drifting verse was refocused line by line (issue 23).
    const prompts: [string, number][] = [["a lonely king in an empty castle", 130], ["the last train out of town", 131], ["getting lost in the forest at night", 143],
      ["the first snow of winter", 152], ["a promise we made as kids", 159], ["a soldier's wife waiting at the harbour", 164],
      ["A letter to my younger self about courage", 187], ["Rising again after falling down", 199]];
    const plans = [...SONGS, { style: "advanced", filter: "custom_pop" }].map(({ style, filter }) => phrasePlan(composition(style, filter)));
    const drifted: string[] = [];
    for (const [prompt, benchSeed] of prompts) {
      const near = new Set([...words(prompt), ...buildTheme(prompt).words.map((word) => word.word)].filter((word) => word.length > 2 && !isStopWord(word)));
      for (const plan of plans) {
        for (const seed of [benchSeed, 1]) {
          for (const verse of generateLyrics({ prompt, plan, seed }).sections.filter((section) => section.type === "verse")) {
            const lines = verse.lines.map((line) => line.value);
            // One word in two spellings ("harbour", "harbor") is one word.
            const named = new Set(words(lines.join(" ")).filter((word) => near.has(word)).map((word) => pronunciation(word) ?? word));
            if (named.size < 2) drifted.push(`${prompt} (seed ${seed}): ${lines.join(" / ")}`);
          }
        }
      }
    }
    expect(drifted).toEqual([]);
  }, 60_000);

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

describe("collocation list", () => {
  it("holds about a thousand pairs of words the CMU dictionary knows, each noun once", () => {
    const { nouns, pairs } = collocations();
    expect(pairs.size).toBeGreaterThan(900);
    for (const entry of nouns.values()) {
      for (const word of [entry.noun, ...entry.adjectives, ...entry.verbs, ...entry.actions].flatMap((phrase) => phrase.split(" "))) {
        expect(pronunciation(word), word).toBeDefined();
      }
    }
  });

  it("finds the pairs of a text, phrasal verbs whole, and tells listed from free ones", () => {
    expect(collocationPairs("I walk down the empty street and hold your warm hand")).toEqual([
      { kind: "verb-object", pair: "walk down street", listed: true },
      { kind: "adjective-noun", pair: "empty street", listed: true },
      { kind: "verb-object", pair: "hold hand", listed: true },
      { kind: "adjective-noun", pair: "warm hand", listed: true },
    ]);
    expect(collocationPairs("the radiant train", { adjectives: ["radiant"] }).map((pair) => pair.listed)).toEqual([false]);
    // An adverb after a subject is not an adjective: "I still call" has no pair.
    expect(collocationPairs("I still call")).toEqual([]);
  });
});
