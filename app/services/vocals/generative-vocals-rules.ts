// The rules lyrics must pass before a voice sings them (spec 1 §5 "Vocal generation rules", §8 codes). Pure:
// the service (song-generative-vocals.server.ts) loads the lyrics, the song's phrase plan, the protected
// lyrics and the previous generation, and asks this module; the POST answers with the first broken rule.
// The engine's lyrics helpers do the measuring (franc-min language detection, the CMU syllable counts, the
// word normalisation of the copyright screen).
import { copyrightOverlap, detectLanguage, isEnglish, lineSyllables, normalisedWords } from "~/engine/lyrics";
import type { LyricsSection, Phrase, PhrasePlan } from "~/engine/lyrics/types";
import { VOCAL_ERROR_MESSAGES } from "./error-codes";

/** The spec 1 §8 codes a POST can be refused with for the lyrics' content, and those the job ends with. */
export type GenerativeVocalsRuleCode =
  | "copyright_violation_error"
  | "syllable_count_error"
  | "at_least_one_section_error"
  | "lyrics_are_empty"
  | "insufficient_language_content"
  | "language_check_error"
  | "copyright_check_error"
  | "lyrics_have_not_changed"
  | "invalid_syllable_count";

/** A line that does not fit its phrase: its syllables and the most it can carry (the limit, or the notes). */
export interface LineMisfit {
  section: number;
  line: number;
  text: string;
  syllables: number;
  limit: number;
}

export interface GenerativeVocalsRuleError {
  code: GenerativeVocalsRuleCode;
  message: string;
  /** invalid_syllable_count, syllable_count_error: the first line that does not fit (0-based indexes). */
  line?: LineMisfit;
}

/** A copied run this long (normalised words) is a protected text; shorter runs are ordinary phrases. */
export const PROTECTED_RUN_WORDS = 8;
/** Fewer words than this cannot tell a language apart. */
export const MIN_LANGUAGE_WORDS = 4;

/** Each rule's message, from the list the browser shares (vocal-error-codes.ts). */
export const RULE_MESSAGES: Record<GenerativeVocalsRuleCode, string> = VOCAL_ERROR_MESSAGES;

export interface GenerativeVocalsRuleInput {
  /** The song's lyrics sections (null: the song has no lyrics). */
  sections: readonly LyricsSection[] | null;
  plan: PhrasePlan;
  /** The admins' protected lyrics (their text). */
  protectedTexts: readonly string[];
  /** The newest generation that did not fail: what it sang and with which voice. */
  previous?: { sections: readonly LyricsSection[]; voiceId: string | null } | null;
  voiceId: string;
}

const fail = (code: GenerativeVocalsRuleCode, extra: Partial<GenerativeVocalsRuleError> = {}): GenerativeVocalsRuleError => ({ code, message: RULE_MESSAGES[code], ...extra });

/** The sung text, one line per line. */
export function sungText(sections: readonly LyricsSection[]): string {
  return sections.flatMap((section) => section.lines.map((line) => line.value)).join("\n");
}

/** The phrase a line is sung on: the one its timing overlaps most; none for a line outside every phrase. */
function phraseUnder(timing: { start: number; end: number }, phrases: readonly Phrase[]): Phrase | null {
  let best: Phrase | null = null;
  let bestOverlap = 0;
  for (const phrase of phrases) {
    const overlap = Math.min(timing.end, phrase.end) - Math.max(timing.start, phrase.start);
    if (overlap > bestOverlap) {
      best = phrase;
      bestOverlap = overlap;
    }
  }
  return best;
}

/** null when the lyrics may be sung; otherwise the first rule they break, in the order below. */
export function checkGenerativeVocalLyrics({ sections, plan, protectedTexts, previous, voiceId }: GenerativeVocalsRuleInput): GenerativeVocalsRuleError | null {
  if (sections === null) return fail("lyrics_are_empty");
  if (!sections.some((section) => section.lines.length > 0)) return fail("at_least_one_section_error");
  const text = sungText(sections);
  const wordList = normalisedWords(text);
  if (wordList.length === 0) return fail("lyrics_are_empty");

  if (!isEnglish(text)) {
    // franc needs some text; below that (and when the dictionary does not recognise the words) we cannot tell.
    return fail(wordList.length < MIN_LANGUAGE_WORDS || detectLanguage(text) === "und" ? "insufficient_language_content" : "language_check_error");
  }
  if (wordList.length < MIN_LANGUAGE_WORDS) return fail("insufficient_language_content");

  if (copyrightOverlap(text, protectedTexts, PROTECTED_RUN_WORDS).violation) return fail("copyright_check_error");

  // Another voice may sing the same lyrics (the review page offers "try another voice"); the same voice may not.
  if (previous && previous.voiceId === voiceId && normalisedWords(sungText(previous.sections)).join(" ") === wordList.join(" ")) {
    return fail("lyrics_have_not_changed");
  }

  const over = lineOverLimit(sections, plan);
  if (over) {
    return fail("invalid_syllable_count", {
      message: `Line ${over.line + 1} of section ${over.section + 1} ("${over.text}") has ${over.syllables} syllables; its phrase fits at most ${over.limit}.`,
      line: over,
    });
  }
  return null;
}

/** The first line whose syllables exceed the limit of the phrase its timing overlaps most. */
function lineOverLimit(sections: readonly LyricsSection[], plan: PhrasePlan): LineMisfit | null {
  const phrases = plan.sections.flatMap((section) => section.phrases);
  for (const [sectionIndex, section] of sections.entries()) {
    for (const [lineIndex, line] of section.lines.entries()) {
      const syllables = lineSyllables(line.value);
      const phrase = phraseUnder(line.timing, phrases);
      if (syllables === 0 || !phrase || syllables <= phrase.syllableLimit) continue;
      return { section: sectionIndex, line: lineIndex, text: line.value, syllables, limit: phrase.syllableLimit };
    }
  }
  return null;
}

// ---- At sing time (the vocal.generate job) ----
// The POST checked the lyrics when it accepted them; the job sings a snapshot later, over the composition the
// song plays then, so it checks again what can have changed in between. Both failures are final (a retry
// would sing the same words over the same notes), so the job ends with the code at once.

/** copyright_violation_error: an admin protected a text after the request was accepted. */
export function protectedAtSingTime(sections: readonly LyricsSection[], protectedTexts: readonly string[]): GenerativeVocalsRuleError | null {
  return copyrightOverlap(sungText(sections), protectedTexts, PROTECTED_RUN_WORDS).violation ? fail("copyright_violation_error") : null;
}

/**
 * syllable_count_error: a line the melody cannot sing syllable by syllable. Either the song changed since the
 * request (a shorter or re-arranged composition: the line is now over its phrase's limit), or the melody
 * writer had fewer notes for the line than it has syllables: `writeVocalMelody` gives a line one note per
 * 16th of its timing, sings the extra syllables on the last note, and skips a line timed outside the song.
 * `sungSyllables[i]` is how many syllables line i (counted through the song) has, `notes` the melody written.
 */
export function unsingableLine(
  sections: readonly LyricsSection[],
  plan: PhrasePlan,
  sungSyllables: readonly number[],
  notes: readonly { line: number }[],
): GenerativeVocalsRuleError | null {
  const over = lineOverLimit(sections, plan);
  if (over) return syllableCountError(over, `its phrase now fits at most ${over.limit}`);
  const notesPerLine = new Map<number, number>();
  for (const note of notes) notesPerLine.set(note.line, (notesPerLine.get(note.line) ?? 0) + 1);
  let lineNumber = 0;
  for (const [sectionIndex, section] of sections.entries()) {
    for (const [lineIndex, line] of section.lines.entries()) {
      const syllables = sungSyllables[lineNumber] ?? 0;
      const placed = notesPerLine.get(lineNumber++) ?? 0;
      if (syllables > placed) {
        const misfit = { section: sectionIndex, line: lineIndex, text: line.value, syllables, limit: placed };
        return syllableCountError(misfit, placed === 0 ? "its timing leaves no room in the song for a single note" : `the melody has only ${placed} notes for it`);
      }
    }
  }
  return null;
}

function syllableCountError(line: LineMisfit, why: string): GenerativeVocalsRuleError {
  return fail("syllable_count_error", { message: `Line ${line.line + 1} of section ${line.section + 1} ("${line.text}") has ${line.syllables} syllables; ${why}. Shorten the line or split it.`, line });
}
