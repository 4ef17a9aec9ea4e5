// Copyright screening: a candidate text violates when any run of n words (default 6) also appears in a
// protected text, after both are normalised (case, accents, punctuation and apostrophes ignored). Six
// words are long enough that ordinary phrases ("I don't want to go") rarely trip it, short enough that a
// copied line does. The protected texts come from the admins' protected-lyrics table.

export const DEFAULT_NGRAM_WORDS = 6;

export interface CopyrightMatch {
  /** Index of the protected text that contains the run. */
  protectedIndex: number;
  /** The shared run of words, normalised. */
  words: string;
}

export interface CopyrightOverlap {
  violation: boolean;
  /** The shared runs, at most one per protected text and at most 10 in all. */
  matches: CopyrightMatch[];
}

/** Lower-case words without accents or punctuation ("Don't—STOP!" -> ["dont", "stop"]). */
export function normalisedWords(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/['\u2018\u2019\u02bc]/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

function ngrams(list: string[], n: number): Set<string> {
  const result = new Set<string>();
  for (let i = 0; i + n <= list.length; i++) result.add(list.slice(i, i + n).join(" "));
  return result;
}

/** Word n-gram overlap between a candidate text and protected texts. */
export function copyrightOverlap(text: string, protectedTexts: readonly string[], n = DEFAULT_NGRAM_WORDS): CopyrightOverlap {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`n must be a positive integer, got ${n}`);
  const candidate = ngrams(normalisedWords(text), n);
  const matches: CopyrightMatch[] = [];
  if (candidate.size > 0) {
    protectedTexts.forEach((protectedText, protectedIndex) => {
      if (matches.length >= 10) return;
      const list = normalisedWords(protectedText);
      for (let i = 0; i + n <= list.length; i++) {
        const run = list.slice(i, i + n).join(" ");
        if (candidate.has(run)) {
          matches.push({ protectedIndex, words: run });
          return;
        }
      }
    });
  }
  return { violation: matches.length > 0, matches };
}
