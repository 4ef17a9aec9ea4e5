// The rules lyrics must pass before a voice sings them: each broken rule gives its spec 1 §8 code, in order.
import type { LyricsSection, PhrasePlan } from "~/engine/lyrics/types";
import { checkGenerativeVocalLyrics, protectedAtSingTime, PROTECTED_RUN_WORDS, unsingableLine, type GenerativeVocalsRuleInput } from "~/services/vocals/generative-vocals-rules";

// Two 4-second phrases of a verse, each fitting up to 10 syllables.
const plan: PhrasePlan = {
  tempo: 120,
  durationSeconds: 16,
  sections: [
    {
      type: "verse",
      occurrence: 0,
      start: 0,
      end: 8,
      phrases: [
        { start: 0, end: 4, syllableTarget: 8, syllableLimit: 10, segment: 0 },
        { start: 4, end: 8, syllableTarget: 8, syllableLimit: 10, segment: 1 },
      ],
    },
  ],
};

const verse = (...lines: string[]): LyricsSection[] => [
  { type: "verse", lines: lines.map((value, index) => ({ value, timing: { start: index * 4, end: index * 4 + 4 }, syllableTarget: 8 })) },
];

const GOOD = verse("I walk along the quiet shore", "the morning light is on the sea");

const check = (overrides: Partial<GenerativeVocalsRuleInput>) =>
  checkGenerativeVocalLyrics({ sections: GOOD, plan, protectedTexts: [], previous: null, voiceId: "aria", ...overrides });

test("English lyrics that fit their phrases pass", () => {
  expect(check({})).toBeNull();
});

test("no lyrics or only blank lines: lyrics_are_empty; sections without lines: at_least_one_section_error", () => {
  expect(check({ sections: null })?.code).toBe("lyrics_are_empty");
  expect(check({ sections: verse("", "  ") })?.code).toBe("lyrics_are_empty");
  expect(check({ sections: [] })?.code).toBe("at_least_one_section_error");
  expect(check({ sections: [{ type: "chorus", lines: [] }] })?.code).toBe("at_least_one_section_error");
});

test("not English: language_check_error; too few words to tell: insufficient_language_content", () => {
  const spanish = verse("Camino solo por la playa tranquila cuando cae la noche", "y la luz de la mañana se queda en el mar");
  expect(check({ sections: spanish })?.code).toBe("language_check_error");
  expect(check({ sections: verse("la la") })?.code).toBe("insufficient_language_content");
  expect(check({ sections: verse("hello there") })?.code).toBe("insufficient_language_content");
});

test(`a run of ${PROTECTED_RUN_WORDS} words from a protected text: copyright_check_error; shorter runs pass`, () => {
  const protectedText = "Oh the quiet shore where the morning light is on the sea tonight";
  const copied = verse("I walk along the quiet shore", "where the morning light is on the sea tonight");
  expect(check({ sections: copied, protectedTexts: [protectedText] })?.code).toBe("copyright_check_error");
  // Seven shared words ("the morning light is on the sea") are an ordinary phrase.
  expect(check({ protectedTexts: ["under the morning light is on the sea but no"] })).toBeNull();
  // Case and punctuation do not hide a copy.
  expect(check({ sections: copied, protectedTexts: [protectedText.toUpperCase().replace(/ /g, ", ")] })?.code).toBe("copyright_check_error");
});

test("the same lyrics with the same voice as the previous generation: lyrics_have_not_changed; another voice or changed words pass", () => {
  const previous = { sections: verse("I walk along the quiet shore!", "The morning light is on the sea"), voiceId: "aria" };
  expect(check({ previous })?.code).toBe("lyrics_have_not_changed");
  expect(check({ previous, voiceId: "leo" })).toBeNull();
  expect(check({ previous, sections: verse("I walk along the quiet shore", "the evening light is on the sea") })).toBeNull();
});

test("a line over its phrase's syllable limit: invalid_syllable_count naming the line", () => {
  const long = verse("I walk along the quiet shore", "the morning light is on the sea and on the harbour wall tonight");
  const error = check({ sections: long });
  expect(error?.code).toBe("invalid_syllable_count");
  expect(error?.line).toMatchObject({ section: 0, line: 1, limit: 10 });
  expect(error?.line?.syllables).toBeGreaterThan(10);
  expect(error?.message).toContain("Line 2 of section 1");
});

test("at sing time: a text protected since the request is copyright_violation_error", () => {
  expect(protectedAtSingTime(GOOD, [])).toBeNull();
  expect(protectedAtSingTime(GOOD, ["so I walk along the quiet shore the morning light"])).toMatchObject({ code: "copyright_violation_error" });
});

test("at sing time: syllable_count_error for a line over its phrase's limit now, or with fewer notes than syllables", () => {
  const notes = (...perLine: number[]) => perLine.flatMap((count, line) => Array.from({ length: count }, () => ({ line })));
  expect(unsingableLine(GOOD, plan, [8, 8], notes(8, 8))).toBeNull();
  // The song changed since the request: the first phrase now carries at most 5 syllables.
  const shorter: PhrasePlan = { ...plan, sections: [{ ...plan.sections[0], phrases: plan.sections[0].phrases.map((phrase) => ({ ...phrase, syllableLimit: 5 })) }] };
  expect(unsingableLine(GOOD, shorter, [8, 8], notes(8, 8))?.message).toBe('Line 1 of section 1 ("I walk along the quiet shore") has 8 syllables; its phrase now fits at most 5. Shorten the line or split it.');
  // The melody writer slurred the second line's last syllables onto one note, or found no room for it.
  expect(unsingableLine(GOOD, plan, [8, 8], notes(8, 3))).toMatchObject({ code: "syllable_count_error", line: { section: 0, line: 1, syllables: 8, limit: 3 } });
  expect(unsingableLine(GOOD, plan, [8, 8], notes(8))?.message).toMatch(/^Line 2 of section 1 .* has 8 syllables; its timing leaves no room in the song for a single note\./);
});
