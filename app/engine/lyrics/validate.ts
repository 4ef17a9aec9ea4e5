// The lyric rules a sung vocal needs (spec 1 §5 and §8). Each failure is one of the catalogue's codes, with
// a message the page can show and, for syllables, the line at fault.
import { copyrightOverlap } from "./copyright";
import { isEnglish } from "./language";
import { lineSyllables, words } from "./syllables";
import type { LyricLine, Lyrics, Phrase, PhrasePlan } from "./types";

/** Longer lyrics are refused with 422 (spec 1 §5); a 3-minute song rarely needs more than ~1,500. */
export const MAX_LYRICS_CHARACTERS = 3000;

export type LyricsErrorCode =
  | "at_least_one_section_error"
  | "lyrics_are_empty"
  | "lyrics_have_not_changed"
  | "insufficient_language_content"
  | "copyright_violation_error"
  | "invalid_syllable_count";

export interface LyricsValidationError {
  code: LyricsErrorCode;
  message: string;
  /** invalid_syllable_count: which line (0-based section and line index), its count and its phrase's limit. */
  line?: { section: number; line: number; text: string; syllables: number; limit: number };
}

/** The sung text of the lyrics, one line per line. */
export function lyricsText(lyrics: Lyrics): string {
  return lyrics.sections.flatMap((section) => section.lines.map((line) => line.value)).join("\n");
}

/** True when the text is over the character limit (the server answers 422). */
export function tooLong(text: string): boolean {
  return text.length > MAX_LYRICS_CHARACTERS;
}

/** The plan's phrase a line is sung on: the one its timing overlaps most, else the nearest. */
function phraseOf(line: LyricLine, phrases: Phrase[]): Phrase | undefined {
  let best: Phrase | undefined;
  let bestScore = -Infinity;
  for (const phrase of phrases) {
    const overlap = Math.min(line.timing.end, phrase.end) - Math.max(line.timing.start, phrase.start);
    const score = overlap > 0 ? overlap : -Math.abs(line.timing.start - phrase.start) - 1e6;
    if (score > bestScore) { best = phrase; bestScore = score; }
  }
  return best;
}

const sameText = (a: string, b: string) => words(a).join(" ") === words(b).join(" ");

export interface ValidateLyricsInput {
  lyrics: Lyrics;
  /** The lyrics the last vocal was sung from, if any. */
  previous?: Lyrics | null;
  plan: PhrasePlan;
  /** The admins' protected lyrics. */
  protectedTexts: readonly string[];
}

/** null when the lyrics can be sung; otherwise the first rule they break, checked in the order below. */
export function validateLyricsForVocals({ lyrics, previous, plan, protectedTexts }: ValidateLyricsInput): LyricsValidationError | null {
  if (lyrics.sections.length === 0) {
    return { code: "at_least_one_section_error", message: "Lyrics need at least one section." };
  }
  const text = lyricsText(lyrics);
  if (words(text).length === 0) {
    return { code: "lyrics_are_empty", message: "The lyrics are empty. Write or generate some lyrics first." };
  }
  if (previous && sameText(text, lyricsText(previous))) {
    return { code: "lyrics_have_not_changed", message: "These lyrics have already been sung. Change them to make a new vocal." };
  }
  if (!isEnglish(text)) {
    return { code: "insufficient_language_content", message: "Sung vocals need lyrics in English." };
  }
  if (copyrightOverlap(text, protectedTexts).violation) {
    return { code: "copyright_violation_error", message: "The lyrics contain words from a protected song. Please write your own." };
  }
  const phrases = plan.sections.flatMap((section) => section.phrases);
  for (const [sectionIndex, section] of lyrics.sections.entries()) {
    for (const [lineIndex, line] of section.lines.entries()) {
      const syllables = lineSyllables(line.value);
      const phrase = phraseOf(line, phrases);
      if (syllables === 0 || !phrase || syllables <= phrase.syllableLimit) continue;
      return {
        code: "invalid_syllable_count",
        message: `Line ${lineIndex + 1} of section ${sectionIndex + 1} has ${syllables} syllables; its phrase fits at most ${phrase.syllableLimit}.`,
        line: { section: sectionIndex, line: lineIndex, text: line.value, syllables, limit: phrase.syllableLimit },
      };
    }
  }
  return null;
}
