// Templates parsed into tokens, and fitting one template to an exact syllable count: pick how many
// syllables each slot gets so the line sums to the target, then pick words of those lengths.
import type { Rng } from "../theory/random";
import { lineSyllables } from "./syllables";
import { FILL_WORDS } from "./lexicon";
import { pronunciation } from "./pronunciations";

/** By sound, not spelling: "an hour", "a union". */
function startsWithVowelSound(word: string): boolean {
  const phones = pronunciation(word);
  return phones ? /^[AEIOU]/.test(phones) : /^[aeiou]/.test(word);
}

export type SlotPos = "n" | "a" | "vi" | "vt";

export type Token =
  | { kind: "literal"; text: string; syllables: number }
  | { kind: "slot"; pos: SlotPos; optional: boolean; end: boolean };

export interface Template {
  tokens: Token[];
  endPos: SlotPos;
}

export interface VocabEntry {
  word: string;
  syllables: number;
  /** Relative chance of being picked (theme words weigh more). */
  weight: number;
  /** Only as the rhyme word at the end ("we are alive"), never inside a line ("the alive night"). */
  endOnly?: boolean;
}

export type Vocabulary = Record<SlotPos, VocabEntry[]>;

/** A filled line and how much padding it needed (lower is better). */
export interface FittedLine {
  text: string;
  cost: number;
  template: Template;
}

export interface EndWord {
  word: string;
  pos: SlotPos;
  syllables: number;
}

const SLOT = /^\{(n|a|vi|vt|N|A|VI|VT)(\?)?\}(,?)$/;

export function parseTemplate(text: string): Template {
  const tokens: Token[] = [];
  for (const part of text.split(" ")) {
    const slot = SLOT.exec(part);
    if (!slot) {
      tokens.push({ kind: "literal", text: part, syllables: lineSyllables(part) });
      continue;
    }
    const end = slot[1] === slot[1].toUpperCase();
    tokens.push({ kind: "slot", pos: slot[1].toLowerCase() as SlotPos, optional: Boolean(slot[2]), end });
    if (slot[3]) tokens.push({ kind: "literal", text: ",", syllables: 0 });
  }
  const last = [...tokens].reverse().find((token) => token.kind === "slot");
  if (!last || last.kind !== "slot" || !last.end || tokens[tokens.length - 1] !== last) {
    throw new Error(`Lyric template must end with its rhyme slot: ${text}`);
  }
  return { tokens, endPos: last.pos };
}

/** Openers that add one or two syllables: used only when no choice of words reaches the target. */
const FILLS: { text: string; syllables: number }[] = [
  ...FILL_WORDS.map((word) => ({ text: word, syllables: 1 })),
  { text: "oh, and", syllables: 2 },
  { text: "and now", syllables: 2 },
  { text: "so now", syllables: 2 },
];

const MAX_SLOT_SYLLABLES = 3;
const pos = (slot: { pos: SlotPos }) => slot.pos;

/**
 * Fills a template so that the line has exactly `target` syllables and ends on `end`.
 * `avoid` holds words not to use again (already in the section); returns null when the template cannot fit.
 */
export function fitTemplate(template: Template, end: EndWord, target: number, vocabulary: Vocabulary, avoid: ReadonlySet<string>, rng: Rng, penalty = 0): FittedLine | null {
  if (template.endPos !== end.pos) return null;
  const slots = template.tokens.filter((token): token is Extract<Token, { kind: "slot" }> => token.kind === "slot" && !token.end);
  const fixed = template.tokens.reduce((sum, token) => sum + (token.kind === "literal" ? token.syllables : 0), 0) + end.syllables;
  const fits = (syllables: number) => (entry: VocabEntry) => !entry.endOnly && entry.syllables === syllables && entry.word !== end.word && !avoid.has(entry.word);
  const usable = (pos: SlotPos, syllables: number) => vocabulary[pos].filter(fits(syllables));
  const options = slots.map((slot) => {
    const counts: number[] = slot.optional ? [0] : [];
    for (let count = 1; count <= MAX_SLOT_SYLLABLES; count++) if (vocabulary[pos(slot)].some(fits(count))) counts.push(count);
    return counts;
  });

  // Every way to share the remaining syllables among the slots, plus an optional opener.
  const plans: { counts: number[]; fill: number; cost: number }[] = [];
  const walk = (index: number, counts: number[], sum: number) => {
    if (index === slots.length) {
      const fill = target - fixed - sum;
      if (fill >= 0 && fill <= 2) {
        // Openers are padding and read as such; three-syllable words are fine but not in every slot.
        const cost = fill * 4 + counts.filter((count) => count === 3).length + rng.next();
        plans.push({ counts: [...counts], fill, cost });
      }
      return;
    }
    for (const count of options[index]) walk(index + 1, [...counts, count], sum + count);
  };
  walk(0, [], 0);
  if (plans.length === 0) return null;
  const plan = plans.reduce((best, candidate) => (candidate.cost < best.cost ? candidate : best));

  const chosen = new Set<string>([end.word]);
  const out: string[] = [];
  if (plan.fill > 0) out.push(rng.pick(FILLS.filter((fill) => fill.syllables === plan.fill)).text);
  let slotIndex = 0;
  for (const token of template.tokens) {
    if (token.kind === "literal") {
      if (token.text === ",") out[out.length - 1] += ",";
      else out.push(token.text);
      continue;
    }
    if (token.end) { out.push(end.word); continue; }
    const count = plan.counts[slotIndex++];
    if (count === 0) continue;
    const candidates = usable(token.pos, count).filter((entry) => !chosen.has(entry.word));
    if (candidates.length === 0) return null;
    const word = rng.weighted(candidates, candidates.map((entry) => entry.weight)).word;
    chosen.add(word);
    out.push(word);
  }
  return { text: finishLine(out.join(" ")), cost: plan.cost + penalty, template };
}

/** "a" before a vowel sound becomes "an"; an opener gets its comma; the first letter is a capital. */
export function finishLine(text: string): string {
  const line = text
    .replace(/\b([Aa]) ([a-z']+)/g, (match, article: string, next: string) => (startsWithVowelSound(next) ? `${article}n ${next}` : match))
    .replace(/^(oh|yeah)( |$)/, "$1,$2")
    .replace(/,,/g, ",");
  return line.charAt(0).toUpperCase() + line.slice(1);
}
