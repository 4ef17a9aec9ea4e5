// The hook: what happened, in the prompt's own plain words ("A breakup text I never sent"), cut to fit the
// chorus's first phrase. Candidates are the whole prompt, its clauses (cut at commas and before
// prepositions), and the prompt's noun phrases; the one nearest the target whose last word rhymes wins.
import { lineSyllables, words as wordsOf } from "./syllables";

/** Requests around the subject ("write a song about ..."), dropped. */
const REQUEST = /^(?:(?:please\s+)?(?:write|make|sing|compose|give me)\s+(?:me\s+|us\s+)?)?(?:(?:a|an|the)\s+)?(?:(?:sad|happy|slow|love|short|little|pop|rap)\s+)?(?:song|ballad|track|tune|anthem|lullaby|lyrics)\s+(?:about|of|for|on)\s+/i;
const CUT_BEFORE = new Set(["at", "in", "on", "under", "through", "by", "with", "from", "after", "before", "across", "around", "over", "into", "about", "during", "near", "while", "when", "because", "until", "till", "since", "where", "as", "who", "that", "which"]);
const LEADING = new Set(["and", "but", "so", "of", "to", "about"]);
const WEAK_ENDS = new Set(["a", "an", "the", "my", "your", "our", "his", "her", "their", "to", "of", "and", "but", "or", "is", "are", "was", "who", "that", "for", "with"]);

export interface HookCandidate {
  text: string;
  syllables: number;
  last: string;
  /** Lower is better: the whole situation beats a clause, which beats a bare noun phrase. */
  rank: number;
}

/** Cleaned prompt words with their original spelling ("I", apostrophes) kept. */
function promptTokens(prompt: string): string[] {
  return prompt.replace(REQUEST, "").replace(/[.!?;:"“”()]+/g, " ").split(/\s+/).filter(Boolean)
    .map((token) => token.replace(/^[^A-Za-z0-9']+|[^A-Za-z0-9',]+$/g, "")).filter(Boolean);
}

const tidy = (tokens: string[]) => {
  const list = tokens.map((token) => token.replace(/,$/, ""));
  while (list.length && LEADING.has(list[0].toLowerCase()) && list.length > 2) list.shift();
  while (list.length && WEAK_ENDS.has(list[list.length - 1].toLowerCase())) list.pop();
  return list.map((token) => (/^i('|$)/i.test(token) ? token.replace(/^i/, "I") : token.toLowerCase())).join(" ");
};

export function hookCandidates(prompt: string): HookCandidate[] {
  const tokens = promptTokens(prompt);
  const clauses: string[][] = [[]];
  for (const token of tokens) {
    const lower = token.toLowerCase().replace(/,$/, "");
    if (CUT_BEFORE.has(lower) && clauses[clauses.length - 1].length > 0) clauses.push([]);
    clauses[clauses.length - 1].push(token);
    if (token.endsWith(",")) clauses.push([]);
  }
  const texts: [string, number][] = [[tidy(tokens), 0]];
  const kept = clauses.filter((clause) => clause.length > 0);
  for (let i = 0; i < kept.length; i++) {
    texts.push([tidy(kept[i]), 1 + (i > 0 ? 0.5 : 0)]);
    if (i + 1 < kept.length) texts.push([tidy([...kept[i], ...kept[i + 1]]), 0.5]);
  }
  const out: HookCandidate[] = [];
  for (const [text, rank] of texts) {
    const list = wordsOf(text);
    if (list.length < 2 || out.some((candidate) => candidate.text === text)) continue;
    out.push({ text, syllables: lineSyllables(text), last: list[list.length - 1], rank });
  }
  return out;
}
