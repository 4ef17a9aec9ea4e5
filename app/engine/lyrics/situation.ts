// What a prompt is about, as a song needs it: who sings, where it happens, what happened (the hook, in the
// prompt's own words), how it feels (a mood) and what it turns into by the end. Nouns come from the
// collocation list, weighted by how close they are to the prompt: its own words, then WordNet neighbours
// (theme.ts), then the rest of their themes in the list.
import { collocations, type CollocationNoun } from "./collocations";
import { wordSyllables, words as wordsOf } from "./syllables";
import { buildTheme, isStopWord, type Theme } from "./theme";
import { baseForm, lookup, synsetAt } from "./wordnet";

export type Mood = "ache" | "love" | "joy" | "hope" | "calm" | "wonder";

/** Predicative feelings ("I'm ___") and verbs that stand alone ("I just want to ___"), per mood. */
export const MOODS: Record<Mood, { feel: string[]; verbs: string[]; cues: string[] }> = {
  ache: {
    feel: ["alone", "lost", "cold", "numb", "tired", "afraid", "broken", "empty", "awake", "gone", "sorry", "wrong"],
    verbs: ["cry", "stay", "go", "breathe", "sleep", "wait", "try", "hide", "forget", "pretend", "let go"],
    cues: "miss leave left lost lose alone cry tear goodbye breakup broke break never unsent gone end over sad lonely ghost forget apart divorce grief funeral empty regret sorry cold without".split(" "),
  },
  love: {
    feel: ["alive", "awake", "sure", "home", "yours", "close", "warm", "high", "new", "safe", "right"],
    verbs: ["stay", "fall", "dance", "breathe", "stay", "hold on", "kiss", "run"],
    cues: "love kiss wedding crush friend heart marry darling date together lover honey sweetheart romance valentine".split(" "),
  },
  joy: {
    feel: ["alive", "free", "high", "young", "wild", "awake", "bright", "loud", "gold", "fine"],
    verbs: ["dance", "sing", "shine", "fly", "run", "move", "go", "shout", "jump", "play"],
    cues: "dance dancing party summer festival celebrate fun crowd weekend beach holiday trip sun neon club friends".split(" "),
  },
  hope: {
    feel: ["strong", "free", "brave", "ready", "alive", "new", "whole", "proud", "sure", "home"],
    verbs: ["rise", "fly", "run", "try", "climb", "fight", "win", "grow", "begin", "stand"],
    cues: "rise rising win winning try trying dream chase courage climb fight first new spring again begin start change hope fall falling failing".split(" "),
  },
  calm: {
    feel: ["still", "calm", "fine", "free", "home", "safe", "warm", "light", "clear"],
    verbs: ["breathe", "rest", "drift", "stay", "float", "sleep", "wait", "stay", "listen"],
    cues: "calm quiet ocean snow morning sleep slow rest sea peace gentle soft still river lake rain garden sunday".split(" "),
  },
  wonder: {
    feel: ["small", "new", "strange", "alive", "awake", "real", "free", "lost", "far"],
    verbs: ["learn", "feel", "cry", "grow", "breathe", "dream", "fly", "wonder", "float"],
    cues: "robot space astronaut star stars learn learning universe magic machine planet moon galaxy alien ghost discover".split(" "),
  },
};

/** How the song has changed by the last chorus: the feeling it arrives at. */
export const CHANGED_FEEL: Record<Mood, string[]> = {
  ache: ["okay", "free", "fine", "strong", "whole", "new", "ready"],
  love: ["sure", "home", "yours", "brave", "ready", "free"],
  joy: ["alive", "free", "young", "home"],
  hope: ["strong", "free", "proud", "ready", "home", "whole"],
  calm: ["home", "free", "still", "whole", "fine"],
  wonder: ["alive", "real", "free", "whole", "new"],
};
export const CHANGED_VERBS: Record<Mood, string[]> = {
  ache: ["let go", "move on", "heal", "breathe", "grow", "start again"],
  love: ["stay", "hold on", "fall", "jump"],
  joy: ["fly", "shine", "sing", "go"],
  hope: ["rise", "fly", "win", "stand", "shine"],
  calm: ["rest", "breathe", "drift", "stay"],
  wonder: ["feel", "cry", "grow", "fly", "live"],
};

export interface SceneNoun extends CollocationNoun {
  weight: number;
  /** The prompt's word or a WordNet neighbour of it. */
  topical: boolean;
}

export interface Situation {
  prompt: string;
  theme: Theme;
  /** Every listed noun, weighted by its closeness to the prompt (keywords ≫ neighbours ≫ their themes ≫ the rest). */
  nouns: SceneNoun[];
  /** Places among the nouns, best first. */
  places: SceneNoun[];
  mood: Mood;
  /** "a robot" when the prompt has a character and nobody says "I"; sung in the first person as them. */
  who?: string;
  /** Verbs the prompt uses (dictionary form), preferred wherever they fit. */
  promptVerbs: Set<string>;
  /** The prompt's words and their WordNet neighbours: what a verse must mention to be about the prompt. */
  near: Set<string>;
}

/** Words after "in"/"at" that are times or states, not places ("in love", "at night", "in time"). */
const STOP_PLACES = new Set(["love", "night", "time", "dawn", "dusk", "sunset", "sunrise", "christmas", "summer", "winter", "spring", "autumn", "morning", "evening", "first", "last", "once", "all", "heaven", "fire", "pain", "peace", "silence", "mind", "head", "way", "end"]);
const baseNoun = (word: string) => baseForm(word, "noun")?.lemma ?? word;

const FIRST_PERSON = new Set(["i", "me", "my", "mine", "myself", "i'm", "we", "our", "us"]);
const CHARACTER_ROOTS = new Set(["person", "animal", "automaton", "being"]);

/** A noun's first sense is a person, animal or robot (WordNet hypernyms, a few levels up). */
function isCharacter(noun: string): boolean {
  const entry = lookup(noun, "noun");
  if (!entry) return false;
  let frontier = [synsetAt(entry.synsets[0], "noun")];
  for (let depth = 0; depth < 8 && frontier.length; depth++) {
    if (frontier.some((synset) => synset.words.some((word) => CHARACTER_ROOTS.has(word)))) return true;
    frontier = frontier.flatMap((synset) => synset.pointers.filter((pointer) => pointer.symbol === "@" || pointer.symbol === "@i").map((pointer) => synsetAt(pointer.offset, "noun")));
  }
  return false;
}

const article = (word: string) => (/^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`);

export function readSituation(prompt: string, theme: Theme = buildTheme(prompt)): Situation {
  const { nouns: listed, themes } = collocations();
  const promptWords = wordsOf(prompt);
  const keywords = new Set(theme.keywords.map((word) => word.word));
  const neighbours = new Set(theme.words.map((word) => word.word));
  // A prompt word also counts in its inflected form ("stars", "lights").
  const inPrompt = (noun: string) => keywords.has(noun) || promptWords.includes(noun);

  const themeScore = new Map<string, number>();
  for (const entry of listed.values()) {
    const score = inPrompt(entry.noun) ? 3 : neighbours.has(entry.noun) ? 1 : 0;
    if (score) themeScore.set(entry.theme, (themeScore.get(entry.theme) ?? 0) + score);
  }
  const moodScore = new Map<Mood, number>();
  for (const word of promptWords) {
    for (const [mood, { cues }] of Object.entries(MOODS) as [Mood, (typeof MOODS)[Mood]][]) if (cues.includes(word)) moodScore.set(mood, (moodScore.get(mood) ?? 0) + 1);
  }
  for (const keyword of keywords) {
    for (const [mood, { cues }] of Object.entries(MOODS) as [Mood, (typeof MOODS)[Mood]][]) if (cues.includes(keyword) && !promptWords.includes(keyword)) moodScore.set(mood, (moodScore.get(mood) ?? 0) + 1);
  }
  // Ties go to the earlier mood: a song about leaving that also mentions summer is about leaving.
  const mood = (Object.keys(MOODS) as Mood[]).reduce((best, candidate) => ((moodScore.get(candidate) ?? 0) > (moodScore.get(best) ?? 0) ? candidate : best), "calm" as Mood);

  // Without a listed word, the prompt's mood picks themes to draw images from.
  if (themeScore.size === 0) for (const theme of DEFAULT_THEMES[mood]) themeScore.set(theme, 1);
  const best = Math.max(1, ...themeScore.values());
  // Themes the prompt names outright dominate; a theme reached through one WordNet neighbour stays faint.
  const nouns: SceneNoun[] = [...listed.values()].map((entry) => {
    const topical = inPrompt(entry.noun) || neighbours.has(entry.noun);
    const weight = inPrompt(entry.noun) ? 12 : neighbours.has(entry.noun) ? 5 : themeScore.has(entry.theme) ? 2.5 * (themeScore.get(entry.theme)! / best) ** 2 + 0.1 : 0.02;
    return { ...entry, weight, topical };
  });
  // Prompt nouns the list does not have are still the song's subject: sung bare ("the robot"), never paired.
  const bare = [...theme.keywords, ...theme.words.filter((word) => word.source === "synonym")];
  for (const keyword of bare) {
    if (nouns.some((noun) => noun.noun === keyword.word)) continue;
    // Not words that are mainly adjectives ("best"): "the best" is no image.
    const adjective = lookup(keyword.word, "adj");
    if (keyword.pos === "noun" && !listed.has(keyword.word) && wordSyllables(keyword.word) <= 3 && !(adjective && adjective.taggedSenses > 0)) {
      nouns.push({ noun: keyword.word, theme: "prompt", plural: false, personal: false, adjectives: [], verbs: [], actions: [], weight: keyword.source === "keyword" ? 12 : 4, topical: true });
    }
  }
  // Where the prompt says it happens ("in an empty castle", "at a wedding") is a place, listed or not.
  for (const [, prep, noun] of prompt.toLowerCase().matchAll(/\b(in|on|at|by|under|near)\s+(?:(?:a|an|the|my|our|your)\s+)?(?:[a-z]+\s+)?([a-z]+)\b/g)) {
    const known = nouns.find((entry) => entry.noun === noun || entry.noun === baseNoun(noun));
    if (known && !known.prep) known.prep = prep;
    else if (!known && lookup(noun, "noun") && wordSyllables(noun) <= 3 && !STOP_PLACES.has(noun)) {
      nouns.push({ noun, theme: "prompt", plural: false, personal: false, prep, adjectives: [], verbs: [], actions: [], weight: 12, topical: true });
    }
  }
  const places = nouns.filter((noun) => noun.prep && noun.weight >= 0.5).sort((a, b) => b.weight - a.weight);

  const firstPerson = promptWords.some((word) => FIRST_PERSON.has(word));
  const character = firstPerson ? undefined : theme.keywords.find((word) => word.pos === "noun" && isCharacter(word.word));
  const promptVerbs = new Set(theme.keywords.filter((word) => word.pos === "verb").map((word) => word.word));
  // Content words only: a verse does not stay on "the last train" by singing "the".
  const near = new Set([...promptWords, ...neighbours].filter((word) => word.length > 2 && !isStopWord(word)));
  return { near, prompt, theme, nouns, places: places.length ? places : nouns.filter((noun) => noun.prep).slice(0, 3), mood, who: character && article(character.word), promptVerbs };
}

const DEFAULT_THEMES: Record<Mood, string[]> = {
  ache: ["night and city", "rain and weather", "loss and breakup"],
  love: ["love", "night and city"],
  joy: ["party and dance", "fire and friends"],
  hope: ["road and travel", "struggle and victory"],
  calm: ["sea and shore", "nature and seasons"],
  wonder: ["sky and space", "night and city"],
};
