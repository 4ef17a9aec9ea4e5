// Syllable counts, from the CMU pronouncing dictionary (one syllable per vowel phone), with a spelling rule
// for words it does not know and numbers spelled out as they are sung.
import { numberWords } from "./numbers";
import { pronunciation } from "./pronunciations";
import type { LyricLine, Lyrics, LyricsSection } from "./types";

/** Lower-case words of a text as they are sung: punctuation dropped, hyphens split, numbers spelled out. */
export function words(text: string): string[] {
  const result: string[] = [];
  for (const raw of text.toLowerCase().replace(/[\u2018\u2019\u02bc]/g, "'").split(/[\s\-\u2013\u2014/]+/)) {
    const token = raw.replace(/^[^a-z0-9']+|[^a-z0-9']+$/g, "").replace(/^'+|'+$/g, "");
    if (!token) continue;
    const spoken = numberWords(token.replace(/'/g, ""));
    if (spoken) result.push(...spoken);
    else if (/[a-z0-9]/.test(token)) result.push(token);
  }
  return result;
}

/** Vowel phones carry a stress digit in ARPAbet. */
export function vowelCount(phones: string): number {
  return (phones.match(/\d/g) ?? []).length;
}

/**
 * Spelling fallback for words the dictionary lacks: vowel groups, minus a silent final "e", plus the
 * syllabic "-le" ("bottle") and vowel pairs that are usually split ("ia", "eo", "io", "ua").
 */
export function spellingSyllables(word: string): number {
  const letters = word.replace(/[^a-z]/g, "");
  if (!letters) return word.replace(/[^0-9]/g, "").length; // digits inside words: one each, rare
  if (letters.length <= 3) return 1;
  let count = (letters.match(/[aeiouy]+/g) ?? []).length;
  count += (letters.match(/[aeiou]?(ia|eo|io|ua|uo|iu)/g) ?? []).length;
  if (/[^aeiouy]e$/.test(letters) && !/[^aeiouy]le$/.test(letters)) count -= 1;
  if (/[^aeiouy]ed$/.test(letters) && !/[td]ed$/.test(letters)) count -= 1;
  if (/[^aeiouy]es$/.test(letters) && !/(s|x|z|ch|sh|ce|ge)es$/.test(letters)) count -= 1;
  return Math.max(1, count);
}

/** Syllables of one word (already lower case, no spaces). */
export function wordSyllables(word: string): number {
  const phones = pronunciation(word);
  if (phones) return vowelCount(phones);
  // Possessives and dropped g's the dictionary lacks ("river's", "dreamin'" arrives here as "dreamin").
  const bare = word.replace(/'s$/, "").replace(/'/g, "");
  const barePhones = pronunciation(bare) ?? (bare.endsWith("in") ? pronunciation(`${bare}g`) : undefined);
  if (barePhones) return vowelCount(barePhones);
  return spellingSyllables(bare);
}

export function lineSyllables(line: string): number {
  return words(line).reduce((sum, word) => sum + wordSyllables(word), 0);
}

export type LyricLineWithCount = LyricLine & { syllableCount: number };
export type LyricsSectionWithCount = Omit<LyricsSection, "lines"> & { lines: LyricLineWithCount[] };
export type LyricsWithSyllableCount = Omit<Lyrics, "sections"> & { sections: LyricsSectionWithCount[] };

/** The lyrics with each line's syllable count (spec 1 §3 lyrics_with_syllable_count). */
export function lyricsWithSyllableCount(lyrics: Lyrics): LyricsWithSyllableCount {
  return {
    ...lyrics,
    sections: lyrics.sections.map((section) => ({
      ...section,
      lines: section.lines.map((line) => ({ ...line, syllableCount: lineSyllables(line.value) })),
    })),
  };
}
