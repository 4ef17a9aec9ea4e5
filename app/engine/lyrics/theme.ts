// A prompt's theme vocabulary: its keywords, WordNet synonyms of their first senses, then the broader terms
// (hypernyms), narrower terms (hyponyms) and related words (similar adjectives, derived forms, parts) of
// their main sense; kept only when singable: one word, at most 3 syllables, known to the CMU dictionary,
// and seen in WordNet's tagged corpus.
import { pronunciation } from "./pronunciations";
import { wordSyllables, words as wordsOf } from "./syllables";
import { IRREGULAR_PLURALS, IRREGULAR_VERBS } from "./lexicon";
import { baseForm, lookup, synsetAt, type Pointer, type WordNetPos } from "./wordnet";

export type ThemePos = "noun" | "adj" | "verb";
export type ThemeSource = "keyword" | "synonym" | "hypernym" | "hyponym" | "related";

export interface ThemeWord {
  word: string;
  pos: ThemePos;
  syllables: number;
  source: ThemeSource;
  /** Verbs: takes an object ("chase the light") and/or stands alone ("we dance"), from WordNet's frames. */
  transitive?: boolean;
  intransitive?: boolean;
}

export interface Theme {
  /** The prompt's own content words in dictionary form, in prompt order. */
  keywords: ThemeWord[];
  /** Keywords first, then the words around them. */
  words: ThemeWord[];
}

// Function words and words about the request itself ("a song about..."), never themes.
const STOP_WORDS = new Set(`
a an the and or but if of to in on at by for with from into onto over under about above below up down out off
as is am are was were be been being do does did have has had will would shall should can could may might must
i me my mine we us our ours you your yours he him his she her hers it its they them their theirs this that these
those there here what which who whom whose when where why how all any some no not only just very too so than
then also more most less much many such own same other each every both few again once ever never always
song songs lyric lyrics music track tune write make makes made let lets want wants like feel feels feeling
something someone anything everything nothing thing things really get gets got go goes going gonna
through across around without within between toward towards behind beyond inside outside upon while until
till because since yet still even lot lots kind sort way ways
`.split(/\s+/).filter(Boolean));

// WordNet's abstract top categories make flat lyrics ("entity", "abstraction"); never offered.
const TOO_ABSTRACT = new Set(`
entity abstraction object whole thing matter attribute relation group act event state measure
artifact unit part portion amount quantity property quality location region organism being person
cognition content communication process phenomenon condition activity action instrumentality
`.split(/\s+/).filter(Boolean));

/** A function word or a word about the request ("the", "song"): never what a prompt is about. */
export const isStopWord = (word: string) => STOP_WORDS.has(word);

const MAX_KEYWORDS = 6;
const MAX_SYLLABLES = 3;
const MAX_LETTERS = 10;
/** Per keyword sense: how many pointer targets of each kind to follow. */
const HYPONYMS_PER_SENSE = 8;
const SENSES_PER_KEYWORD = 3;

const POS_ORDER: ThemePos[] = ["noun", "adj", "verb"];

function singable(word: string): boolean {
  return /^[a-z]+$/.test(word) && word.length <= MAX_LETTERS && !TOO_ABSTRACT.has(word) && !STOP_WORDS.has(word)
    && pronunciation(word) !== undefined && wordSyllables(word) <= MAX_SYLLABLES;
}

function withVerbFrames(entry: ThemeWord, frames: number[]): ThemeWord {
  if (entry.pos !== "verb") return entry;
  // Frames 8-11 have an object ("Somebody ----s something"); 1 and 2 stand alone ("Somebody ----s").
  return { ...entry, transitive: frames.some((frame) => frame >= 8 && frame <= 11), intransitive: frames.some((frame) => frame === 1 || frame === 2) };
}

/** The prompt's content words, in dictionary form, with the part of speech WordNet knows them best as. */
export function promptKeywords(prompt: string): ThemeWord[] {
  const found: ThemeWord[] = [];
  for (const written of wordsOf(prompt)) {
    if (found.length >= MAX_KEYWORDS) break;
    // A possessive names its word: "a soldier's wife" is about a soldier.
    const token = written.replace(/'s?$/, "");
    if (token.length < 3 || STOP_WORDS.has(token) || !/^[a-z]+$/.test(token)) continue;
    // An irregular form means that reading ("left" -> leave), not the homograph ("the left").
    const irregular = IRREGULAR_VERBS[token] ? lookup(IRREGULAR_VERBS[token], "verb") : IRREGULAR_PLURALS[token] ? lookup(IRREGULAR_PLURALS[token], "noun") : undefined;
    const candidates = irregular ? [irregular] : POS_ORDER.map((pos) => baseForm(token, pos)).filter((entry) => entry !== undefined);
    if (candidates.length === 0) continue;
    // Most-tagged sense wins; ties keep noun > adjective > verb (images sing better than actions).
    const best = candidates.reduce((a, b) => (b.taggedSenses > a.taggedSenses ? b : a));
    const word = best.lemma;
    if (!/^[a-z]+$/.test(word) || found.some((keyword) => keyword.word === word) || pronunciation(word) === undefined) continue;
    const frames = best.pos === "verb" ? synsetAt(best.synsets[0], "verb").frames : [];
    found.push(withVerbFrames({ word, pos: best.pos as ThemePos, syllables: wordSyllables(word), source: "keyword" }, frames));
  }
  return found;
}

const SOURCE_OF_POINTER: Record<string, ThemeSource | undefined> = {
  "@": "hypernym", "@i": "hypernym", "~": "hyponym", "~i": "hyponym",
  "&": "related", "+": "related", "^": "related", "=": "related", "%p": "related", "%m": "related", "%s": "related", "#p": "related", "#m": "related",
};

/** The theme vocabulary of a prompt. Deterministic; reads only the synsets it needs. */
export function buildTheme(prompt: string): Theme {
  const keywords = promptKeywords(prompt);
  const words = new Map<string, ThemeWord>();
  const add = (word: string, pos: WordNetPos, source: ThemeSource, frames: number[] = []) => {
    if (pos === "adv") return;
    const key = `${word}:${pos}`;
    if (words.has(key) || !singable(word)) return;
    // Rare words ("bathyal") make lyrics nobody understands: keep words seen in the tagged corpus.
    const entry = lookup(word, pos);
    if (!entry || entry.taggedSenses === 0) return;
    words.set(key, withVerbFrames({ word, pos, syllables: wordSyllables(word), source }, frames));
  };
  for (const keyword of keywords) words.set(`${keyword.word}:${keyword.pos}`, keyword);

  for (const keyword of keywords) {
    const entry = lookup(keyword.word, keyword.pos);
    if (!entry) continue;
    for (const [sense, offset] of entry.synsets.slice(0, SENSES_PER_KEYWORD).entries()) {
      const synset = synsetAt(offset, keyword.pos);
      for (const synonym of synset.words) add(synonym, keyword.pos, "synonym", synset.frames);
      // Relatives of rarer senses wander off the prompt ("left" -> "faction"): follow the main sense only.
      if (sense > 0) continue;
      let hyponyms = 0;
      for (const pointer of synset.pointers) {
        const source = SOURCE_OF_POINTER[pointer.symbol];
        if (!source || (source === "hyponym" && ++hyponyms > HYPONYMS_PER_SENSE)) continue;
        addSynsetWords(pointer, source, add);
      }
    }
  }
  return { keywords, words: [...words.values()] };
}

function addSynsetWords(pointer: Pointer, source: ThemeSource, add: (word: string, pos: WordNetPos, source: ThemeSource, frames?: number[]) => void) {
  const synset = synsetAt(pointer.offset, pointer.pos);
  for (const word of synset.words) add(word, pointer.pos, source, synset.frames);
}
