// The lyrics generator. A song tells its prompt's situation (situation.ts): the first verse sets the scene
// (where, who, what happened), the second says how it feels, a third verse and the bridge turn it, and the
// last chorus carries the change. The chorus opens on the hook, the prompt's own words (hook.ts), answers
// it with a rhyme and repeats it. Lines come from templates (templates.ts) whose slots take only pairs
// from the curated collocation list (lineGrammar.ts), fitted to each phrase's syllable target, line ends
// rhymed in pairs from the CMU dictionary.
import { deriveSeed } from "../theory/hash";
import { createRng, type Rng } from "../theory/random";
import { hookCandidates } from "./hook";
import { fitTemplate, finishLine, parseTemplate, type FittedLine, type LineSources, type Template } from "./lineGrammar";
import { pronunciation } from "./pronunciations";
import { rhymeKey } from "./rhyme";
import { CHANGED_FEEL, CHANGED_VERBS, MOODS, readSituation, type Mood, type Situation } from "./situation";
import { lineSyllables, words } from "./syllables";
import { OPENING_TEMPLATES, TEMPLATES, type TemplateRole } from "./templates";
import { buildTheme } from "./theme";
import type { LyricLine, Lyrics, LyricsSection, PhrasePlan, PlannedSection } from "./types";

export interface GenerateLyricsInput {
  prompt: string;
  plan: PhrasePlan;
  seed: number;
}

/** Used when a prompt has no word the dictionaries know (e.g. "!!!" or another script). */
const FALLBACK_PROMPT = "a quiet night in the city";

// Parsed on first use: counting the templates' syllables loads the CMU dictionary, which importing must not.
let parsed: { body: Record<TemplateRole, Template[]>; opening: Partial<Record<TemplateRole, Template[]>> } | null = null;
function templates() {
  parsed ??= {
    body: Object.fromEntries(Object.entries(TEMPLATES).map(([role, list]) => [role, list.map(parseTemplate)])) as Record<TemplateRole, Template[]>,
    opening: Object.fromEntries(Object.entries(OPENING_TEMPLATES).map(([role, list]) => [role, list.map(parseTemplate)])),
  };
  return parsed;
}

/** Plain states a chorus can rhyme on when the prompt's own words have no rhymes ("I'm through", "I'm fine"). */
const PLAIN_FEELINGS = ["okay", "free", "fine", "right", "high", "low", "gone", "strong", "alone", "new", "true", "through", "done", "young", "lost", "down", "awake", "afraid", "alive", "home", "sure", "here", "real", "wrong"];

/** Adjectives a prompt may use of its singer, beyond the moods' own feelings. */
const PERSON_STATES = new Set([...Object.values(MOODS).flatMap((mood) => mood.feel), ...PLAIN_FEELINGS,
  "lonely", "happy", "sad", "scared", "angry", "nervous", "hopeful", "restless", "sleepless", "brave", "old", "younger", "heartbroken", "homesick", "jealous", "shy", "crazy", "hungry"]);

/** Weight kept by a noun an earlier verse already sang, so that later verses move on. */
const REUSED_WEIGHT = 0.15;

interface Song {
  rng: Rng;
  situation: Situation;
  /** Nouns earlier verses sang. */
  versesUsed: Set<string>;
  /** Rhyme keys already used outside the chorus. */
  keysUsed: Set<string>;
  /** How often each template was used in the song: a pattern heard in every verse is a rut. */
  templateUses: Map<Template, number>;
  /** Raised while a verse that drifted from the prompt is rewritten. */
  topicBoost: number;
  /** The prompt's nouns and their neighbours. */
  topical: Set<string>;
}

const otherMoods = (mood: Mood) => (Object.keys(MOODS) as Mood[]).filter((other) => other !== mood);

function sourcesFor(song: Song, role: TemplateRole): LineSources {
  const { situation } = song;
  const verse = role === "scene" || role === "turn" || role === "resolve";
  const nouns = situation.nouns.map((noun) => {
    // The scene leans on the prompt's own images; later verses on what is around them.
    // The chorus sums up, so it stays on the prompt's images.
    const focus = noun.topical ? (verse ? 8 : role === "chorus" || role === "change" ? 3 : 1.5) : role === "chorus" || role === "change" ? 0.03 : 1;
    // The prompt's own images come back in every verse; the rest move on.
    const reused = verse && song.versesUsed.has(noun.noun) ? (noun.topical ? 0.6 : REUSED_WEIGHT) : 1;
    return { ...noun, weight: noun.weight * focus * reused * (noun.topical ? song.topicBoost ** 2 : 1) };
  });
  const changed = role === "change" || role === "resolve";
  const mood = MOODS[situation.mood];
  // Other moods' words stay reachable at a low weight so that a rare rhyme still has somewhere to land.
  // The prompt's own adjectives are how it feels ("a lonely king": "I'm so lonely"), when they stand alone.
  // Only words a person can be: "a rainy night" does not make the singer rainy.
  const promptFeel = situation.theme.keywords.filter((word) => word.pos === "adj" && PERSON_STATES.has(word.word)).map((word) => ({ word: word.word, weight: 6 }));
  const feel = [
    ...promptFeel,
    ...(changed ? CHANGED_FEEL[situation.mood].map((word) => ({ word, weight: 3 })) : []),
    ...mood.feel.map((word) => ({ word, weight: changed ? 0.5 : 3 })),
    // The chorus sums up in plain feelings, so it reaches further among them than a verse does.
    ...otherMoods(situation.mood).flatMap((other) => MOODS[other].feel.map((word) => ({ word, weight: role === "chorus" || role === "change" ? 0.5 : 0.1 }))),
    ...(role === "chorus" || role === "change" ? PLAIN_FEELINGS.map((word) => ({ word, weight: 0.5 })) : []),
  ];
  // The prompt's verbs ("learning how to cry", "praying for rain") are sung as its actions; one that wants
  // an object weighs less alone ("I just want to forgive" reads; "I just want to send" less so).
  const promptVerbs = situation.theme.keywords.filter((word) => word.pos === "verb").map((word) => ({ word: word.word, weight: word.intransitive ? 6 : 2 }));
  const verbs = [
    ...promptVerbs,
    ...(changed ? CHANGED_VERBS[situation.mood].map((word) => ({ word, weight: 3 })) : []),
    ...mood.verbs.map((word) => ({ word, weight: changed ? 0.5 : 2 })),
    ...otherMoods(situation.mood).flatMap((other) => MOODS[other].verbs.map((word) => ({ word, weight: 0.1 }))),
  ];
  const dedupe = <T extends { word: string }>(list: T[]) => list.filter((item, i) => list.findIndex((other) => other.word === item.word) === i);
  return { nouns, places: nouns.filter((noun) => noun.prep && noun.weight >= 0.3), feel: dedupe(feel), verbs: dedupe(verbs), who: situation.who, promptVerbs: situation.promptVerbs };
}

/** Every word a rhyme slot of this role can end on, with its weight, grouped by rhyme key. */
function endIndex(sources: LineSources): Map<string, Map<string, number>> {
  const index = new Map<string, Map<string, number>>();
  const add = (word: string, weight: number) => {
    const key = rhymeKey(word);
    if (!key) return;
    const words = index.get(key) ?? new Map<string, number>();
    words.set(word, Math.max(words.get(word) ?? 0, weight));
    index.set(key, words);
  };
  for (const noun of sources.nouns) {
    if (noun.noun.includes(" ")) continue;
    add(noun.noun, noun.weight);
    for (const action of noun.actions) add(action, noun.weight / 2);
  }
  for (const { word, weight } of [...sources.feel, ...sources.verbs]) add(word.slice(word.lastIndexOf(" ") + 1), weight);
  return index;
}

/** How well a rhyme key serves a group of `lines`: the product of its best words' weights. */
function groupWeight(words: Map<string, number>, lines: number): number {
  const best = [...words.values()].sort((a, b) => b - a).slice(0, lines);
  return best.length < lines ? 0 : best.reduce((product, weight) => product * weight, 1);
}

/** "night"/"midnight" share their whole sound: an echo, not a rhyme. */
const echoes = (a: string, b: string) => a === b || a.endsWith(b) || b.endsWith(a);

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

/** One line for `target` syllables on rhyme key `key`: exact if the grammar allows, else ±1, then ±2. */
function fitLine(song: Song, role: TemplateRole, opening: boolean, target: number, key: string | undefined, sources: LineSources, avoid: ReadonlySet<string>, ends: string[], sectionUses: Map<Template, number>): FittedLine | null {
  const { body, opening: openers } = templates();
  const endOk = (word: string) => !ends.some((end) => echoes(end, word));
  // An opening line says where it happens when the phrase has room; otherwise any line of the role.
  const tries: [Template[], number[]][] = opening && openers[role] ? [[openers[role]!, [0, 1]], [body[role], [0, 1, 2]]] : [[body[role], [0, 1, 2]]];
  for (const [list, tolerances] of tries) for (const tolerance of tolerances) {
    const aims = tolerance === 0 ? [target] : [target - tolerance, target + tolerance].filter((aim) => aim >= 3);
    let best: FittedLine | null = null;
    for (const aim of aims) {
      for (const template of list) {
        // A pattern heard twice in a section is a motif, three times a rut; across the song it should vary.
        const penalty = (sectionUses.get(template) ?? 0) * 6 + (song.templateUses.get(template) ?? 0) * 1.5;
        const line = fitTemplate(template, aim, key, sources, avoid, endOk, song.rng, penalty);
        // A chorus sums up: an image far from the prompt ("all I want is the ball") loses to a plain feeling.
        if (line && (role === "chorus" || role === "change") && line.nouns.length > 0 && !line.nouns.some((noun) => song.topical.has(noun))) line.cost += 5;
        if (line && (!best || line.cost < best.cost)) best = line;
      }
    }
    if (best) return best;
  }
  return null;
}

interface SectionPlan {
  role: TemplateRole;
  targets: number[];
  /** Lines already written (the hook); the rest rhyme with their group. */
  fixed?: Map<number, string>;
  /** Rhyme groups (line indexes); defaults to the section's scheme. */
  groups?: number[][];
  /** A verse opens on where it happens. */
  opens?: boolean;
}

/** Writes a section's lines: per rhyme group, a rhyme key with enough end words, then each line fitted to it. */
function writeSection(song: Song, { role, targets, fixed, groups: given, opens }: SectionPlan, crossRhymes = true): string[] {
  const { rng } = song;
  const sources = sourcesFor(song, role);
  const index = endIndex(sources);
  const groups = given ?? rhymeGroupsOf(targets.length, crossRhymes && targets.length >= 4 && rng.chance(0.5) ? "ABAB" : "AABB");
  const lines: string[] = new Array(targets.length).fill("");
  const avoid = new Set<string>();
  const keysHere = new Set<string>();
  const sectionUses = new Map<Template, number>();

  const remember = (line: number, text: string, nouns: string[]) => {
    lines[line] = text;
    for (const noun of nouns) avoid.add(noun);
  };
  // Lines already written (the hook, the chorus lines a changed chorus keeps) are not said again.
  for (const [line, text] of fixed ?? []) remember(line, text, words(text));

  for (const group of groups) {
    const open = group.filter((line) => !fixed?.has(line));
    if (open.length === 0) continue;
    const fixedEnds = group.filter((line) => fixed?.has(line)).map((line) => lastWordOf(fixed!.get(line)!));
    let written: FittedLine[] | null = null;
    const keyOptions = fixedEnds.length
      ? [rhymeKey(fixedEnds[0])]
      : [...index.entries()]
        .filter(([key, words]) => !keysHere.has(key) && [...words.keys()].filter((word) => !avoid.has(word)).length >= group.length)
        .map(([key]) => key);
    for (let attempt = 0; attempt < 24 && !written; attempt++) {
      let key: string | undefined;
      if (fixedEnds.length) key = keyOptions[0];
      else {
        const fresh = keyOptions.filter((option) => option && !song.keysUsed.has(option));
        let pool = (fresh.length ? fresh : keyOptions) as string[];
        // Keys far weaker than the best would pull in words from nowhere near the prompt.
        const strongest = Math.max(0, ...pool.map((option) => groupWeight(index.get(option)!, group.length)));
        pool = pool.filter((option) => groupWeight(index.get(option)!, group.length) >= strongest * 0.02);
        if (pool.length === 0) break;
        // Keys whose words are close to the prompt come first: every line of the group needs one.
        key = rng.weighted(pool, pool.map((option) => groupWeight(index.get(option)!, group.length)));
      }
      const ends = [...fixedEnds];
      const attemptLines: FittedLine[] = [];
      const uses = new Map(sectionUses);
      const attemptAvoid = new Set(avoid);
      for (const line of open) {
        const fitted = fitLine(song, role, Boolean(opens) && line === 0, targets[line], key, sources, attemptAvoid, ends, uses);
        if (!fitted) break;
        attemptLines.push(fitted);
        ends.push(fitted.last);
        for (const noun of fitted.nouns) attemptAvoid.add(noun);
        uses.set(fitted.template, (uses.get(fitted.template) ?? 0) + 1);
      }
      if (attemptLines.length === open.length) {
        written = attemptLines;
        for (const [template, count] of uses) sectionUses.set(template, count);
        if (key) {
          keysHere.add(key);
          if (role !== "chorus" && role !== "change") song.keysUsed.add(key);
        }
      }
    }
    // Never seen across the test prompts, but a job must not fail on it: an unrhymed line still fits.
    if (!written) {
      const ends: string[] = [];
      written = open.map((line) => {
        const fitted = fitLine(song, role, false, targets[line], undefined, sources, avoid, ends, sectionUses) ?? vocable(targets[line]);
        ends.push(fitted.last);
        for (const noun of fitted.nouns) avoid.add(noun);
        return fitted;
      });
    }
    open.forEach((line, i) => remember(line, written![i].text, written![i].nouns));
  }
  for (const [template, count] of sectionUses) song.templateUses.set(template, (song.templateUses.get(template) ?? 0) + count);
  return lines;
}

/** How many of the prompt's words or neighbours the lines name; spellings of one word ("harbour", "harbor") once. */
function topicalCount(song: Song, lines: string[]): number {
  return new Set(words(lines.join(" ")).filter((word) => song.situation.near.has(word)).map((word) => pronunciation(word) ?? word)).size;
}

/** Draws per template when a verse is refocused: phrases are drawn by weight, so one draw may miss the words. */
const FOCUS_DRAWS = 3;

/**
 * A verse that still names fewer than two of the prompt's words or neighbours after its rewrites: one line
 * at a time is written again on the same rhyme key and syllable target, from the same templates and list,
 * with phrases that bring a prompt word the verse lacks weighing far more ("I watch the pink sunset and I
 * rise" -> "I board the empty train and I rise" for "a lonely king in an empty castle"). A rewrite is kept
 * only when the verse then names more of them; the closest fit, then the cheapest, replaces its line. Up to
 * two lines change.
 */
function refocusVerse(song: Song, role: TemplateRole, targets: number[], texts: string[]): string[] {
  const { near } = song.situation;
  const { body, opening } = templates();
  const lines = [...texts];
  // The best rewrite of line `at` that names more than `before` words, at the smallest tolerance (up to
  // `most`) that has one.
  const rewrite = (at: number, before: number, most: number): { line: FittedLine; tolerance: number } | null => {
    const others = lines.filter((_, i) => i !== at);
    const sung = new Set(words(others.join(" ")));
    const sources: LineSources = { ...sourcesFor(song, role), focus: new Set([...near].filter((word) => !sung.has(word))) };
    const key = rhymeKey(lastWordOf(lines[at]));
    const ends = others.map(lastWordOf);
    const endOk = (word: string) => !ends.some((end) => echoes(end, word));
    const list = at === 0 && opening[role] ? [...opening[role]!, ...body[role]] : body[role];
    for (const tolerance of [0, 1, 2].filter((tolerance) => tolerance <= most)) {
      let best: FittedLine | null = null;
      for (const aim of tolerance === 0 ? [targets[at]] : [targets[at] - tolerance, targets[at] + tolerance].filter((aim) => aim >= 3)) {
        for (const template of list) {
          for (let draw = 0; draw < FOCUS_DRAWS; draw++) {
            const line = fitTemplate(template, aim, key, sources, sung, endOk, song.rng, (song.templateUses.get(template) ?? 0) * 1.5);
            if (!line) break;
            if (topicalCount(song, [...others, line.text]) <= before) continue;
            if (!best || line.cost < best.cost) best = line;
            break;
          }
        }
      }
      if (best) return { line: best, tolerance };
    }
    return null;
  };
  for (let change = 0; change < 2 && topicalCount(song, lines) < 2; change++) {
    const before = topicalCount(song, lines);
    let chosen: { at: number; line: FittedLine; tolerance: number } | null = null;
    for (let at = 0; at < lines.length; at++) {
      const found = rewrite(at, before, chosen?.tolerance ?? 2);
      if (found && (!chosen || found.tolerance < chosen.tolerance || (found.tolerance === chosen.tolerance && found.line.cost < chosen.line.cost))) chosen = { at, ...found };
    }
    if (!chosen) break;
    lines[chosen.at] = chosen.line.text;
    song.templateUses.set(chosen.line.template, (song.templateUses.get(chosen.line.template) ?? 0) + 1);
  }
  return lines;
}

const vocable = (syllables: number): FittedLine => ({ text: `La${" la".repeat(Math.max(0, syllables - 1))}`, cost: 100, template: parseTemplate("{V}"), last: "la", nouns: [] });
const lastWordOf = (line: string) => (line.toLowerCase().match(/[a-z']+/g) ?? [""]).pop()!;

/** The hook padded to its target with openers ("oh, ..."), or null when it does not fit within ±1. */
function hookLine(text: string, target: number, tolerance = 1): string | null {
  const syllables = lineSyllables(text);
  const pad = Math.min(2, Math.max(0, target - syllables));
  const line = pad === 2 ? `oh, oh, ${text}` : pad === 1 ? `oh, ${text}` : text;
  return Math.abs(lineSyllables(line) - target) <= tolerance ? finishLine(line) : null;
}

interface Hook {
  line: string;
  /** Something in the song rhymes with its last word: the chorus answers it; otherwise it is a refrain. */
  rhymes: boolean;
}

/**
 * The hook for a chorus whose first line has `target` syllables: the fullest telling of the prompt that
 * fits, one that something in the song rhymes with (`partners` words, the hook's own excepted) first.
 */
function chooseHook(song: Song, target: number, partners: number): Hook | null {
  const index = endIndex(sourcesFor(song, "chorus"));
  const rhymesWith = (word: string) => [...(index.get(rhymeKey(word) ?? "")?.keys() ?? [])].filter((other) => !echoes(other, word)).length;
  const candidates = hookCandidates(song.situation.prompt)
    .map((candidate) => ({ candidate, line: hookLine(candidate.text, target), rhymes: rhymesWith(candidate.last) >= partners }))
    .filter((entry) => entry.line !== null)
    .sort((a, b) => a.candidate.rank - b.candidate.rank || Number(b.rhymes) - Number(a.rhymes) || b.candidate.syllables - a.candidate.syllables);
  return candidates[0] ? { line: candidates[0].line!, rhymes: candidates[0].rhymes } : null;
}

/**
 * Where the hook goes in a chorus of `count` lines and which lines rhyme. A hook something rhymes with is
 * answered (hook + rhyme, pairs, hook again on line 5); one nothing rhymes with is a refrain that opens
 * and closes the first four lines, the lines between it rhyming in pairs.
 */
function chorusLayout(count: number, hook: Hook | null): { hookAt: number[]; groups: number[][] } {
  if (!hook) return { hookAt: [], groups: rhymeGroupsOf(count, "AABB") };
  if (hook.rhymes) return { hookAt: count >= 6 ? [0, 4] : [0], groups: rhymeGroupsOf(count, "AABB") };
  const hookAt = count >= 4 ? [0, 3] : [0];
  const rest = Array.from({ length: count }, (_, i) => i).filter((i) => !hookAt.includes(i));
  return { hookAt, groups: [...hookAt.map((i) => [i]), ...rhymeGroupsOf(rest.length, "AABB").map((group) => group.map((i) => rest[i]))] };
}

function roleOf(section: PlannedSection): TemplateRole {
  switch (section.type) {
    case "verse": return (["scene", "turn", "resolve"] as const)[Math.min(section.occurrence, 2)];
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
  let about = prompt;
  if (theme.keywords.length === 0) {
    about = FALLBACK_PROMPT;
    theme = buildTheme(about);
  }
  const song: Song = { rng: createRng(deriveSeed(seed, "lyrics", prompt)), situation: readSituation(about, theme), versesUsed: new Set(), keysUsed: new Set(), templateUses: new Map(), topicBoost: 1, topical: new Set() };
  song.topical = new Set(song.situation.nouns.filter((noun) => noun.topical).map((noun) => noun.noun));

  const choruses = plan.sections.filter((section) => section.type === "chorus");
  const longest = choruses.reduce<PlannedSection | undefined>((best, section) => (!best || section.phrases.length > best.phrases.length ? section : best), undefined);
  const chorusTargets = longest?.phrases.map((phrase) => phrase.syllableTarget) ?? [];
  const outro = plan.sections.find((section) => section.type === "outro");
  const hookTarget = chorusTargets[0] ?? outro?.phrases[0]?.syllableTarget ?? 8;
  const hook = chooseHook(song, hookTarget, chorusTargets.length >= 6 ? 2 : 1);
  const bareHook = hook?.line.replace(/^(Oh, )+/i, "").replace(/^(?!I\b)./, (first) => first.toLowerCase());

  // The chorus states the hook and repeats it; the last chorus rewrites one rhyme group without the hook
  // to say where the song has arrived.
  let chorusLines: string[] = [];
  let lastChorusLines: string[] = [];
  if (longest) {
    const { hookAt, groups } = chorusLayout(chorusTargets.length, hook);
    const fixed = new Map<number, string>();
    for (const at of hookAt) {
      // The repeat may be a syllable or two off its phrase: a hook sung again is a hook, squeezed or held.
      const line = at === 0 ? hook!.line : hookLine(bareHook!, chorusTargets[at], 2);
      if (line) fixed.set(at, line);
    }
    chorusLines = writeSection(song, { role: "chorus", targets: chorusTargets, fixed, groups });
    const changed = groups.find((group) => group.length > 1 && group.every((line) => !fixed.has(line))) ?? groups.find((group) => group.some((line) => !fixed.has(line))) ?? [];
    const keep = new Map(chorusLines.map((line, i) => [i, line] as [number, string]).filter(([i]) => !changed.includes(i)));
    lastChorusLines = changed.length && choruses.length > 1 ? writeSection(song, { role: "change", targets: chorusTargets, fixed: keep, groups }) : chorusLines;
  }
  const lastChorus = choruses[choruses.length - 1];

  const written = new Map<string, string[]>();
  const sections: LyricsSection[] = plan.sections.map((section) => {
    if (section.type === "chorus") return { type: "chorus", lines: timed(section, section === lastChorus ? lastChorusLines : chorusLines) };
    const targets = section.phrases.map((phrase) => phrase.syllableTarget);
    // A pre-chorus over the same phrases is sung the same way each time, like the chorus it leads into.
    const repeatKey = `${section.type}:${targets.join(",")}`;
    const again = section.type === "pre_chorus" ? written.get(repeatKey) : undefined;
    const role = roleOf(section);
    let texts = again;
    if (!texts && role === "outro") {
      // The outro comes back to the hook and answers it the way the song has changed.
      const hookHere = bareHook && hookLine(bareHook, targets[0]);
      const fixed = new Map<number, string>(hookHere ? [[0, hookHere]] : []);
      texts = writeSection(song, { role: targets.length > 1 && hookHere ? "change" : "outro", targets, fixed, groups: [targets.map((_, i) => i)] });
    }
    if (!texts && section.type === "verse") {
      // A verse is about the prompt when it names at least two of its words or their neighbours; a verse
      // that drifted is written again with the prompt's images weighing more, and the best one kept.
      let best: { texts: string[]; topical: number } | null = null;
      for (let attempt = 0; attempt < 4 && (!best || best.topical < 2); attempt++) {
        song.topicBoost = 1 + attempt;
        const candidate = writeSection(song, { role, targets, opens: true });
        const topical = topicalCount(song, candidate);
        if (!best || topical > best.topical) best = { texts: candidate, topical };
      }
      texts = best!.topical < 2 ? refocusVerse(song, role, targets, best!.texts) : best!.texts;
      song.topicBoost = 1;
    }
    texts ??= writeSection(song, { role, targets });
    written.set(repeatKey, texts);
    if (section.type === "verse") {
      const sung = texts.join(" ").toLowerCase();
      for (const noun of song.situation.nouns) if (sung.includes(noun.noun)) song.versesUsed.add(noun.noun);
    }
    return { type: section.type, lines: timed(section, texts) };
  });

  return { sections, language: "English", prompt };
}
