// Words to sung syllables. The CMU pronouncing dictionary gives each word's phonemes (ARPAbet, a stress
// digit on every vowel); each vowel is one syllable's nucleus, and the consonants between two vowels go
// to the next syllable as far as English allows them to start one (maximal onset), the rest close the
// previous syllable. Each syllable is also written in espeak-ng's phoneme mnemonics, so the singer
// pronounces exactly that syllable and not a guess from its spelling.
import { dictionary } from "cmu-pronouncing-dictionary";

export interface Syllable {
  /** The spelling of this part of the word (for display). */
  text: string;
  word: string;
  /** espeak-ng phoneme mnemonics for the syllable, e.g. "b'ju:"; empty when the word is not in the dictionary. */
  phonemes: string;
  /** Carries the word's primary or secondary stress (the dictionary's 1 or 2); unknown words count as stressed. */
  stressed: boolean;
}

/** Sung vowels are all full vowels: a held schwa sounds like a mistake, so reduced vowels become stressed ones. */
const VOWELS: Record<string, string> = {
  AA: "A:", AE: "a", AH: "V", AO: "O:", AW: "aU", AY: "aI", EH: "E", ER: "3:", EY: "eI",
  IH: "I", IY: "i:", OW: "oU", OY: "OI", UH: "U", UW: "u:",
};
const CONSONANTS: Record<string, string> = {
  B: "b", CH: "tS", D: "d", DH: "D", F: "f", G: "g", HH: "h", JH: "dZ", K: "k", L: "l", M: "m", N: "n",
  NG: "N", P: "p", R: "r", S: "s", SH: "S", T: "t", TH: "T", V: "v", W: "w", Y: "j", Z: "z", ZH: "Z",
};
/** Consonant clusters that can start an English syllable (besides any single consonant but NG). */
const ONSET_CLUSTERS = new Set([
  "P R", "P L", "B R", "B L", "T R", "D R", "K R", "K L", "G R", "G L", "F R", "F L", "TH R", "SH R",
  "S P", "S T", "S K", "S M", "S N", "S L", "S W", "T W", "K W", "D W", "P Y", "B Y", "K Y", "F Y", "M Y", "HH Y",
  "S P R", "S T R", "S K R", "S P L", "S K W",
]);

const isVowel = (phone: string) => /\d$/.test(phone);
const base = (phone: string) => phone.replace(/\d$/, "");

function legalOnset(cluster: string[]): boolean {
  if (cluster.length === 0) return true;
  if (cluster.length === 1) return cluster[0] !== "NG";
  return ONSET_CLUSTERS.has(cluster.join(" "));
}

/** Splits ARPAbet phones into syllables (arrays of phones), one per vowel. */
export function splitPhones(phones: string[]): string[][] {
  const nuclei = phones.flatMap((phone, index) => (isVowel(phone) ? [index] : []));
  if (nuclei.length <= 1) return [phones];
  const syllables: string[][] = [];
  let start = 0;
  for (let n = 0; n < nuclei.length - 1; n++) {
    const between = phones.slice(nuclei[n] + 1, nuclei[n + 1]);
    let onsetLength = between.length;
    while (onsetLength > 0 && !legalOnset(between.slice(between.length - onsetLength))) onsetLength--;
    const boundary = nuclei[n + 1] - onsetLength;
    syllables.push(phones.slice(start, boundary));
    start = boundary;
  }
  syllables.push(phones.slice(start));
  return syllables;
}

export function toEspeakPhonemes(phones: string[]): string {
  const mapped = phones.map((phone) => (isVowel(phone) ? VOWELS[base(phone)] : CONSONANTS[phone]) ?? "");
  // One stress mark before the syllable: every sung syllable is sustained, so every one is stressed.
  return `'${mapped.join("")}`;
}

/** Spelling split into `count` parts at vowel groups, for display; falls back to equal slices. */
export function splitSpelling(word: string, count: number): string[] {
  if (count <= 1) return [word];
  const groups: number[] = [];
  const vowel = /[aeiouy]/i;
  for (let index = 0; index < word.length; index++) {
    if (vowel.test(word[index]) && (index === 0 || !vowel.test(word[index - 1]))) groups.push(index);
  }
  // A silent final e is not a syllable.
  if (groups.length > count && /e$/i.test(word) && groups[groups.length - 1] === word.length - 1) groups.pop();
  if (groups.length === count) {
    const cuts = groups.slice(1).map((vowelAt, n) => {
      const previousVowelEnd = groups[n];
      const consonantsStart = [...word.slice(previousVowelEnd, vowelAt)].findIndex((char) => !vowel.test(char)) + previousVowelEnd;
      // One consonant before the vowel starts the next part; more are shared out.
      const consonants = vowelAt - consonantsStart;
      return consonants <= 1 ? consonantsStart : consonantsStart + Math.floor(consonants / 2);
    });
    return [0, ...cuts].map((from, n) => word.slice(from, n + 1 < count ? cuts[n] : word.length));
  }
  const size = word.length / count;
  return Array.from({ length: count }, (_, n) => word.slice(Math.round(n * size), Math.round((n + 1) * size)));
}

/** Syllables of one word; unknown words are split by spelling and sung from their letters. */
export function syllabifyWord(rawWord: string): Syllable[] {
  const word = rawWord.toLowerCase().replace(/[^a-z']/g, "").replace(/^'+|'+$/g, "");
  if (!word) return [];
  const entry = dictionary[word];
  if (!entry) {
    const count = Math.max(1, (word.match(/[aeiouy]+/g) ?? []).length - (/[^aeiou]e$/.test(word) && word.length > 3 ? 1 : 0));
    return splitSpelling(word, count).map((text) => ({ text, word, phonemes: "", stressed: true }));
  }
  const phones = entry.split(" ");
  const syllables = splitPhones(phones);
  const spellings = splitSpelling(word, syllables.length);
  return syllables.map((phonesOfSyllable, index) => ({
    text: spellings[index],
    word,
    phonemes: toEspeakPhonemes(phonesOfSyllable),
    stressed: phonesOfSyllable.some((phone) => /[12]$/.test(phone)),
  }));
}

/** Syllables of a lyric line, in order. */
export function syllabifyLine(line: string): Syllable[] {
  return line.split(/[\s\-–—]+/).flatMap(syllabifyWord);
}
