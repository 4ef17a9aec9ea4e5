// Templates parsed into tokens, and fitting one to a syllable target: every slot offers phrases built from
// the collocation list (an adjective only with a noun it goes with, a verb only with an object it takes),
// grouped by syllable count; a plan shares the target among the slots, then phrases of those lengths are
// drawn, heavier (closer to the prompt) ones more often. The rhyme slot's phrase must end on the rhyme key.
import type { Rng } from "../theory/random";
import { pronunciation } from "./pronunciations";
import { collocations } from "./collocations";
import { rhymeKey } from "./rhyme";
import { lineSyllables } from "./syllables";
import type { SceneNoun } from "./situation";

/** By sound, not spelling: "an hour", "a union". */
function startsWithVowelSound(word: string): boolean {
  const phones = pronunciation(word);
  return phones ? /^[AEIOU]/.test(phones) : /^[aeiou]/.test(word);
}

export type SlotKind = "np" | "vo" | "nv" | "place" | "f" | "v" | "who";

export type Token =
  | { kind: "literal"; text: string; syllables: number }
  | { kind: "slot"; slot: SlotKind; end: boolean; verb?: string };

export interface Template {
  text: string;
  tokens: Token[];
  /** Kind of the rhyme slot at the end. */
  endSlot: SlotKind;
  /** Who does the verbs: decides "your hand" (I hold it) or "my hand" (you hold it). */
  subject: "I" | "you" | "we";
}

/** A filled slot. */
export interface Phrase {
  text: string;
  syllables: number;
  weight: number;
  /** The sung last word (rhyme), and the nouns it uses (not repeated within a section). */
  last: string;
  nouns: string[];
}

/** What a line may draw on: nouns with their weights, feelings and lone verbs with theirs. */
export interface LineSources {
  nouns: SceneNoun[];
  places: SceneNoun[];
  feel: { word: string; weight: number }[];
  verbs: { word: string; weight: number }[];
  who?: string;
  /** Verbs the prompt used: their pairs weigh more. */
  promptVerbs: ReadonlySet<string>;
  /** Words a line is rewritten to sing (a verse that drifted from the prompt): phrases with one weigh far more. */
  focus?: ReadonlySet<string>;
}

/** How much more a phrase with a `focus` word weighs: even one far from the song's themes outweighs the rest. */
const FOCUS_WEIGHT = 50;

const SLOT = /^\{(np|vo|nv|place|f|v|who|NP|VO|NV|PLACE|F|V|WHO)\}(,?)$/;

export function parseTemplate(text: string): Template {
  const tokens: Token[] = [];
  for (const part of text.split(" ")) {
    const slot = SLOT.exec(part);
    if (!slot) {
      tokens.push({ kind: "literal", text: part, syllables: lineSyllables(part) });
      continue;
    }
    // A template's own verb right before a noun ("I can hear {NP}") makes a verb-object pair: only nouns
    // the list pairs with that verb may follow it.
    const before = tokens[tokens.length - 1];
    const kind = slot[1].toLowerCase() as SlotKind;
    const verb = before?.kind === "literal" && (kind === "np" || kind === "nv") && collocations().verbs.has(before.text.toLowerCase()) ? before.text.toLowerCase() : undefined;
    tokens.push({ kind: "slot", slot: kind, end: slot[1] === slot[1].toUpperCase(), verb });
    if (slot[2]) tokens.push({ kind: "literal", text: ",", syllables: 0 });
  }
  const last = tokens[tokens.length - 1];
  if (last.kind !== "slot" || !last.end) throw new Error(`Lyric template must end with its rhyme slot: ${text}`);
  const first = text.split(" ")[0].toLowerCase();
  const subject = first === "you" || first.startsWith("you'") ? "you" : first === "we" || first.startsWith("we'") ? "we" : "I";
  return { text, tokens, endSlot: last.slot, subject };
}

const determiner = (noun: SceneNoun, subject: Template["subject"]) => (noun.personal ? (subject === "you" ? "my" : subject === "we" ? "our" : "your") : "the");

/** Noun phrases of one noun: "the rain", "the cold rain". */
function nounPhrases(noun: SceneNoun, subject: Template["subject"]): { text: string; weight: number }[] {
  const det = determiner(noun, subject);
  return [{ text: `${det} ${noun.noun}`, weight: 1 }, ...noun.adjectives.map((adjective) => ({ text: `${det} ${adjective} ${noun.noun}`, weight: 1 / Math.sqrt(noun.adjectives.length) }))];
}

/** Weighted sample without replacement (Efraimidis–Spirakis keys). */
function sample<T>(rng: Rng, items: T[], weight: (item: T) => number, count: number): T[] {
  return items.map((item) => ({ item, key: Math.pow(rng.next(), 1 / Math.max(1e-6, weight(item))) })).sort((a, b) => b.key - a.key).slice(0, count).map((entry) => entry.item);
}

const NOUNS_PER_SLOT = 14;

/** Syllables of a slot phrase: the same phrases come up in every line of a song, and counting was most of its cost. */
function phraseSyllables(text: string): number {
  let count = syllableCounts.get(text);
  if (count === undefined) {
    count = lineSyllables(text);
    if (syllableCounts.size > 50_000) syllableCounts.clear();
    syllableCounts.set(text, count);
  }
  return count;
}
const syllableCounts = new Map<string, number>();

/** Phrases a slot can take; for the rhyme slot only those ending on `key`. */
function phrasesFor(slot: SlotKind, sources: LineSources, subject: Template["subject"], rng: Rng, avoid: ReadonlySet<string>, key?: string, verb?: string): Phrase[] {
  const rhymesOk = (word: string) => key === undefined || rhymeKey(word) === key;
  const phrase = (text: string, weight: number, nouns: string[]): Phrase => ({ text, syllables: phraseSyllables(text), weight, last: text.slice(text.lastIndexOf(" ") + 1), nouns });
  // Inside a line only nouns of the song's themes; a rhyme may reach further, at a low weight.
  const floor = key === undefined ? 0.3 : 0;
  // A noun that can bring a focus word (itself, an adjective, a verb or what it does) is drawn first, and
  // inside a line even from outside the song's themes: "the rising sun" is on a prompt about rising.
  const focus = sources.focus;
  const brings = (noun: SceneNoun) => Boolean(focus) && [noun.noun, ...noun.adjectives, ...noun.verbs, ...noun.actions].some((word) => word.split(" ").some((part) => focus!.has(part)));
  const pickNouns = (pool: SceneNoun[], usable: (noun: SceneNoun) => boolean) =>
    sample(rng, pool.filter((noun) => (noun.weight >= floor || brings(noun)) && usable(noun) && !avoid.has(noun.noun) && (!verb || noun.verbs.includes(verb))), (noun) => (brings(noun) ? FOCUS_WEIGHT * (1 + noun.weight) : noun.weight), NOUNS_PER_SLOT);
  const out: Phrase[] = [];
  switch (slot) {
    case "np":
      for (const noun of pickNouns(sources.nouns, (n) => rhymesOk(n.noun))) for (const np of nounPhrases(noun, subject)) out.push(phrase(np.text, noun.weight * np.weight, [noun.noun]));
      break;
    case "place":
      for (const noun of pickNouns(sources.places, (n) => Boolean(n.prep) && rhymesOk(n.noun))) {
        for (const np of nounPhrases(noun, subject)) out.push(phrase(`${noun.prep} ${np.text}`, noun.weight * np.weight, [noun.noun]));
      }
      break;
    case "vo":
      for (const noun of pickNouns(sources.nouns, (n) => n.verbs.length > 0 && rhymesOk(n.noun))) {
        for (const verb of noun.verbs) {
          const boost = sources.promptVerbs.has(verb) ? 4 : 1;
          for (const np of nounPhrases(noun, subject)) out.push(phrase(`${verb} ${np.text}`, (noun.weight * np.weight * boost) / noun.verbs.length, [noun.noun]));
        }
      }
      break;
    case "nv":
      for (const noun of pickNouns(sources.nouns, (n) => n.actions.some(rhymesOk))) {
        for (const action of noun.actions.filter(rhymesOk)) for (const np of nounPhrases(noun, subject)) out.push(phrase(`${np.text} ${action}`, (noun.weight * np.weight) / noun.actions.length, [noun.noun]));
      }
      break;
    case "f":
      for (const { word, weight } of sources.feel) if (rhymesOk(word) && !avoid.has(word)) out.push(phrase(word, weight, []));
      break;
    case "v":
      for (const { word, weight } of sources.verbs) if (rhymesOk(word.slice(word.lastIndexOf(" ") + 1)) && !avoid.has(word)) out.push(phrase(word, weight, []));
      break;
    case "who":
      if (sources.who && rhymesOk(sources.who.slice(sources.who.lastIndexOf(" ") + 1))) out.push(phrase(sources.who, 1, []));
      break;
  }
  if (focus) for (const entry of out) if (entry.text.split(" ").some((word) => focus.has(word))) entry.weight = FOCUS_WEIGHT * (1 + entry.weight);
  return out;
}

/** A filled line, its cost (padding, reuse) and the nouns it sang. */
export interface FittedLine {
  text: string;
  cost: number;
  template: Template;
  last: string;
  nouns: string[];
}

/** Openers that add one or two syllables: used only when no choice of phrases reaches the target. */
const FILLS: { text: string; syllables: number; conjunction: boolean }[] = [
  { text: "oh", syllables: 1, conjunction: false }, { text: "and", syllables: 1, conjunction: true }, { text: "so", syllables: 1, conjunction: true },
  { text: "yeah", syllables: 1, conjunction: false }, { text: "oh, and", syllables: 2, conjunction: true }, { text: "and so", syllables: 2, conjunction: true },
  { text: "oh, oh", syllables: 2, conjunction: false }, { text: "oh, yeah", syllables: 2, conjunction: false },
];
/** Templates that already open on a conjunction or a cry take no "and" before it ("and and I..."). */
const OPENS_JOINED = /^(and|so|oh|but|now|yeah)\b/i;

/**
 * Fills a template so the line has `target` syllables and its last word rhymes on `key` (any when
 * undefined) and `endOk` accepts it. `avoid` holds nouns and words already sung in the section.
 */
export function fitTemplate(template: Template, target: number, key: string | undefined, sources: LineSources, avoid: ReadonlySet<string>, endOk: (word: string) => boolean, rng: Rng, penalty = 0): FittedLine | null {
  const slots = template.tokens.filter((token): token is Extract<Token, { kind: "slot" }> => token.kind === "slot");
  if (slots.some((slot) => slot.slot === "who") && !sources.who) return null;
  const fixed = template.tokens.reduce((sum, token) => sum + (token.kind === "literal" ? token.syllables : 0), 0);
  const choices = slots.map((slot) => {
    const phrases = phrasesFor(slot.slot, sources, template.subject, rng, avoid, slot.end ? key : undefined, slot.verb)
      .filter((phrase) => !slot.end || endOk(phrase.last));
    const byCount = new Map<number, Phrase[]>();
    for (const phrase of phrases) byCount.set(phrase.syllables, [...(byCount.get(phrase.syllables) ?? []), phrase]);
    return byCount;
  });
  if (choices.some((byCount) => byCount.size === 0)) return null;
  const heaviest = choices.map((byCount) => new Map([...byCount].map(([count, phrases]) => [count, Math.max(...phrases.map((phrase) => phrase.weight))])));

  // Every way to share the syllables among the slots, plus an optional opener; cheapest wins.
  type Plan = { counts: number[]; fill: number; cost: number };
  const found: { best?: Plan } = {};
  const walk = (index: number, counts: number[], sum: number) => {
    if (index === slots.length) {
      const fill = target - fixed - sum;
      if (fill < 0 || fill > 2) return;
      // Shares that let a heavy phrase (the prompt's own image) in are preferred over equally exact ones.
      const pull = counts.reduce((sum, count, i) => sum + Math.log1p(heaviest[i].get(count) ?? 0), 0);
      const cost = fill * 4 + rng.next() - 0.3 * pull;
      if (!found.best || cost < found.best.cost) found.best = { counts: [...counts], fill, cost };
      return;
    }
    for (const count of choices[index].keys()) if (fixed + sum + count <= target) walk(index + 1, [...counts, count], sum + count);
  };
  walk(0, [], 0);
  const plan = found.best;
  if (!plan) return null;

  const used = new Set<string>();
  const parts: string[] = [];
  const nouns: string[] = [];
  if (plan.fill > 0) parts.push(rng.pick(FILLS.filter((fill) => fill.syllables === plan.fill && !(fill.conjunction && OPENS_JOINED.test(template.text)))).text);
  let slotIndex = 0;
  let last = "";
  for (const token of template.tokens) {
    if (token.kind === "literal") {
      if (token.text === ",") parts[parts.length - 1] += ",";
      else parts.push(token.text);
      continue;
    }
    const options = choices[slotIndex].get(plan.counts[slotIndex])!.filter((phrase) => !phrase.nouns.some((noun) => used.has(noun)) && !used.has(phrase.text));
    slotIndex++;
    if (options.length === 0) return null;
    const chosen = rng.weighted(options, options.map((phrase) => phrase.weight));
    for (const noun of chosen.nouns) { used.add(noun); nouns.push(noun); }
    used.add(chosen.text);
    parts.push(chosen.text);
    last = chosen.last;
  }
  return { text: finishLine(parts.join(" ")), cost: plan.cost + penalty, template, last, nouns };
}

/** "a" before a vowel sound becomes "an"; an opener gets its comma; the first letter is a capital. */
export function finishLine(text: string): string {
  const line = text
    .replace(/\b([Aa]) ([a-z']+)/g, (match, article: string, next: string) => (startsWithVowelSound(next) ? `${article}n ${next}` : match))
    .replace(/^(oh|yeah)( |$)/, "$1,$2")
    .replace(/,,/g, ",")
    .replace(/\bi\b/g, "I")
    .replace(/\bi'/g, "I'");
  return line.charAt(0).toUpperCase() + line.slice(1);
}
