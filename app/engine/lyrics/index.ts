// Lyrics: from a prompt to timed, rhymed lines fitted to a composition's vocal phrases, and the rules a
// sung vocal checks them against. Pure functions; dictionaries load on first use (see README.md).
export type { Lyrics, LyricsSection, LyricLine, LyricsSectionType, Phrase, PhrasePlan, PlannedSection } from "./types";
export { LYRICS_SECTION_TYPES } from "./types";
export { wordSyllables, lineSyllables, words, lyricsWithSyllableCount, type LyricsWithSyllableCount, type LyricLineWithCount } from "./syllables";
export { rhymeKey, rhymes, rhymingWords, rhymeGroups, lastWord } from "./rhyme";
export { phrasePlan, MIN_SYLLABLE_TARGET, MAX_SYLLABLE_TARGET } from "./phrasePlan";
export { buildTheme, promptKeywords, type Theme, type ThemeWord } from "./theme";
export { generateLyrics, type GenerateLyricsInput } from "./generate";
export { detectLanguage, isEnglish, normaliseLanguage, languageName, LYRICS_LANGUAGES, LYRICS_LANGUAGE_OPTIONS, NO_LYRICS_LANGUAGE, type LyricsLanguage } from "./language";
export { copyrightOverlap, normalisedWords, DEFAULT_NGRAM_WORDS, type CopyrightOverlap, type CopyrightMatch } from "./copyright";
export { validateLyricsForVocals, tooLong, lyricsText, MAX_LYRICS_CHARACTERS, type LyricsErrorCode, type LyricsValidationError, type ValidateLyricsInput } from "./validate";
export { promptIdeas, PROMPT_IDEAS } from "./prompts";
