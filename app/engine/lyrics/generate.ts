// The lyrics generator: a theme vocabulary from the prompt, a line grammar (templates.ts) filled with
// theme and everyday words to each phrase's syllable target, line ends rhymed in pairs from the CMU
// dictionary. The chorus is written once and repeated; verses move from scene to turn to resolve.
import { deriveSeed } from "../theory/hash";
import { createRng, type Rng } from "../theory/random";
import { ADJECTIVES, INTRANSITIVE_VERBS, NOUNS, PREDICATIVE_ADJECTIVES, TRANSITIVE_VERBS } from "./lexicon";
import { fitTemplate, parseTemplate, type EndWord, type FittedLine, type SlotPos, type Template, type VocabEntry, type Vocabulary } from "./lineGrammar";
import { rhymeKey } from "./rhyme";
import { wordSyllables } from "./syllables";
import { TEMPLATES, type TemplateRole } from "./templates";
import { buildTheme, type Theme, type ThemeSource, type ThemeWord } from "./theme";
import type { LyricLine, Lyrics, LyricsSection, PhrasePlan, PlannedSection } from "./types";

export interface GenerateLyricsInput {
  prompt: string;
  plan: PhrasePlan;
  seed: number;
}

/** Used when a prompt has no word the dictionaries know (e.g. "!!!" or another script). */
const FALLBACK_PROMPT = "night light city dream";

// Parsed on first use: counting the templates' syllables loads the CMU dictionary, which importing must not.
let parsed: Record<TemplateRole, Template[]> | null = null;
const templatesOf = (role: TemplateRole): Template[] => {
  parsed ??= Object.fromEntries(Object.entries(TEMPLATES).map(([name, list]) => [name, list.map(parseTemplate)])) as Record<TemplateRole, Template[]>;
  return parsed[role];
};

const SOURCE_WEIGHT: Record<ThemeSource, number> = { keyword: 8, synonym: 4, related: 3, hyponym: 2, hypernym: 2 };
const LEXICON_WEIGHT = 1;
/** Weight kept by a word an earlier verse already used, so that later verses move on. */
const REUSED_WEIGHT = 0.15;

interface Song {
  rng: Rng;
  theme: Theme;
  /** Words earlier verses used. */
  versesUsed: Set<string>;
  /** Rhyme keys already used outside the chorus. */
  keysUsed: Set<string>;
}

function slotsOf(word: ThemeWord): SlotPos[] {
  if (word.pos === "noun") return ["n"];
  if (word.pos === "adj") return ["a"];
  const slots: SlotPos[] = [];
  if (word.transitive) slots.push("vt");
  if (word.intransitive || !word.transitive) slots.push("vi");
  return slots;
}

/** Each section stage leans on different parts of the theme: the prompt's words first, then around them. */
function focus(role: TemplateRole, source: ThemeSource): number {
  if (role === "scene" || role === "chorus") return source === "keyword" || source === "synonym" ? 1.5 : 1;
  if (role === "turn") return source === "related" || source === "hyponym" ? 2 : 1;
  if (role === "resolve" || role === "bridge") return source === "hypernym" || source === "related" ? 2 : 1;
  return 1;
}

function vocabularyFor(song: Song, role: TemplateRole): Vocabulary {
  const vocabulary: Vocabulary = { n: [], a: [], vi: [], vt: [] };
  const seen = new Set<string>();
  const add = (pos: SlotPos, word: string, weight: number, endOnly = false) => {
    if (seen.has(`${pos}:${word}`)) return;
    seen.add(`${pos}:${word}`);
    const reused = role !== "chorus" && role !== "outro" && song.versesUsed.has(word) ? REUSED_WEIGHT : 1;
    vocabulary[pos].push({ word, syllables: wordSyllables(word), weight: weight * reused, endOnly });
  };
  for (const word of song.theme.words) for (const pos of slotsOf(word)) add(pos, word.word, SOURCE_WEIGHT[word.source] * focus(role, word.source));
  for (const word of NOUNS) add("n", word, LEXICON_WEIGHT);
  for (const word of ADJECTIVES) add("a", word, LEXICON_WEIGHT);
  for (const word of PREDICATIVE_ADJECTIVES) add("a", word, LEXICON_WEIGHT, true);
  for (const word of INTRANSITIVE_VERBS) add("vi", word, LEXICON_WEIGHT);
  for (const word of TRANSITIVE_VERBS) add("vt", word, LEXICON_WEIGHT);
  return vocabulary;
}

interface RhymeCandidate extends EndWord { weight: number }

function rhymeIndex(vocabulary: Vocabulary): Map<string, RhymeCandidate[]> {
  const index = new Map<string, RhymeCandidate[]>();
  for (const pos of Object.keys(vocabulary) as SlotPos[]) {
    for (const entry of vocabulary[pos]) {
      const key = rhymeKey(entry.word);
      if (!key) continue;
      const list = index.get(key) ?? [];
      list.push({ word: entry.word, pos, syllables: entry.syllables, weight: entry.weight });
      index.set(key, list);
    }
  }
  return index;
}

/** Which lines share a rhyme: AABB pairs neighbours, ABAB crosses them in blocks of four. */
export function rhymeGroupsOf(lineCount: number, scheme: "AABB" | "ABAB"): number[][] {
  const groups: number[][] = [];
  let at = 0;
  if (scheme === "ABAB") for (; at + 4 <= lineCount; at += 4) groups.push([at, at + 2], [at + 1, at + 3]);
  for (; at + 2 <= lineCount; at += 2) groups.push([at, at + 1]);
  if (at < lineCount) {
    if (groups.length) groups[groups.length - 1].push(at);
    else groups.push([at]);
  }
  return groups;
}

const distinctWords = (candidates: RhymeCandidate[]) => new Set(candidates.map((candidate) => candidate.word)).size;

/** Writes the lines of one section, each exactly on its target where the grammar allows (±1, then ±2, at worst). */
function writeSection(song: Song, role: TemplateRole, targets: number[], hook?: ThemeWord, crossRhymes = true): string[] {
  const { rng } = song;
  const vocabulary = vocabularyFor(song, role);
  const index = rhymeIndex(vocabulary);
  const templates = templatesOf(role);
  const scheme = crossRhymes && targets.length >= 4 && rng.chance(0.5) ? "ABAB" : "AABB";
  const lines: string[] = new Array(targets.length).fill("");
  const avoid = new Set<string>();
  const keysHere = new Set<string>();
  const templateUses = new Map<Template, number>();

  for (const [groupIndex, group] of rhymeGroupsOf(targets.length, scheme).entries()) {
    const keys = [...index.entries()].filter(([key, list]) => !keysHere.has(key) && distinctWords(list.filter((c) => !avoid.has(c.word))) >= group.length);
    const hookKey = groupIndex === 0 && hook ? rhymeKey(hook.word) : undefined;
    let written: string[] | null = null;
    for (let tolerance = 0; tolerance <= 2 && !written; tolerance++) {
      for (let attempt = 0; attempt < 40 && !written; attempt++) {
        const fresh = keys.filter(([key]) => !song.keysUsed.has(key));
        const pool = fresh.length ? fresh : keys;
        if (pool.length === 0) break;
        const wantHook = hookKey !== undefined && attempt < 10 && pool.some(([key]) => key === hookKey);
        const [key, list] = wantHook
          ? pool.find(([candidate]) => candidate === hookKey)!
          : rng.weighted(pool, pool.map(([, candidates]) => Math.max(...candidates.map((c) => c.weight))));
        const ends = pickEnds(rng, list.filter((c) => !avoid.has(c.word)), group.length, wantHook ? hook!.word : undefined);
        if (!ends) continue;
        // Lines of one group see each other: no end word inside a partner line, no pattern twice in a row.
        const groupAvoid = new Set([...avoid, ...ends.map((end) => end.word)]);
        const groupUses = new Map(templateUses);
        const attemptLines: FittedLine[] = [];
        for (const [i, line] of group.entries()) {
          const fitted = fitLine(rng, templates, ends[i], targets[line], tolerance, vocabulary, groupAvoid, groupUses);
          if (!fitted) break;
          attemptLines.push(fitted);
          groupUses.set(fitted.template, (groupUses.get(fitted.template) ?? 0) + 1);
        }
        if (attemptLines.length === group.length) {
          written = attemptLines.map((line) => line.text);
          for (const [template, uses] of groupUses) templateUses.set(template, uses);
          keysHere.add(key);
          if (role !== "chorus") song.keysUsed.add(key);
        }
      }
    }
    // Never seen across every style, filter and test prompt, but a job must not fail on it: a vocable line
    // ("La la la") fits any target exactly.
    if (!written) written = group.map((line) => vocableLine(targets[line]));
    group.forEach((line, i) => {
      lines[line] = written![i];
      for (const word of written![i].toLowerCase().match(/[a-z']+/g) ?? []) avoid.add(word);
    });
  }
  return lines;
}

function vocableLine(syllables: number): string {
  return `La${" la".repeat(Math.max(0, syllables - 1))}`;
}

/** Distinct end words for a rhyme group, heavier (theme) words more likely; `first` leads when given. */
function pickEnds(rng: Rng, candidates: RhymeCandidate[], count: number, first?: string): RhymeCandidate[] | null {
  const ends: RhymeCandidate[] = [];
  const lead = first ? candidates.find((candidate) => candidate.word === first) : undefined;
  if (lead) ends.push(lead);
  while (ends.length < count) {
    const left = candidates.filter((candidate) => !ends.some((end) => end.word === candidate.word));
    // "night"/"midnight" share their whole sound: an echo, not a rhyme.
    const fresh = left.filter((candidate) => !ends.some((end) => end.word.endsWith(candidate.word) || candidate.word.endsWith(end.word)));
    if (fresh.length === 0) return null;
    ends.push(rng.weighted(fresh, fresh.map((candidate) => candidate.weight)));
  }
  return ends;
}

/** The best-fitting template for this end word and target: fewest padding openers, fresh patterns, then chance. */
function fitLine(rng: Rng, templates: Template[], end: EndWord, target: number, tolerance: number, vocabulary: Vocabulary, avoid: ReadonlySet<string>, templateUses: ReadonlyMap<Template, number>): FittedLine | null {
  const aims = tolerance === 0 ? [target] : [target - tolerance, target + tolerance].filter((aim) => aim >= 3);
  for (const aim of aims) {
    let best: FittedLine | null = null;
    for (const template of templates) {
      // A pattern heard twice in a section is a motif, three times a rut.
      const line = fitTemplate(template, end, aim, vocabulary, avoid, rng, (templateUses.get(template) ?? 0) * 6);
      if (line && (!best || line.cost < best.cost)) best = line;
    }
    if (best) return best;
  }
  return null;
}

const VERSE_STAGES: TemplateRole[] = ["scene", "turn", "resolve"];

function roleOf(section: PlannedSection): TemplateRole {
  switch (section.type) {
    case "verse": return VERSE_STAGES[Math.min(section.occurrence, VERSE_STAGES.length - 1)];
    case "pre_chorus": return "pre";
    case "chorus": return "chorus";
    case "bridge": return "bridge";
    default: return "outro";
  }
}

const timed = (section: PlannedSection, texts: string[]): LyricLine[] =>
  section.phrases.map((phrase, i) => ({ value: texts[i], timing: { start: phrase.start, end: phrase.end }, syllableTarget: phrase.syllableTarget }));

/** Lyrics for the song's phrase plan, written from the prompt. Same prompt, plan and seed: same lyrics. */
export function generateLyrics({ prompt, plan, seed }: GenerateLyricsInput): Lyrics {
  let theme = buildTheme(prompt);
  if (theme.keywords.length === 0) theme = buildTheme(FALLBACK_PROMPT);
  const song: Song = { rng: createRng(deriveSeed(seed, "lyrics", prompt)), theme, versesUsed: new Set(), keysUsed: new Set() };
  // The hook is the prompt's first image (a noun) that something rhymes with: the chorus opens on it and
  // the outro returns to it. Without one, the first keyword that rhymes, else the first keyword.
  const rhymeable = rhymeIndex(vocabularyFor(song, "chorus"));
  const canRhyme = (word: ThemeWord) => distinctWords(rhymeable.get(rhymeKey(word.word) ?? "") ?? []) >= 2;
  const hook = theme.keywords.find((word) => word.pos === "noun" && canRhyme(word)) ?? theme.keywords.find(canRhyme) ?? theme.keywords[0];

  const chorus = plan.sections.filter((section) => section.type === "chorus").reduce<PlannedSection | undefined>(
    (longest, section) => (!longest || section.phrases.length > longest.phrases.length ? section : longest), undefined);
  // Shorter choruses sing the first lines of the longest; cutting an ABAB block would strand its lines.
  const chorusLengths = plan.sections.filter((section) => section.type === "chorus").map((section) => section.phrases.length);
  const crossRhymes = chorusLengths.every((length) => length % 4 === 0);
  const chorusLines = chorus ? writeSection(song, "chorus", chorus.phrases.map((phrase) => phrase.syllableTarget), hook, crossRhymes) : [];
  const written = new Map<string, string[]>();

  const sections: LyricsSection[] = plan.sections.map((section) => {
    if (section.type === "chorus") return { type: "chorus", lines: timed(section, chorusLines) };
    const targets = section.phrases.map((phrase) => phrase.syllableTarget);
    // A pre-chorus over the same phrases is sung the same way each time, like the chorus it leads into.
    const repeatKey = `${section.type}:${targets.join(",")}`;
    const again = section.type === "pre_chorus" ? written.get(repeatKey) : undefined;
    const role = roleOf(section);
    const texts = again ?? writeSection(song, role, targets, role === "outro" ? hook : undefined);
    written.set(repeatKey, texts);
    if (section.type === "verse") for (const line of texts) for (const word of line.toLowerCase().match(/[a-z']+/g) ?? []) song.versesUsed.add(word);
    return { type: section.type, lines: timed(section, texts) };
  });

  return { sections, language: "English", prompt };
}
