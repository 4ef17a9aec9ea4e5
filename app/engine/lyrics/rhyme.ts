// Perfect rhymes from CMU phones: two words rhyme when everything from their last stressed vowel to the end
// sounds the same ("night" N AY1 T / "light" L AY1 T -> "AY T").
import { pronunciation } from "./pronunciations";
import { words } from "./syllables";

/** The rhyme key of a word's phones: last primary/secondary-stressed vowel to the end, stress marks dropped. */
export function rhymeKeyOfPhones(phones: string): string {
  const list = phones.split(" ");
  let from = -1;
  for (let i = list.length - 1; i >= 0 && from < 0; i--) if (/[12]$/.test(list[i])) from = i;
  // Unstressed-only words ("the", "a"): the last vowel.
  for (let i = list.length - 1; i >= 0 && from < 0; i--) if (/\d$/.test(list[i])) from = i;
  return list.slice(Math.max(0, from)).join(" ").replace(/\d/g, "");
}

/** Rhyme key of a word, or undefined when the dictionary does not know it. */
export function rhymeKey(word: string): string | undefined {
  const lower = word.toLowerCase();
  // The generator asks for the same few hundred words again and again.
  if (keys.has(lower)) return keys.get(lower);
  const phones = pronunciation(lower);
  const key = phones ? rhymeKeyOfPhones(phones) : undefined;
  if (keys.size > 50_000) keys.clear();
  keys.set(lower, key);
  return key;
}
const keys = new Map<string, string | undefined>();

/** The last sung word of a line ("Into the night!" -> "night"). */
export function lastWord(line: string): string | undefined {
  const list = words(line);
  return list[list.length - 1];
}

/** Two different words with the same rhyme key. A word does not rhyme with itself. */
export function rhymes(a: string, b: string): boolean {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x === y) return false;
  const keyA = rhymeKey(x);
  return keyA !== undefined && keyA === rhymeKey(y);
}

/** Words of the vocabulary that rhyme with `word`, in vocabulary order. */
export function rhymingWords(word: string, vocabulary: Iterable<string>): string[] {
  const result: string[] = [];
  for (const candidate of vocabulary) if (rhymes(word, candidate) && !result.includes(candidate)) result.push(candidate);
  return result;
}

/** The vocabulary grouped by rhyme key; only groups with at least `minSize` distinct words. */
export function rhymeGroups(vocabulary: Iterable<string>, minSize = 2): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const word of vocabulary) {
    const key = rhymeKey(word);
    if (key === undefined) continue;
    const group = groups.get(key) ?? [];
    if (!group.includes(word)) group.push(word);
    groups.set(key, group);
  }
  for (const [key, group] of groups) if (group.length < minSize) groups.delete(key);
  return groups;
}
