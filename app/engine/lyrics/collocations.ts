// The curated collocation list (collocationData.ts) parsed on first use: the nouns the generator may
// sing, the adjectives each noun takes, the verbs that take it as an object and what it does on its own.
// The generator only ever pairs words the list pairs, and `collocationPairs` finds the pairs in any text so
// that a bench can check that (adjective-noun and verb-object pairs outside the list are free combinations).
import { COLLOCATION_DATA } from "./collocationData";
import { words as wordsOf } from "./syllables";

export interface CollocationNoun {
  noun: string;
  theme: string;
  /** "the stars are", not "is". */
  plural: boolean;
  /** A thing someone has: "your hand", "my name". */
  personal: boolean;
  /** Places carry their preposition: "on the beach". */
  prep?: string;
  adjectives: string[];
  /** Verbs (phrasal ones with a space: "walk down") that take the noun as their object. */
  verbs: string[];
  /** What the noun does after "watch", "let", "hear": "let the rain fall". */
  actions: string[];
}

export interface Collocations {
  nouns: Map<string, CollocationNoun>;
  themes: Map<string, CollocationNoun[]>;
  adjectives: Set<string>;
  verbs: Set<string>;
  /** "adjective noun" and "verb noun" keys of every listed pair. */
  pairs: Set<string>;
}

let parsed: Collocations | null = null;

const LINE = /^([a-z_]+)([+~]*)(?:@([a-z]+))?([+~]*):(.*)$/;

/** The parsed list. Throws on a malformed line: the data ships with the code, so that is a build bug. */
export function collocations(): Collocations {
  if (parsed) return parsed;
  const nouns = new Map<string, CollocationNoun>();
  const themes = new Map<string, CollocationNoun[]>();
  const adjectives = new Set<string>();
  const verbs = new Set<string>();
  const pairs = new Set<string>();
  let theme = "";
  for (const raw of COLLOCATION_DATA.split("\n")) {
    const line = raw.trim();
    if (line.startsWith("## ")) { theme = line.slice(3).trim(); continue; }
    if (!line || line.startsWith("#")) continue;
    const match = LINE.exec(line);
    if (!match || !theme) throw new Error(`collocation list: cannot read "${line}"`);
    const [, noun, flagsBefore, prep, flagsAfter, rest] = match;
    const flags = flagsBefore + flagsAfter;
    const [adjectiveText = "", verbText = "", actionText = ""] = rest.split("|");
    const list = (text: string) => text.trim().split(/\s+/).filter(Boolean).map((word) => word.replace(/_/g, " "));
    const entry: CollocationNoun = {
      noun: noun.replace(/_/g, " "), theme, plural: flags.includes("+"), personal: flags.includes("~"), prep,
      adjectives: list(adjectiveText), verbs: list(verbText), actions: list(actionText),
    };
    if (nouns.has(entry.noun)) throw new Error(`collocation list: "${entry.noun}" twice`);
    nouns.set(entry.noun, entry);
    themes.set(theme, [...(themes.get(theme) ?? []), entry]);
    for (const adjective of entry.adjectives) { adjectives.add(adjective); pairs.add(`${adjective} ${entry.noun}`); }
    for (const verb of entry.verbs) { verbs.add(verb); pairs.add(`${verb} ${entry.noun}`); }
  }
  parsed = { nouns, themes, adjectives, verbs, pairs };
  return parsed;
}

const DETERMINERS = new Set(["the", "a", "an", "my", "your", "our", "his", "her", "their", "this", "that", "every"]);

const SUBJECTS = new Set(["i", "you", "we", "they", "he", "she", "it"]);

export interface FoundPair {
  kind: "adjective-noun" | "verb-object";
  pair: string;
  listed: boolean;
}

/**
 * The adjective-noun and verb-object pairs of a text, each marked listed or not. A word counts as an
 * adjective, verb or noun when the list (or `extra`) knows it as one: adjective + noun side by side;
 * verb (phrasal verbs whole), then an optional determiner and adjective, then a noun.
 */
export function collocationPairs(text: string, extra: { adjectives?: Iterable<string>; verbs?: Iterable<string>; nouns?: Iterable<string> } = {}): FoundPair[] {
  const { nouns, adjectives, verbs, pairs } = collocations();
  const isAdjective = new Set([...adjectives, ...(extra.adjectives ?? [])]);
  const isVerb = new Set([...verbs, ...(extra.verbs ?? [])]);
  const isNoun = new Set([...nouns.keys(), ...(extra.nouns ?? [])]);
  const tokens = wordsOf(text);
  const found: FoundPair[] = [];
  const add = (kind: FoundPair["kind"], pair: string) => found.push({ kind, pair, listed: pairs.has(pair) });
  for (let i = 0; i < tokens.length; i++) {
    const next = tokens[i + 1];
    // After a subject the word is an adverb and the next one a verb: "I still call", not "the still call".
    const afterSubject = SUBJECTS.has(tokens[i - 1] ?? "");
    if (next && isAdjective.has(tokens[i]) && isNoun.has(next) && !DETERMINERS.has(tokens[i]) && !afterSubject) add("adjective-noun", `${tokens[i]} ${next}`);
    // Phrasal verbs first ("walk down the street" is one verb and its object).
    const verb = [`${tokens[i]} ${next}`, tokens[i]].find((candidate) => isVerb.has(candidate));
    if (!verb) continue;
    let at = i + verb.split(" ").length;
    if (DETERMINERS.has(tokens[at])) at++;
    if (isAdjective.has(tokens[at]) && isNoun.has(tokens[at + 1])) at++;
    if (tokens[at] && isNoun.has(tokens[at])) add("verb-object", `${verb} ${tokens[at]}`);
  }
  return found;
}
